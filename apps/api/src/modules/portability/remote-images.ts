/**
 * A remote image of an imported post, fetched into the content folder when it can be. Only from
 * the public internet: an address on a private, loopback, link-local or metadata network (or a
 * redirect to one) is not fetched, so an export cannot make the server read its own neighbours.
 * The name is resolved once per connection, by the guard, and the socket connects to the address
 * the guard checked: a name that answers a public address to the check and a private one to a
 * second lookup (DNS rebinding) never reaches the private one. The body is read up to the limit
 * and no further.
 */
import { Resolver } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from '../../security/networks.js';

const LIMIT_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

export interface RemoteImageOptions {
  /** The resolvers to ask (`host` or `host:port`, comma-separated); the system's when unset. */
  dnsServers?: string;
  /** The addresses that may be connected to: the public internet's, unless a test says so. */
  reachable?: (address: string) => boolean;
}

class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

/** Every address the name has, A and AAAA; none when it has none. */
async function addressesOf(resolver: Resolver, hostname: string) {
  const [v4, v6] = await Promise.allSettled([
    resolver.resolve4(hostname),
    resolver.resolve6(hostname),
  ]);
  return [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ];
}

/**
 * The socket's own lookup: the name's addresses, refused whole when any of them is not
 * reachable (a name that also answers a private address is not trusted with the public one).
 */
function guardedLookup(
  resolver: Resolver,
  reachable: (address: string) => boolean,
): LookupFunction {
  return (hostname, options, callback) => {
    addressesOf(resolver, hostname).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every(({ address }) => reachable(address))) {
          callback(new RefusedAddress(`${hostname} is not on the public internet`), '', 0);
        } else if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

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
  const reachable = options.reachable ?? isPublicAddress;
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  const servers = options.dnsServers
    ?.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  const lookup = guardedLookup(resolver, reachable);

  return async function fetchRemoteImage(url: string): Promise<Buffer | null> {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    try {
      let target = new URL(url);
      for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
        if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
        // An address in the URL is connected to without a lookup: it is checked here.
        const literal = target.hostname.replace(/^\[|\]$/g, '');
        if (isIP(literal) && !reachable(literal)) return null;
        const res = await get(target, lookup, signal);
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
