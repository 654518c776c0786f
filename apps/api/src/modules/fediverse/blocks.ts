/**
 * Blocks on the social web (issue 38 item 6, decisions 0033 and 0036): an account (its actor's
 * address or its handle), which a moderator may block, or a domain (and its subdomains), which
 * only the owner may. A block refuses the account's activities from then on, ends its follow (so
 * nothing is delivered to it) and takes back its likes, boosts and replies. Each block and each
 * one lifted is in the moderation log.
 */
import {
  FEDIVERSE_BLOCK_PERMISSIONS,
  hasPermission,
  type FediverseBlock,
  type FediverseBlockKind,
} from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { signedInUser, type SessionUser } from '../auth/index.js';
import { forgetRemoteAuthorsWhere } from '../discussions/index.js';
import { writeLog } from '../moderation/index.js';
import {
  blockById,
  blocks,
  dropBlock,
  dropBlockedAudience,
  isBlocked,
  keepBlock,
} from './store/blocks.js';

/** Whether an account is blocked, by its actor's address and, once known, its handle. */
export function isBlockedActor(db: Db, actorId: URL, handle: string | null = null): boolean {
  return isBlocked(db, { actorId: actorId.href, host: actorId.hostname, handle });
}

/** `@user@host` of an actor whose name on its server is known (the host with its port, if any). */
export function handleOf(actorId: URL, preferredUsername: unknown): string | null {
  const user = typeof preferredUsername === 'string' ? preferredUsername.trim() : '';
  return user ? `@${user}@${actorId.host}` : null;
}

/** A block as the domain's schema normalised it: what covers an account is decided there. */
export function blockAccountOrDomain(
  db: Db,
  block: { kind: FediverseBlockKind; value: string },
  now: string,
): FediverseBlock {
  return inTransaction(db, () => {
    const kept = keepBlock(db, block, now);
    dropBlockedAudience(db, block, now);
    forgetRemoteAuthorsWhere(db, (author) => {
      try {
        return isBlockedActor(db, new URL(author.id), author.handle);
      } catch {
        return false;
      }
    });
    return kept;
  });
}

function requireMayBlock(actor: SessionUser, kind: FediverseBlockKind): void {
  if (!hasPermission(actor.level, FEDIVERSE_BLOCK_PERMISSIONS[kind])) {
    throw DomainError.notPermitted();
  }
}

/**
 * What the log says a block names: a server by its name, an account only by its server (the log
 * keeps no one's name, decision 0007).
 */
function blockWords(block: FediverseBlock): string {
  if (block.kind === 'domain') return `the server ${block.value}`;
  const handle = /^@[^@]+@(.+)$/.exec(block.value);
  return `an account on ${handle ? handle[1] : new URL(block.value).host}`;
}

/** A staff member's block, logged in the same transaction. */
function blockBy(
  db: Db,
  actor: SessionUser,
  block: { kind: FediverseBlockKind; value: string },
  now: string,
): FediverseBlock {
  requireMayBlock(actor, block.kind);
  return inTransaction(db, () => {
    const kept = blockAccountOrDomain(db, block, now);
    writeLog(db, {
      actorId: actor.id,
      action: 'fediverse.block',
      summary: `Blocked ${blockWords(kept)}`,
      at: now,
    });
    return kept;
  });
}

/** Lifts a block, by whoever may make one like it, logged in the same transaction. */
function unblockBy(db: Db, actor: SessionUser, blockId: number, now: string): void {
  inTransaction(db, () => {
    const block = blockById(db, blockId);
    if (!block) throw DomainError.notFound();
    requireMayBlock(actor, block.kind);
    dropBlock(db, blockId);
    writeLog(db, {
      actorId: actor.id,
      action: 'fediverse.unblock',
      summary: `Lifted the block on ${blockWords(block)}`,
      at: now,
    });
  });
}

export function fediverseBlockRoutes(deps: { db: Db; clock: Clock }, mount: MountEndpoint): void {
  const { db, clock } = deps;

  mount('adminFediverseBlocks', (_req, res) => {
    res.json({ items: blocks(db) });
  });

  mount('adminFediverseBlockCreate', (req, res, { body }) => {
    res.status(201).json(blockBy(db, signedInUser(req), body, iso(clock.now())));
  });

  mount('adminFediverseBlockDelete', (req, res, { params }) => {
    unblockBy(db, signedInUser(req), params.blockId, iso(clock.now()));
    res.json({ success: true });
  });
}
