/**
 * The fediverse account in the site's archive (issue 38 item 8): its key pairs, every handle it
 * has answered to, its followers and the owner's blocks, so a site moved to a new server (at the
 * same address) is the same account to everyone who follows it. Nothing here loads Fedify.
 */
import { FEDIVERSE_BLOCK_KINDS } from '@quillpost/domain';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import {
  exportedFollowers,
  followerCount,
  isFollower,
  isKnownHandle,
  keepFollower,
  knownHandles,
  rememberHandle,
  replaceKeyPairs,
  storedKeyPairs,
} from './store/account.js';
import { blocks, keepBlock } from './store/blocks.js';

const text = z.string().min(1).max(2_000);
const address = z.url({ protocol: /^https?$/ }).max(2_000);

/** `fediverse.json`: checked whole before anything of it is written. */
export const fediverseArchiveSchema = z.object({
  keys: z
    .array(
      z.object({
        algorithm: z.enum(['RSASSA-PKCS1-v1_5', 'Ed25519']),
        privateJwk: text.max(20_000),
        publicJwk: text.max(20_000),
      }),
    )
    .max(2)
    .refine((keys) => new Set(keys.map((key) => key.algorithm)).size === keys.length, {
      message: 'Two keys of one algorithm.',
    }),
  handles: z.array(z.object({ handle: text.max(100), firstUsedAt: z.iso.datetime() })),
  followers: z.array(
    z.object({
      actorId: address,
      inbox: address,
      sharedInbox: address.nullable(),
      host: text.max(300),
      followId: text.nullable(),
      followedAt: z.iso.datetime(),
      name: z.string().max(2_000).nullable(),
      handle: z.string().max(600).nullable(),
      url: address.nullable(),
    }),
  ),
  // An archive written before blocks were kept has none.
  blocks: z
    .array(
      z.object({
        kind: z.enum(FEDIVERSE_BLOCK_KINDS),
        value: text.max(600),
        createdAt: z.iso.datetime(),
      }),
    )
    .default([]),
});
export type FediverseArchive = z.output<typeof fediverseArchiveSchema>;

export function fediverseForExport(db: Db): FediverseArchive {
  return {
    keys: storedKeyPairs(db),
    handles: knownHandles(db),
    followers: exportedFollowers(db),
    blocks: blocks(db)
      .reverse()
      .map(({ kind, value, createdAt }) => ({ kind, value, createdAt })),
  };
}

/** What restoring an archive's account would write, and what it leaves as it is. */
export interface FediverseRestorePlan {
  /** The archive's key pairs take the place of the site's. */
  keys: FediverseArchive['keys'];
  /** Why the site keeps its own keys, when it does. */
  keysKept: string | null;
  handles: FediverseArchive['handles'];
  followers: FediverseArchive['followers'];
  /** Followers the site has already. */
  followersHere: string[];
  /** Blocks the site does not have yet. */
  blocks: FediverseArchive['blocks'];
}

const samePairs = (a: FediverseArchive['keys'], b: FediverseArchive['keys']) =>
  JSON.stringify([...a].sort((x, y) => x.algorithm.localeCompare(y.algorithm))) ===
  JSON.stringify([...b].sort((x, y) => x.algorithm.localeCompare(y.algorithm)));

/**
 * A site with followers of its own keeps its keys unless the owner overwrites: those followers'
 * servers check its posts against them. A new site (no followers yet) takes the archive's.
 */
export function planFediverseRestore(
  db: Db,
  archive: FediverseArchive,
  { overwrite }: { overwrite: boolean },
): FediverseRestorePlan {
  const here = blocks(db);
  const differs = archive.keys.length > 0 && !samePairs(storedKeyPairs(db), archive.keys);
  const keysKept =
    differs && followerCount(db) > 0 && !overwrite
      ? 'The site has followers of its own, whose servers know it by its keys: it keeps them (overwriting takes the archive’s).'
      : null;
  return {
    keys: differs && !keysKept ? archive.keys : [],
    keysKept,
    handles: archive.handles.filter(({ handle }) => !isKnownHandle(db, handle)),
    followers: archive.followers.filter((follower) => !isFollower(db, follower.actorId)),
    followersHere: archive.followers
      .filter((follower) => isFollower(db, follower.actorId))
      .map((follower) => follower.actorId),
    blocks: archive.blocks.filter(
      ({ kind, value }) => !here.some((block) => block.kind === kind && block.value === value),
    ),
  };
}

/** Writes the plan, in the caller's transaction (the import's). */
export function restoreFediverse(db: Db, plan: FediverseRestorePlan, now: string): void {
  inTransaction(db, () => {
    if (plan.keys.length) replaceKeyPairs(db, plan.keys, now);
    for (const { handle, firstUsedAt } of plan.handles) rememberHandle(db, handle, firstUsedAt);
    for (const { followedAt, name, handle, url, ...follower } of plan.followers) {
      keepFollower(db, { ...follower, profile: { name, handle, url } }, followedAt);
    }
    for (const { createdAt, ...block } of plan.blocks) keepBlock(db, block, createdAt);
  });
}
