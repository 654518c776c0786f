/**
 * The owner's blocks on the social web (issue 38 item 6, decision 0033): an account (its actor's
 * address or its handle) or a domain (and its subdomains). A block refuses the account's
 * activities from then on, ends its follow (so nothing is delivered to it) and takes back its
 * likes, boosts and replies.
 */
import type { FediverseBlock, FediverseBlockKind } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { forgetRemoteAuthorsWhere } from '../discussions/index.js';
import { blocks, dropBlock, dropBlockedAudience, isBlocked, keepBlock } from './store/blocks.js';

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

export function fediverseBlockRoutes(deps: { db: Db; clock: Clock }, mount: MountEndpoint): void {
  const { db, clock } = deps;

  mount('adminFediverseBlocks', (_req, res) => {
    res.json({ items: blocks(db) });
  });

  mount('adminFediverseBlockCreate', (_req, res, { body }) => {
    res.status(201).json(blockAccountOrDomain(db, body, iso(clock.now())));
  });

  mount('adminFediverseBlockDelete', (_req, res, { params }) => {
    if (!dropBlock(db, params.blockId)) throw DomainError.notFound();
    res.json({ success: true });
  });
}
