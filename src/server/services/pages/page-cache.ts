import { createHash } from 'node:crypto';
import { type Encoding, encodeLater, etagMatches, pickEncoding } from '../../encoding';
import type { Runtime } from '../../runtime';
import { SQUARE_CHANNEL } from '../drawing/square';
import { FILES_CHANNEL } from '../file-access';
import { WORDS_CHANNEL } from '../moderation/words';
import { CACHE_CHANNEL } from '../shop/products';
import { SETTINGS_CHANNEL } from '../site-settings';
import type { PageKind } from './cached-paths';
import { PAGES_CHANNEL } from './channel';

/**
 * Rendered public pages, kept per process with their br and gzip forms
 * (docs/page-cache.md). Any change to what they show (products, settings, the
 * square and takedowns, the word list, notices, songs) is announced on one of
 * these channels and drops every page in every process; TTL_MS is the safety
 * net for a lost notification and for what changes with the clock (notice
 * schedules, the hourly group QR address).
 */
// Files change visibility with takedowns and songs made private.
const CHANNELS = [CACHE_CHANNEL, SETTINGS_CHANNEL, SQUARE_CHANNEL, WORDS_CHANNEL, FILES_CHANNEL, PAGES_CHANNEL];
const TTL_MS = 60_000;
/** Content depends on the language cookie; the encoding is chosen per request. */
const VARY = 'Accept-Encoding, Cookie';

/** A kept page: its bytes, compressed forms and headers. */
export interface PageEntry {
  key: string;
  /** 200, or the error status of an error page (cached-paths.ts). */
  status: number;
  generation: number;
  at: number;
  etag: string;
  headers: Record<string, string>;
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Settles once both compressed forms exist (or failed: then the body goes uncompressed). */
  ready: Promise<void>;
  /** False while the compressed forms are being made. */
  compressed: boolean;
  size: number;
}
interface State {
  entries: Map<string, PageEntry>;
  /** Renders under way, by key: concurrent misses of one page wait for one render instead of each rendering it. */
  rendering: Map<string, { generation: number; done: Promise<PageEntry | null> }>;
  bytes: number;
  generation: number;
  listening: boolean;
}

// The server's bundle and the pages' bundle each carry this module: they share one cache through globalThis.
const STATES = Symbol.for('miaobi.pageCache');
const global = globalThis as { [STATES]?: WeakMap<Runtime, State> };
global[STATES] ??= new WeakMap<Runtime, State>();
const states = global[STATES];

function stateOf(rt: Runtime): State {
  const known = states.get(rt);
  if (known) return known;
  const state: State = { entries: new Map(), rendering: new Map(), bytes: 0, generation: 0, listening: false };
  states.set(rt, state);
  const drop = () => {
    state.entries.clear();
    state.bytes = 0;
    state.generation += 1;
  };
  Promise.all(CHANNELS.map((channel) => rt.database.notifier.listen(channel, drop))).then(
    () => {
      state.listening = true;
    },
    (err: Error) => rt.log.warn('page cache listen failed', { err: err.message }),
  );
  return state;
}

/** Starts following the channels now (the server's start), so pages are kept from the first requests on. */
export function watchPageChanges(rt: Runtime): void {
  stateOf(rt);
}

/** The entry for `key` of the current data version, now the most recently used, or null; a `stale` one
 * outlived TTL_MS and may be served while one render refreshes it (nothing announced a change). */
export function lookupPage(rt: Runtime, key: string): { entry: PageEntry; stale: boolean } | null {
  if (rt.env.PAGE_CACHE_MB === 0) return null;
  const state = stateOf(rt);
  const hit = state.entries.get(key);
  if (!hit || hit.generation !== state.generation) return null;
  // Most recently used last: eviction takes the oldest first.
  state.entries.delete(key);
  state.entries.set(key, hit);
  return { entry: hit, stale: Date.now() - hit.at >= TTL_MS };
}

/** What to answer a request for a kept page: the server layer writes it (src/server/page-http.ts). */
export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  /** Null for a 304. */
  body: Buffer | null;
}

/**
 * The answer to a request with these headers: a 304 when its `If-None-Match`
 * names the page (an error page is sent whole), else the body in the encoding
 * asked. Null while that encoding is still being compressed (wait for `entry.ready`).
 */
export function pageAnswer(
  entry: PageEntry,
  ifNoneMatch: string | null | undefined,
  acceptEncoding: string,
): PageAnswer | null {
  if (entry.status === 200 && etagMatches(ifNoneMatch, entry.etag)) {
    const headers: Record<string, string> = { etag: entry.etag, vary: VARY };
    const cacheControl = entry.headers['cache-control'];
    if (cacheControl) headers['cache-control'] = cacheControl;
    return { status: 304, headers, body: null };
  }
  const encoding = pickEncoding(acceptEncoding);
  const encoded = encoding ? entry.encoded[encoding] : undefined;
  if (encoding && !encoded && !entry.compressed) return null;
  const headers: Record<string, string> = { ...entry.headers, etag: entry.etag, vary: VARY };
  // An encoded body is left alone by the server's compression (src/server/http.ts).
  if (encoded && encoding) headers['content-encoding'] = encoding;
  return { status: entry.status, headers, body: encoded ?? entry.body };
}

/** pageAnswer, once the encoding asked is compressed (or failed: then the body goes uncompressed). */
export async function pageAnswerWhenReady(
  entry: PageEntry,
  ifNoneMatch: string | null | undefined,
  acceptEncoding: string,
): Promise<PageAnswer> {
  const now = pageAnswer(entry, ifNoneMatch, acceptEncoding);
  if (now) return now;
  await entry.ready;
  return pageAnswer(entry, ifNoneMatch, acceptEncoding) as PageAnswer;
}

function evict(state: State, maxBytes: number) {
  for (const [key, entry] of state.entries) {
    if (state.bytes <= maxBytes) break;
    state.entries.delete(key);
    state.bytes -= entry.size;
  }
}

function compress(state: State, entry: PageEntry, maxBytes: number): Promise<void> {
  entry.compressed = false;
  // Every request for the page waits for this after each change: encoding.ts picks levels that take milliseconds.
  return encodeLater(entry.body).then(
    ({ br, gzip }) => {
      entry.compressed = true;
      entry.encoded = { br, gzip };
      const added = br.byteLength + gzip.byteLength;
      entry.size += added;
      if (state.entries.get(entry.key) === entry) {
        state.bytes += added;
        evict(state, maxBytes);
      }
    },
    () => {
      entry.compressed = true;
    },
  );
}

/** Whether a rendered answer is the same for everyone and may be kept: the page's own status and type. */
function storable(res: Response, setsCookies: boolean, kind: PageKind): boolean {
  return (
    res.status === kind.status &&
    (res.headers.get('content-type') ?? '').includes(kind.type) &&
    !res.headers.has('set-cookie') &&
    !setsCookies &&
    !/no-store/.test(res.headers.get('cache-control') ?? '')
  );
}

/** A kept page (answer it with pageAnswer), or a render that may not be kept, as rendered. */
export type CachedPage = { entry: PageEntry } | { response: Response };

/**
 * The page for a cacheable request (see `isCacheable`): from the cache, else
 * rendered, and kept when it is the same for everyone. `key` names what the
 * page depends on beyond the URL: the language. `setsCookies` tells after the
 * render whether the page set a cookie; `kind` is what a keepable answer of
 * the page is (cached-paths.ts, pageKind).
 */
export async function cachedPage(
  rt: Runtime,
  key: string,
  render: () => Promise<Response>,
  setsCookies: () => boolean = () => false,
  kind: PageKind = { status: 200, type: 'text/html' },
): Promise<CachedPage> {
  const maxBytes = rt.env.PAGE_CACHE_MB * 1024 * 1024;
  if (maxBytes === 0) return { response: await render() };
  const state = stateOf(rt);
  const hit = lookupPage(rt, key);
  const flight = state.rendering.get(key);
  const joinable = flight && flight.generation === state.generation ? flight.done : null;
  if (hit && (!hit.stale || joinable)) return { entry: hit.entry };
  if (joinable) {
    const entry = await joinable;
    // Null: that render was not for keeping (a cookie, an error), so this request renders its own.
    return entry ? { entry } : { response: await render() };
  }
  let settle: (entry: PageEntry | null) => void = () => {};
  const done = new Promise<PageEntry | null>((resolve) => {
    settle = resolve;
  });
  state.rendering.set(key, { generation: state.generation, done });
  const keep = (res: Response) => storable(res, setsCookies(), kind);
  const rendered = renderEntry(state, key, maxBytes, render, keep).then(
    (result) => {
      settle('entry' in result ? result.entry : null);
      return result;
    },
    (err: unknown) => {
      settle(null);
      throw err;
    },
  );
  const forget = () => {
    if (state.rendering.get(key)?.done === done) state.rendering.delete(key);
  };
  rendered.then(forget, forget);
  if (hit) {
    // Past its TTL with no change announced: this request still gets the kept page; the render refreshes it.
    rendered.catch((err: Error) => rt.log.warn('page refresh failed', { key, err: err.message }));
    return { entry: hit.entry };
  }
  return rendered;
}

/** Renders a page and keeps it when it is the same for everyone; else hands back the response as rendered. */
async function renderEntry(
  state: State,
  key: string,
  maxBytes: number,
  render: () => Promise<Response>,
  keep: (res: Response) => boolean,
): Promise<{ entry: PageEntry } | { response: Response }> {
  const generation = state.generation;
  const res = await render();
  if (!keep(res)) return { response: res };
  const body = Buffer.from(await res.arrayBuffer());
  const headers = Object.fromEntries(res.headers);
  for (const name of ['content-length', 'etag', 'vary', 'content-encoding']) delete headers[name];
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const entry: PageEntry = {
    key,
    status: res.status,
    generation,
    at: Date.now(),
    etag,
    headers,
    body,
    encoded: {},
    ready: Promise.resolve(),
    compressed: true,
    size: body.byteLength + key.length,
  };
  // Kept only when no change was announced while it rendered, and only once this process listens.
  if (state.listening && state.generation === generation) {
    const old = state.entries.get(key);
    if (old) state.bytes -= old.size;
    state.entries.delete(key);
    state.entries.set(key, entry);
    state.bytes += entry.size;
    entry.ready = compress(state, entry, maxBytes);
    evict(state, maxBytes);
  }
  return { entry };
}
