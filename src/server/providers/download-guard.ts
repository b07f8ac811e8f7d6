import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Fetches a page a person names (a knowledge base's web page): only http(s), never a private,
 * loopback, link-local or otherwise internal address — checked on the address the connection is
 * really made to (the DNS answer, after every redirect), so a name that resolves inward or a
 * redirect to one is refused — within a size and time limit. `allowPrivate` lifts the address
 * check for a site whose sources are on its own network (DOWNLOAD_ALLOW_PRIVATE; tests).
 */

export class GuardRefused extends Error {
  constructor(readonly reason: 'badUrl' | 'private' | 'status' | 'tooLarge' | 'network') {
    super(reason);
  }
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an address is one a page fetch must not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** DNS lookup that refuses internal answers: the check sits where the socket gets its address. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as { address: string; family: number }[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) return callback(new GuardRefused('private'), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    const first = list[0] as { address: string; family: number };
    callback(null, first.address, first.family);
  });
};

export interface GuardedPage {
  bytes: Buffer;
  /** The Content-Type the server sent (lowercased, without parameters); the caller still reads the bytes. */
  contentType: string;
  /** The address after redirects. */
  url: string;
}

export interface GuardOptions {
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  allowPrivate?: boolean;
  maxRedirects?: number;
}

function once(url: URL, o: GuardOptions, signal: AbortSignal) {
  return new Promise<{ status: number; location?: string; type: string; bytes: Buffer }>((resolve, reject) => {
    const get = url.protocol === 'https:' ? https.get : http.get;
    const req = get(
      url,
      {
        lookup: o.allowPrivate ? undefined : guardedLookup,
        signal,
        headers: { 'user-agent': 'Miaobi knowledge-base fetcher', accept: 'text/html,application/pdf,text/*;q=0.9' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location, type, bytes: Buffer.alloc(0) });
        }
        if (Number(res.headers['content-length'] ?? 0) > o.maxBytes) {
          res.destroy();
          return reject(new GuardRefused('tooLarge'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > o.maxBytes) {
            res.destroy();
            reject(new GuardRefused('tooLarge'));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, type, bytes: Buffer.concat(chunks) }));
        res.on('error', (err) => reject(err));
      },
    );
    req.on('error', (err) => reject(err));
  });
}

/** Fetches `address` under the guard; throws GuardRefused (or the caller's abort). */
export async function fetchGuarded(address: string, o: GuardOptions): Promise<GuardedPage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new GuardRefused('badUrl');
  }
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]);
  for (let hop = 0; hop <= (o.maxRedirects ?? 5); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardRefused('badUrl');
    if (url.username || url.password) throw new GuardRefused('badUrl');
    // A literal address skips DNS, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!o.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) throw new GuardRefused('private');
    let answer: Awaited<ReturnType<typeof once>>;
    try {
      answer = await once(url, o, signal);
    } catch (err) {
      o.signal.throwIfAborted();
      if (err instanceof GuardRefused) throw err;
      if ((err as { cause?: unknown }).cause instanceof GuardRefused) throw (err as { cause: GuardRefused }).cause;
      throw new GuardRefused('network');
    }
    if (answer.location !== undefined) {
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new GuardRefused('badUrl');
      }
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new GuardRefused('status');
    return { bytes: answer.bytes, contentType: answer.type, url: url.href };
  }
  throw new GuardRefused('network');
}
