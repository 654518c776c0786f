/**
 * The one guard between this server and the rest of the internet (imports' remote images,
 * Webmention sources and endpoints): a socket's own name lookup that refuses a name when any of
 * its addresses is not reachable, so the socket connects to the very address that was checked. A
 * name that answers a public address to a check and a private one to a second lookup (DNS
 * rebinding) never reaches the private one. An address written in the URL is connected to without
 * a lookup: `refusedLiteral` checks it.
 */
import { Resolver } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './networks.js';

export interface AddressGuardOptions {
  /** The resolvers to ask (`host` or `host:port`, comma-separated); the system's when unset. */
  dnsServers?: string;
  /** The addresses that may be connected to: the public internet's, unless a test says so. */
  reachable?: (address: string) => boolean;
}

export class RefusedAddress extends Error {
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

export interface AddressGuard {
  /** For `http.request`'s `lookup`: a name's addresses, refused whole if any is not reachable. */
  lookup: LookupFunction;
  /** Whether the URL names an address (not a name) that may not be connected to. */
  refusedLiteral(url: URL): boolean;
}

export function addressGuard(options: AddressGuardOptions = {}): AddressGuard {
  const reachable = options.reachable ?? isPublicAddress;
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  const servers = options.dnsServers
    ?.split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  if (servers?.length) resolver.setServers(servers);
  return {
    lookup: (hostname, lookupOptions, callback) => {
      addressesOf(resolver, hostname).then(
        (addresses) => {
          if (addresses.length === 0 || !addresses.every(({ address }) => reachable(address))) {
            callback(new RefusedAddress(`${hostname} is not on the public internet`), '', 0);
          } else if (lookupOptions.all) callback(null, addresses);
          else callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, '', 0),
      );
    },
    refusedLiteral(url) {
      const literal = url.hostname.replace(/^\[|\]$/g, '');
      return isIP(literal) !== 0 && !reachable(literal);
    },
  };
}
