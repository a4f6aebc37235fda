import { BlockList, isIPv4 } from 'node:net';
import type { Config } from '../config.js';

/** Loopback, private and link-local networks: where a reverse proxy in front of Fogata connects from. */
const LOCAL_NETWORKS = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL_NETWORKS.addSubnet(network, prefix, 'ipv6');
}

/** Whether a socket's address is loopback, private or link-local (IPv4-mapped IPv6 too). */
export function isLocalAddress(address: string): boolean {
  const ip = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
  try {
    return LOCAL_NETWORKS.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

/** What Fastify's `trustProxy` takes, from TRUST_PROXY as the configuration read it. */
export type TrustProxyOption = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A list of proxy addresses goes as it is: each hop is
 * trusted only when it comes from one of them. A number n trusts the nearest n hops, the address
 * the last proxy appended being the client's; but the nearest hop only when it connects from a
 * loopback or private address, because Fogata also listens on its own port, and a client that
 * reaches it there directly must not choose its address by writing X-Forwarded-For. (Fastify
 * itself now ignores a plain hop count for that reason.)
 */
export function trustProxyOption(value: Config['trustProxy']): TrustProxyOption {
  if (typeof value !== 'number') return value;
  return (address, hop) => hop < value && (hop > 0 || isLocalAddress(address));
}
