// Load on loopback with autocannon, bounded in time, in interleaved rounds:
// each round hammers the bare Astro project's static page (the floor) and
// then each of our pages, with a browser's accept-encoding. Budgets are
// same-run ratios to the floor (bench/floor.ts).
import autocannon from 'autocannon';
import { BARE_STATIC } from './bare';
import { judgeLoad, MAX_P99_MS, MIN_RPS_RATIO, median, spread } from './floor';
import type { Row } from './table';

const CONNECTIONS = 50;
/** What Chromium sends: the server may pick brotli, as it would for a visitor. */
const BROWSER_ENCODING = 'gzip, deflate, br, zstd';

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

/** The pages of issue 20 and the app store's first page (the picture list API is measured beside them). */
export const PAGES = [
  '/product',
  '/groups',
  '/test',
  '/officialAccount',
  '/special',
  '/square',
  '/square/{id}',
  '/songsDetail',
  '/app/store',
  '/chat',
  '/draw',
  '/order',
];

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function hammer(url: string, t: Pick<Target, 'method' | 'body'>, seconds: number): Promise<Measured> {
  const headers: Record<string, string> = { 'accept-encoding': BROWSER_ENCODING, accept: 'text/html,*/*' };
  if (t.body) headers['content-type'] = 'application/json';
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
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** A target that is missing (404 or a redirect to /404) belongs to a feature not built yet. */
async function available(base: string, t: Target): Promise<{ ok: boolean; note: string }> {
  const res = await fetch(base + t.path, {
    method: t.method,
    body: t.body,
    headers: t.body ? { 'content-type': 'application/json' } : {},
    redirect: 'manual',
  });
  const text = await res.text();
  if (res.status !== 200) return { ok: false, note: `answers ${res.status}: not built yet` };
  if (t.method === 'GET') return { ok: true, note: `HTML ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB` };
  const total = (JSON.parse(text) as { data?: { total?: number } }).data?.total ?? 0;
  return { ok: true, note: total >= 30 ? '' : `only ${total} pictures` };
}

/** The first public picture, for /square/{id}. */
async function firstPicture(base: string): Promise<string | null> {
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
  const picture = await firstPicture(base);
  const targets: Target[] = PAGES.map((p) => ({
    name: p,
    path: p.replace('{id}', picture ?? 'none'),
    method: 'GET' as const,
  }));
  targets.push({
    name: 'POST /api/sd/list/picture',
    path: '/api/sd/list/picture',
    method: 'POST',
    body: JSON.stringify({ pageNum: 1, pageSize: 30 }),
  });
  const rows: Row[] = [];
  const live: Array<{ t: Target; note: string; runs: Measured[] }> = [];
  for (const t of targets) {
    const state = await available(base, t);
    if (state.ok) live.push({ t, note: state.note, runs: [] });
    else rows.push({ name: named(t.name), value: 'pending', budget: '', ok: null, note: state.note });
  }
  const floor: Measured[] = [];
  const bareUrl = bareBase + BARE_STATIC;
  await hammer(bareUrl, { method: 'GET' }, 2); // warm-up: JIT and connection pools
  for (const l of live) await hammer(base + l.t.path, l.t, 1);
  for (let round = 0; round < rounds; round++) {
    process.stderr.write(`load round ${round + 1}/${rounds}\n`);
    floor.push(await hammer(bareUrl, { method: 'GET' }, seconds));
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
    const verdict = judgeLoad(m, bare);
    rows.push({
      name: named(l.t.name),
      value: `${m.rps.toFixed(0)} req/s (${verdict.ratio.toFixed(2)}×), p99 ${m.p99Ms} ms`,
      budget: `≥ ${MIN_RPS_RATIO}×, p99 < ${MAX_P99_MS} ms`,
      ok: verdict.ok && m.bad === 0,
      note: [reference, `p50 ${m.p50Ms} ms, ${m.bad} errors`, m.spread, l.note, l.t.method === 'POST' ? seeded : '']
        .filter(Boolean)
        .join('; '),
    });
  }
  return rows;
}
