/**
 * A remote image of an imported post, fetched into the content folder when it can be. Only from
 * the public internet: an address on a private, loopback, link-local or metadata network (or a
 * redirect to one) is not fetched, so an export cannot make the server read its own neighbours;
 * the body is read up to the limit and no further.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '../../security/networks.js';

const LIMIT_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true }).catch(() => []);
  return addresses.length > 0 && addresses.every(({ address }) => isPublicAddress(address));
}

/** `privateNetworks`: also fetch from this machine's networks (the tests' loopback server). */
export function remoteImageFetcher(options: { privateNetworks?: boolean } = {}) {
  return async function fetchRemoteImage(url: string): Promise<Buffer | null> {
    try {
      let target = new URL(url);
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
        if (!options.privateNetworks && !(await isPublicHost(target.hostname))) return null;
        const res = await fetch(target, {
          signal: AbortSignal.timeout(10_000),
          redirect: 'manual',
        });
        const location = res.headers.get('location');
        if (res.status >= 300 && res.status < 400 && location) {
          target = new URL(location, target);
          continue;
        }
        if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return null;
        if (Number(res.headers.get('content-length') ?? 0) > LIMIT_BYTES || !res.body) return null;
        const chunks: Buffer[] = [];
        let size = 0;
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return Buffer.concat(chunks);
          size += value.length;
          if (size > LIMIT_BYTES) {
            await reader.cancel();
            return null;
          }
          chunks.push(Buffer.from(value));
        }
      }
      return null;
    } catch {
      return null;
    }
  };
}

/** The fetcher the CLI and the console use: the public internet only. */
export const fetchRemoteImage = remoteImageFetcher();
