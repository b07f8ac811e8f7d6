// Load on loopback with autocannon, bounded in time, in interleaved rounds:
// each round hammers the bare Astro project's static page (the floor) and
// then every route of the site (bench/routes.ts: read from src/pages, so none
// is left out) and the picture list API, with a browser's accept-encoding.
// Every page is measured twice: as visitors get it (from the page cache) and
// with the cache bypassed (a cookie other than `lang`, as a console session or
// any site cookie sends), so each request renders. Budgets are same-run ratios
// to the floor (bench/floor.ts).
import autocannon from 'autocannon';
import { BARE_STATIC } from './bare';
import {
  judgeLoad,
  judgeUncachedLoad,
  MAX_P99_MS,
  MIN_RPS_RATIO,
  MIN_UNCACHED_RPS_RATIO,
  median,
  spread,
} from './floor';
import { type BenchPage, fillPath, type Seeded, sitePages } from './routes';
import type { Row } from './table';

const CONNECTIONS = 50;
/** What Chromium sends: the server may pick brotli, as it would for a visitor. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';
/** Any cookie but `lang` bypasses the page cache (docs/page-cache.md): every request renders. */
export const BYPASS_COOKIE = 'bench=1';

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  /** What the address answers a visitor (bench/routes.ts); any other answer counts as an error. */
  status: number;
  /** Sent with BYPASS_COOKIE: rendered for each request, never from the page cache. */
  uncached?: boolean;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

/** Answers other than `status`, errors and time-outs of an autocannon run. */
export function wrongAnswers(result: autocannon.Result, status: number): number {
  const counts = Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0] as const);
  const other = counts.reduce((n, [code, count]) => (code === String(status) ? n : n + count), 0);
  return other + result.errors + result.timeouts;
}

async function hammer(
  url: string,
  t: Pick<Target, 'method' | 'body' | 'status' | 'uncached'>,
  seconds: number,
): Promise<Measured> {
  const headers: Record<string, string> = { 'accept-encoding': BROWSER_ENCODING, accept: 'text/html,*/*' };
  if (t.body) headers['content-type'] = 'application/json';
  if (t.uncached) headers.cookie = BYPASS_COOKIE;
  const result = await autocannon({
    url,
    method: t.method,
    body: t.body,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: wrongAnswers(result, t.status),
  };
}

/** A target answering another status than its own (bench/routes.ts) is not measured: its row fails. */
async function available(base: string, t: Target): Promise<{ ok: boolean; note: string }> {
  const headers: Record<string, string> = t.body ? { 'content-type': 'application/json' } : {};
  if (t.uncached) headers.cookie = BYPASS_COOKIE;
  const res = await fetch(base + t.path, { method: t.method, body: t.body, headers, redirect: 'manual' });
  const text = await res.text();
  if (res.status !== t.status) return { ok: false, note: `answers ${res.status}, not ${t.status}` };
  if (t.method === 'GET') {
    const kind = (res.headers.get('content-type') ?? '').split(';')[0] || 'no body';
    return { ok: true, note: `${t.status} ${kind} ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB` };
  }
  const total = (JSON.parse(text) as { data?: { total?: number } }).data?.total ?? 0;
  return { ok: true, note: total >= 30 ? '' : `only ${total} pictures` };
}

/** The first public picture, for /square/{id}. */
export async function firstPicture(base: string): Promise<string | null> {
  const res = await fetch(`${base}/api/sd/list/picture`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 1 }),
  });
  const body = (await res.json()) as { data?: { records?: Array<{ id?: string }> } };
  return body.data?.records?.[0]?.id ?? null;
}

export interface LoadOptions {
  rounds?: number;
  seconds?: number;
  /** The pages to measure: every route of the tree (bench/routes.ts) unless given. */
  pages?: readonly BenchPage[];
  /** The seeded share for /share/{id} (seedShare); a page whose data is missing is a failed row. */
  share?: string | null;
  /** Before each row's name: which server this is (the database it runs on), when not the default. */
  label?: string;
}

/** seeded: '' when the 30 pictures are in place, else why not (shown beside the rows). */
export async function measureLoad(
  base: string,
  bareBase: string,
  seeded: string,
  opts: LoadOptions = {},
): Promise<Row[]> {
  const rounds = opts.rounds ?? 3;
  const seconds = opts.seconds ?? 5;
  const named = (name: string) => `load ${opts.label ? `${opts.label} ` : ''}${name}`;
  const ids: Seeded = { picture: await firstPicture(base), share: opts.share ?? null };
  const rows: Row[] = [];
  const targets: Target[] = [];
  for (const page of opts.pages ?? (await sitePages())) {
    const path = fillPath(page, ids);
    if (path) {
      targets.push({ name: page.path, path, method: 'GET', status: page.status });
      targets.push({ name: `${page.path} (uncached)`, path, method: 'GET', status: page.status, uncached: true });
    } else
      rows.push({
        name: named(page.path),
        value: 'not measured',
        budget: '',
        ok: false,
        note: 'its data was not seeded',
      });
  }
  targets.push({
    name: 'POST /api/sd/list/picture',
    path: '/api/sd/list/picture',
    method: 'POST',
    body: JSON.stringify({ pageNum: 1, pageSize: 30 }),
    status: 200,
  });
  const live: Array<{ t: Target; note: string; runs: Measured[] }> = [];
  for (const t of targets) {
    const state = await available(base, t);
    if (state.ok) live.push({ t, note: state.note, runs: [] });
    else rows.push({ name: named(t.name), value: 'not measured', budget: '', ok: false, note: state.note });
  }
  const floor: Measured[] = [];
  const bareUrl = bareBase + BARE_STATIC;
  await hammer(bareUrl, { method: 'GET', status: 200 }, 2); // warm-up: JIT and connection pools
  for (const l of live) await hammer(base + l.t.path, l.t, 1);
  for (let round = 0; round < rounds; round++) {
    process.stderr.write(`load round ${round + 1}/${rounds}\n`);
    floor.push(await hammer(bareUrl, { method: 'GET', status: 200 }, seconds));
    for (const l of live) l.runs.push(await hammer(base + l.t.path, l.t, seconds));
  }
  const sum = (runs: Measured[]) => ({
    rps: median(runs.map((r) => r.rps)),
    p50Ms: median(runs.map((r) => r.p50)),
    p99Ms: median(runs.map((r) => r.p99)),
    bad: runs.reduce((n, r) => n + r.bad, 0),
    spread: `req/s ${spread(runs.map((r) => r.rps))}, p99 ${spread(runs.map((r) => r.p99))} ms`,
  });
  const bare = sum(floor);
  const reference = `bare ${bare.rps.toFixed(0)} req/s, p99 ${bare.p99Ms} ms`;
  rows.unshift({
    name: named('bare Astro / (floor)'),
    value: `${bare.rps.toFixed(0)} req/s`,
    budget: '',
    ok: bare.bad === 0 ? null : false,
    note: `p50 ${bare.p50Ms} ms, p99 ${bare.p99Ms} ms, ${CONNECTIONS} conns, ${rounds} rounds of ${seconds} s: ${bare.spread}`,
  });
  for (const l of live) {
    const m = sum(l.runs);
    const verdict = l.t.uncached ? judgeUncachedLoad(m, bare) : judgeLoad(m, bare);
    rows.push({
      name: named(l.t.name),
      value: `${m.rps.toFixed(0)} req/s (${verdict.ratio.toFixed(2)}×), p99 ${m.p99Ms} ms`,
      budget: l.t.uncached ? `≥ ${MIN_UNCACHED_RPS_RATIO}×` : `≥ ${MIN_RPS_RATIO}×, p99 < ${MAX_P99_MS} ms`,
      ok: verdict.ok && m.bad === 0,
      note: [reference, `p50 ${m.p50Ms} ms, ${m.bad} errors`, m.spread, l.note, l.t.method === 'POST' ? seeded : '']
        .filter(Boolean)
        .join('; '),
    });
  }
  return rows;
}
