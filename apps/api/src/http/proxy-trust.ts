import type { RequestHandler } from 'express';
import type { Env } from '../env.js';
import type { Logger } from '../logger.js';
import { isPrivateAddress, plainAddress } from '../security/networks.js';

/**
 * TRUST_PROXY decides whose X-Forwarded-For is believed, and so which address every rate limit
 * counts. Wrong one way, all readers share the proxy's address (and its limits); wrong the other,
 * any client picks its own. These checks say so in the log, once, instead of failing silently.
 */

/** What to tell the owner about a request whose forwarding header TRUST_PROXY ignored. */
export function untrustedForwardAdvice(peer: string, setting: Env['TRUST_PROXY']): string {
  const current = `TRUST_PROXY=${String(setting)}`;
  if (isPrivateAddress(peer)) {
    return `Requests arrive from ${plainAddress(peer)} (a private network: a proxy or container network) with X-Forwarded-For, which ${current} does not believe, so every reader shares that address and its rate limits. Set TRUST_PROXY=loopback, uniquelocal (or that proxy's address); see README, "TRUST_PROXY".`;
  }
  return `A request from ${plainAddress(peer)} carried X-Forwarded-For, which ${current} does not believe. If a CDN or proxy at that address forwards your readers, set TRUST_PROXY to its address ranges or hop count (see README, "TRUST_PROXY"); if not, a client claimed an address and was rightly ignored.`;
}

/** At start: a setting that is wrong whatever the traffic. */
export function checkTrustProxySetting(setting: Env['TRUST_PROXY'], logger: Logger): void {
  if (setting === true) {
    logger.warn(
      'TRUST_PROXY=true believes X-Forwarded-For from anyone: a client that reaches this port directly can claim any address and escape its rate limits. Name the proxy instead (loopback, a subnet, or a hop count).',
    );
  }
}

/**
 * Watches the first requests: a forwarding header from a peer the setting does not trust means
 * the setting probably misses a proxy. Says so once per kind of peer (private, public).
 */
export function proxyTrustAdvisor(setting: Env['TRUST_PROXY'], logger: Logger): RequestHandler {
  const told = new Set<'private' | 'public'>();
  return (req, _res, next) => {
    if (told.size < 2 && req.headers['x-forwarded-for'] !== undefined) {
      const peer = req.socket.remoteAddress;
      const trusts = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
      if (peer && !trusts(peer, 0)) {
        const kind = isPrivateAddress(peer) ? 'private' : 'public';
        if (!told.has(kind)) {
          told.add(kind);
          logger.warn({ peer }, untrustedForwardAdvice(peer, setting));
        }
      }
    }
    next();
  };
}
