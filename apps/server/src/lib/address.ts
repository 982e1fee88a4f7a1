import { isIPv4, isIPv6 } from 'node:net';

/** The 16-bit groups of an IPv6 address, `::` expanded (an IPv4 tail counts as two groups). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string): string[] =>
    part === '' ? [] : part.split(':').flatMap((group) => (isIPv4(group) ? ['0', '0'] : [group]));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  return [...before, ...Array.from({ length: 8 - before.length - after.length }, () => '0'), ...after];
}

/**
 * Whom an address stands for when counting: an IPv4 address itself, an IPv6 address its /64 (one
 * household or phone gets a whole /64, so its addresses are one), an IPv4-mapped IPv6 its IPv4.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(ip)?.[1];
  if (mapped !== undefined) return mapped;
  if (!isIPv6(ip)) return ip;
  const prefix = ipv6Groups(ip.split('%')[0] ?? ip)
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/u, ''));
  return `${prefix.join(':')}::/64`;
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting: a number of hops (the nearest `hops` proxies
 * are believed, so the client is the next address back in X-Forwarded-For), the proxies'
 * addresses, or none (the connection's peer is the visitor).
 */
export function trustProxyOption(
  setting: number | string[] | false,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** A URL this machine reaches a listener on `host` by: a wildcard host is reached on the loopback. */
export function localUrl(host: string, port: number): string {
  const near = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  return `http://${near.includes(':') ? `[${near}]` : near}:${String(port)}`;
}
