import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// The download guard's address rule: a page a search result names is fetched only from the public
// internet. Private, loopback, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
// multicast and reserved ranges are refused, checked on every address a name resolves to and on the
// address actually dialled (the lookup below is the connection's own, so a name cannot re-resolve
// elsewhere between check and connect).

// One list per family: a BlockList matches IPv4 addresses against its IPv4-mapped IPv6 rules too.
const blocked4 = new BlockList();
const blocked6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127], // :: and ::1
  ['::ffff:0:0', 96], // IPv4-mapped: would reach the v4 address
  ['64:ff9b::', 96], // NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked6.addSubnet(net, bits, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether `address` (an IP) may be fetched from; loopback only when `allowLoopback`. */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowLoopback && loopback.check(address, type)) return true;
  return !(family === 4 ? blocked4 : blocked6).check(address, type);
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDR';
}

/** A lookup for http(s).request that refuses a name resolving to any non-public address. */
export function publicLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address, allowLoopback));
      if (bad || list.length === 0)
        return callback(new PrivateAddressError(`${hostname} resolves to a non-public address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
