import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { DownloadError } from './download';
import { isPublicAddress, PrivateAddressError, publicLookup } from './public-address';

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

const MAX_REDIRECTS = 3;

function charsetOf(type: string, head: Buffer): string {
  const declared = /charset=["']?([\w-]+)/i.exec(type)?.[1];
  if (declared) return declared;
  // Many Chinese sites name their GBK encoding only in a meta tag.
  return /<meta[^>]+charset=["']?([\w-]+)/i.exec(head.subarray(0, 4096).toString('latin1'))?.[1] ?? 'utf-8';
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** One GET over node:http(s), whose lookup refuses non-public addresses. */
function get(target: URL, o: PageOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL is dialled without a lookup: it is checked here instead.
  if (isIP(host) && !isPublicAddress(host, o.allowLoopback))
    return Promise.reject(new PrivateAddressError(`${host} is not a public address`));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(target, {
      method: 'GET',
      headers: {
        accept: 'text/html,application/xhtml+xml,text/plain;q=0.8',
        'accept-encoding': 'identity',
        'user-agent': 'Mozilla/5.0 (compatible; MiaobiBot/1.0)',
      },
      lookup: publicLookup(o.allowLoopback),
      signal,
    });
    req.once('response', resolve);
    req.once('error', reject);
    req.end();
  });
}

/**
 * Downloads a web page for its text (docs/web-search.md#pages): public addresses only, at most
 * MAX_REDIRECTS redirects (each checked again), an HTML or plain-text type, its first `maxBytes`
 * read within `timeoutMs`. Throws DownloadError (or the caller's abort).
 */
export async function downloadPage(url: string, o: PageOptions): Promise<DownloadedPage> {
  const signal = AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)]);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new DownloadError('not a URL');
  }
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new DownloadError('no http(s) page URL');
    let res: IncomingMessage;
    try {
      res = await get(target, o, signal);
    } catch (err) {
      o.signal.throwIfAborted();
      if (err instanceof PrivateAddressError) throw new DownloadError(`private address refused: ${err.message}`);
      throw new DownloadError(`page download from ${target.host} failed: ${(err as Error).message}`);
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new DownloadError('too many redirects');
      target = new URL(res.headers.location, target);
      continue;
    }
    const type = String(res.headers['content-type'] ?? '');
    if (status < 200 || status >= 300) {
      res.resume();
      throw new DownloadError(`page ${target.host} answered HTTP ${status}`);
    }
    const kind = /text\/plain/i.test(type) ? 'text' : /html/i.test(type) || type === '' ? 'html' : null;
    if (!kind) {
      res.destroy();
      throw new DownloadError(`not a web page: ${type.slice(0, 60)}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        // Past the cap the rest is dropped: the page's beginning is what a passage needs.
        const room = o.maxBytes - size;
        chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.byteLength, room);
        if (size >= o.maxBytes) {
          res.destroy();
          break;
        }
      }
    } catch (err) {
      o.signal.throwIfAborted();
      throw new DownloadError(`page ${target.host} broke off: ${(err as Error).message}`);
    }
    const bytes = Buffer.concat(chunks);
    return { body: decode(bytes, charsetOf(type, bytes)), kind, url: target.href };
  }
}
