import { isIPv6 } from 'node:net';

/** The first `groups` 16-bit groups of an IPv6 address, written out in full (`::` expanded). */
const ipv6Prefix = (address: string, groups: number): string => {
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const full = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return full
    .slice(0, groups)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
};

/** An IPv4 address mapped into IPv6 (`::ffff:1.2.3.4`, as dual-stack sockets report it) as plain IPv4. */
const unmapped = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/**
 * The key one client's requests are counted under: an IPv4 address as it is, an IPv6 address by its
 * /64, since one subscriber is given a whole /64 and can pick any address in it for each request.
 */
export const clientKey = (ip: string): string => {
  const address = unmapped(ip);
  return isIPv6(address) ? `${ipv6Prefix(address, 4)}::/64` : address;
};

/**
 * The key of the client's network, for limits wider than one client: IPv4 by its /24, IPv6 by its
 * /64 (the same as `clientKey`: a /48 often holds many unrelated subscribers).
 */
export const networkKey = (ip: string): string => {
  const address = unmapped(ip);
  if (isIPv6(address)) return `${ipv6Prefix(address, 4)}::/64`;
  const octets = address.split('.');
  return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : address;
};
