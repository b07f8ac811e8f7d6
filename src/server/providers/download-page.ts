import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DownloadError } from './download';

// The one download guard for pages and files a person names (a search result's page, a knowledge
// base's page or file): http(s) only, no credentials in the URL, public addresses only — checked on
// every address a name resolves to inside the connection's own lookup, so a name cannot re-resolve
// elsewhere between check and connect, and again after every redirect — within a size and time limit.

// Private, loopback, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, documentation,
// multicast and reserved ranges. One list per family: a BlockList matches IPv4 addresses against its
// IPv4-mapped IPv6 rules too.
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

/** Why the guard gave up; each domain maps it (knowledge: `knowledge:url.<reason>`). */
export type GuardReason = 'badUrl' | 'private' | 'status' | 'tooLarge' | 'network' | 'unsupported';

/** A refused or failed guarded download; a DownloadError, so a caller may treat all alike. */
export class GuardRefused extends DownloadError {
  constructor(
    readonly reason: GuardReason,
    detail: string,
  ) {
    super(detail);
  }
}

/** A lookup for http(s).request that refuses a name resolving to any non-public address. */
function publicLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address, allowLoopback));
      if (bad || list.length === 0)
        return callback(new GuardRefused('private', `private address refused: ${hostname}`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

export interface GuardOptions {
  maxBytes: number;
  /** Past maxBytes: 'cut' keeps the beginning (a page read for a passage), 'refuse' fails tooLarge (a file kept whole). */
  overflow: 'cut' | 'refuse';
  timeoutMs: number;
  signal: AbortSignal;
  maxRedirects: number;
  /** Loopback addresses pass (a site that itself runs on loopback). */
  allowLoopback?: boolean;
  /** No address rule at all (DOWNLOAD_ALLOW_PRIVATE: a site whose sources are on its own network). */
  allowPrivate?: boolean;
  /** The Accept header. */
  accept: string;
  /** Which media types are read; another is refused 'unsupported' before its body is read. */
  types?: (mediaType: string) => boolean;
}

export interface GuardedDownload {
  bytes: Buffer;
  /** The served media type, lowercased, without parameters ('' when none). */
  contentType: string;
  /** The charset the Content-Type names, if any. */
  charset: string | null;
  /** Where the bytes were found after redirects. */
  url: string;
}

/** One GET, its address checked: a literal one here (it skips DNS), a name in the connection's lookup. */
function get(target: URL, o: GuardOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!o.allowPrivate && isIP(host) && !isPublicAddress(host, o.allowLoopback))
    return Promise.reject(new GuardRefused('private', `private address refused: ${host}`));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'GET',
      headers: {
        accept: o.accept,
        'accept-encoding': 'identity',
        'user-agent': 'Mozilla/5.0 (compatible; MiaobiBot/1.0)',
      },
      lookup: o.allowPrivate ? undefined : publicLookup(o.allowLoopback ?? false),
      signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/** The body, at most maxBytes: cut there or refused, as `o.overflow` says. */
async function readBody(res: IncomingMessage, o: GuardOptions, host: string): Promise<Buffer> {
  if (o.overflow === 'refuse' && Number(res.headers['content-length'] ?? 0) > o.maxBytes) {
    res.destroy();
    throw new GuardRefused('tooLarge', `${host} sends more than ${o.maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    const room = o.maxBytes - size;
    if (chunk.byteLength > room && o.overflow === 'refuse') {
      res.destroy();
      throw new GuardRefused('tooLarge', `${host} sends more than ${o.maxBytes} bytes`);
    }
    chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
    size += Math.min(chunk.byteLength, room);
    if (size >= o.maxBytes && o.overflow === 'cut') {
      res.destroy();
      break;
    }
  }
  return Buffer.concat(chunks);
}

/** A failure that is not already the guard's, as 'network' (or the caller's own abort). */
function asRefusal(err: unknown, o: GuardOptions, what: string): GuardRefused {
  o.signal.throwIfAborted();
  if (err instanceof GuardRefused) return err;
  const cause = (err as { cause?: unknown }).cause;
  if (cause instanceof GuardRefused) return cause;
  return new GuardRefused('network', `${what}: ${(err as Error).message}`);
}

/** Downloads `address` under the guard; throws GuardRefused (or the caller's abort). */
export async function downloadGuarded(address: string, o: GuardOptions): Promise<GuardedDownload> {
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]);
  let target: URL;
  try {
    target = new URL(address);
  } catch {
    throw new GuardRefused('badUrl', 'not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new GuardRefused('badUrl', 'not http(s)');
    if (target.username || target.password) throw new GuardRefused('badUrl', 'credentials in the URL');
    let res: IncomingMessage;
    try {
      res = await get(target, o, signal);
    } catch (err) {
      throw asRefusal(err, o, `download from ${target.host} failed`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= o.maxRedirects) throw new GuardRefused('network', 'too many redirects');
      try {
        target = new URL(res.headers.location, target);
      } catch {
        throw new GuardRefused('badUrl', 'redirect to no URL');
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      res.resume();
      throw new GuardRefused('status', `${target.host} answered HTTP ${status}`);
    }
    const type = String(res.headers['content-type'] ?? '');
    const contentType = type.split(';')[0]?.trim().toLowerCase() ?? '';
    if (o.types && !o.types(contentType)) {
      res.destroy();
      throw new GuardRefused('unsupported', `not a type read here: ${contentType.slice(0, 60)}`);
    }
    let bytes: Buffer;
    try {
      bytes = await readBody(res, o, target.host);
    } catch (err) {
      throw asRefusal(err, o, `${target.host} broke off`);
    }
    const charset = /charset=["']?([\w-]+)/i.exec(type)?.[1] ?? null;
    return { bytes, contentType, charset, url: target.href };
  }
}

export interface PageOptions {
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  /** Loopback pages are allowed only while the site itself runs on loopback (a developer's machine). */
  allowLoopback: boolean;
}

export interface DownloadedPage {
  /** The page decoded to text (its declared charset, else UTF-8), still HTML or plain text. */
  body: string;
  kind: 'html' | 'text';
  /** Where the page was found after redirects. */
  url: string;
}

const pageKind = (type: string) => (type === 'text/plain' ? 'text' : /html/.test(type) || type === '' ? 'html' : null);

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Reads a web page for its text (docs/web-search.md#pages): through the guard, at most 3 redirects,
 * an HTML or plain-text type, its first `maxBytes` (the beginning is what a passage needs), decoded
 * by the charset of its header or, as many Chinese sites declare GBK, of its <meta>.
 */
export async function downloadPage(url: string, o: PageOptions): Promise<DownloadedPage> {
  const got = await downloadGuarded(url, {
    ...o,
    overflow: 'cut',
    maxRedirects: 3,
    accept: 'text/html,application/xhtml+xml,text/plain;q=0.8',
    types: (type) => pageKind(type) !== null,
  });
  const meta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(got.bytes.subarray(0, 4096).toString('latin1'))?.[1];
  return {
    body: decode(got.bytes, got.charset ?? meta ?? 'utf-8'),
    kind: pageKind(got.contentType) ?? 'html',
    url: got.url,
  };
}
