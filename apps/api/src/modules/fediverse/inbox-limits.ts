/**
 * Inbox POSTs are limited per client address and per signing server before Fedify verifies
 * anything: checking a signature means fetching the signer's key, so a flood of made-up
 * activities would otherwise make the site fetch for every one of them.
 */
import type { Request, RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { clientKey, RateLimiter } from '../../http/rate-limit.js';

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

/** The host of the key that says it signed the request (draft-cavage or RFC 9421), unverified. */
function claimedSigner(req: Request): string | null {
  const header = `${req.headers.signature ?? ''} ${req.headers['signature-input'] ?? ''}`;
  const keyId = /keyid="([^"]+)"/i.exec(header)?.[1];
  if (!keyId) return null;
  try {
    return new URL(keyId).host;
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
      const signer = claimedSigner(req);
      if (signer) perServer.consume(signer);
    } catch (refused) {
      return next(refused);
    }
    next();
  };
}
