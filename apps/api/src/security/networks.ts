/**
 * Which networks an address belongs to: the private ones a proxy or container sits on (the
 * proxy-trust advice), and everything that is not the public internet (what an import may never
 * fetch from).
 */
import { BlockList, isIPv4 } from 'node:net';

const PRIVATE_V4 = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const;
const PRIVATE_V6 = [
  ['fc00::', 7],
  ['fe80::', 10],
] as const;

const PRIVATE = new BlockList();
for (const [network, prefix] of PRIVATE_V4) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of PRIVATE_V6) PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Private networks plus this machine, "this network", reserved, benchmark and multicast. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ...PRIVATE_V4,
  ['0.0.0.0', 8],
  ['127.0.0.0', 8],
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [...PRIVATE_V6, ['::', 127], ['ff00::', 8]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** '::ffff:10.0.0.1' is how an IPv4 peer of a dual-stack socket appears. */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

const family = (address: string) => (isIPv4(address) ? 'ipv4' : 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const plain = plainAddress(address);
  return PRIVATE.check(plain, family(plain));
}

export function isPublicAddress(address: string): boolean {
  const plain = plainAddress(address);
  return !NOT_PUBLIC.check(plain, family(plain));
}
