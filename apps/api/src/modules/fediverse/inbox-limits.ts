/**
 * Inbox POSTs are limited per client address and per signing server before Fedify verifies
 * anything: checking a signature means fetching the signer's key, so a flood of made-up
 * activities would otherwise make the site fetch for every one of them. A signer the owner
 * blocked (its account, or its server) is refused here too, with 403, before any of that.
 */
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { DomainError } from '../../domain-error.js';
import { clientKey, RateLimiter } from '../../http/rate-limit.js';
import { isBlockedActor } from './blocks.js';

/** The inboxes: the actor's and the shared one. */
const INBOX_PATHS = /^\/ap\/(?:inbox|users\/[^/]+\/inbox)$/;

interface Limit {
  max: number;
  windowMs: number;
}

/** Activities each client address, and each signing server, may post per window. */
export interface InboxLimits {
  perClient: Limit;
  perServer: Limit;
}

/** A Mastodon server behind a busy relay delivers a few a second; ten a second is ample. */
const TEN_A_SECOND: Limit = { max: 3_000, windowMs: 5 * 60_000 };
export const INBOX_LIMITS: InboxLimits = { perClient: TEN_A_SECOND, perServer: TEN_A_SECOND };

/**
 * The key that says it signed the request (draft-cavage or RFC 9421), unverified. Its address
 * without the fragment is its actor's, as Mastodon and Fedify name keys (`…/users/juno#main-key`).
 */
function claimedKey(req: Request): URL | null {
  const header = `${req.headers.signature ?? ''} ${req.headers['signature-input'] ?? ''}`;
  const keyId = /keyid="([^"]+)"/i.exec(header)?.[1];
  if (!keyId) return null;
  try {
    const key = new URL(keyId);
    key.hash = '';
    return key;
  } catch {
    return null;
  }
}

export function inboxLimits(
  deps: { db: Db; clock: Clock },
  limits: InboxLimits = INBOX_LIMITS,
): RequestHandler {
  const perClient = new RateLimiter({
    ...deps,
    ...limits.perClient,
    name: 'fediverse-inbox-client',
  });
  const perServer = new RateLimiter({
    ...deps,
    ...limits.perServer,
    name: 'fediverse-inbox-server',
  });
  return (req, _res, next) => {
    if (req.method !== 'POST' || !INBOX_PATHS.test(req.path)) return next();
    try {
      perClient.consume(clientKey(req.ip));
      const signer = claimedKey(req);
      if (signer) perServer.consume(signer.host);
      if (signer && isBlockedActor(deps.db, signer)) throw DomainError.notPermitted();
    } catch (refused) {
      return next(refused);
    }
    next();
  };
}
