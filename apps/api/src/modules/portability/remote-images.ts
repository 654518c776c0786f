/**
 * A remote image of an imported post, fetched into the content folder when it can be. Only from
 * the public internet: an address on a private, loopback, link-local or metadata network (or a
 * redirect to one) is not fetched, so an export cannot make the server read its own neighbours.
 * Each connection goes through the site's one address guard (security/guarded-lookup.ts). The
 * body is read up to the limit and no further.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressGuard, type AddressGuardOptions } from '../../security/guarded-lookup.js';

const LIMIT_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

export type RemoteImageOptions = AddressGuardOptions;

/** One GET, connected through the guard; the answer's head, its body not read yet. */
function get(url: URL, lookup: LookupFunction, signal: AbortSignal) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    // No agent: no pooled socket outlives the request, each connection is looked up afresh.
    const req = client.get(url, { lookup, signal, agent: false }, resolve);
    req.on('error', reject);
  });
}

async function bodyOf(res: http.IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMIT_BYTES) {
      res.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function remoteImageFetcher(options: RemoteImageOptions = {}) {
  const guard = addressGuard(options);

  return async function fetchRemoteImage(url: string): Promise<Buffer | null> {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    try {
      let target = new URL(url);
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
        if (guard.refusedLiteral(target)) return null;
        const res = await get(target, guard.lookup, signal);
        const location = res.headers.location;
        if (res.statusCode! >= 300 && res.statusCode! < 400 && location) {
          res.destroy();
          target = new URL(location, target);
          continue;
        }
        if (
          res.statusCode !== 200 ||
          !(res.headers['content-type'] ?? '').startsWith('image/') ||
          Number(res.headers['content-length'] ?? 0) > LIMIT_BYTES
        ) {
          res.destroy();
          return null;
        }
        return await bodyOf(res);
      }
      return null;
    } catch {
      return null;
    }
  };
}

/** The fetcher the CLI and the console use: the public internet only. */
export const fetchRemoteImage = remoteImageFetcher();
