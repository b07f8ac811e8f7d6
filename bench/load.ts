// Load on loopback with autocannon, bounded in time: each budgeted target
// beside a bare Astro SSR page of the same build, in the same run.
import autocannon from 'autocannon';
import { BARE_PATH } from './build';
import type { Row } from './table';

const CONNECTIONS = 50;

interface Target {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
  /** null: measured for information, no budget. */
  minRatio: number | null;
  maxP99Ms: number | null;
}

const TARGETS: Target[] = [
  { name: '/product', path: '/product', method: 'GET', minRatio: null, maxP99Ms: null },
  { name: '/square', path: '/square', method: 'GET', minRatio: 0.5, maxP99Ms: 50 },
  {
    name: 'POST /api/sd/list/picture',
    path: '/api/sd/list/picture',
    method: 'POST',
    body: JSON.stringify({ pageNum: 1, pageSize: 30 }),
    minRatio: 0.5,
    maxP99Ms: 50,
  },
];

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function hammer(base: string, t: Pick<Target, 'path' | 'method' | 'body'>, seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: base + t.path,
    method: t.method,
    body: t.body,
    headers: t.body ? { 'content-type': 'application/json', 'accept-encoding': 'gzip' } : { 'accept-encoding': 'gzip' },
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
  if (t.path === '/api/sd/list/picture') {
    const total = (JSON.parse(text) as { data?: { total?: number } }).data?.total ?? 0;
    return { ok: true, note: total >= 30 ? '' : `only ${total} pictures` };
  }
  return { ok: true, note: '' };
}

/** seeded: '' when the 30 pictures are in place, else why not (shown beside the rows). */
export async function measureLoad(base: string, seeded: string, seconds = 10): Promise<Row[]> {
  const bare = { path: BARE_PATH, method: 'GET' as const };
  await hammer(base, bare, 2); // warm-up: JIT and connection pools
  const reference = await hammer(base, bare, seconds);
  const rows: Row[] = [
    {
      name: `load ${BARE_PATH} (reference)`,
      value: `${reference.rps.toFixed(0)} req/s`,
      budget: '',
      ok: reference.bad === 0 ? null : false,
      note: `p50 ${reference.p50} ms, p99 ${reference.p99} ms, ${CONNECTIONS} conns, ${reference.bad} errors`,
    },
  ];
  for (const t of TARGETS) {
    const state = await available(base, t);
    if (!state.ok) {
      rows.push({ name: `load ${t.name}`, value: 'pending', budget: '', ok: null, note: state.note });
      continue;
    }
    await hammer(base, t, 2);
    const m = await hammer(base, t, seconds);
    const ratio = m.rps / reference.rps;
    const within =
      m.bad === 0 && (t.minRatio === null || ratio >= t.minRatio) && (t.maxP99Ms === null || m.p99 < t.maxP99Ms);
    rows.push({
      name: `load ${t.name}`,
      value: `${m.rps.toFixed(0)} req/s (${ratio.toFixed(2)}×)`,
      budget: t.minRatio === null ? '' : `≥ ${t.minRatio}×, p99 < ${t.maxP99Ms} ms`,
      ok: t.minRatio === null && m.bad === 0 ? null : within,
      note: [`p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.bad} errors`, state.note, t.minRatio === null ? '' : seeded]
        .filter(Boolean)
        .join('; '),
    });
  }
  return rows;
}
