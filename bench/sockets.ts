// 10,000 idle push sockets (server RSS) and push latency under a steady
// publish rate. Pushes are published the way another server process does:
// NOTIFY on the hub's channel of the server's PostgreSQL.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import type { BenchServer } from './server';
import type { Row } from './table';

const MB = 1024 * 1024;
// The hub's NOTIFY channel and envelope (src/server/push/hub.ts).
const CHANNEL = 'miaobi_push';
const CONNECTED = 100000502;

function connect(base: string, taskId: string, onMessage?: (text: string) => void): Promise<WebSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/websocket/callback?taskId=${taskId}`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${taskId}: no welcome in 20 s`)), 20_000);
    ws.once('error', reject);
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.includes(String(CONNECTED))) {
        clearTimeout(timer);
        resolve(ws);
      } else onMessage?.(text);
    });
  });
}

/** Opens n sockets, `parallel` handshakes at a time. */
async function openMany(base: string, prefix: string, n: number, parallel = 100): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      sockets.push(await connect(base, `${prefix}-${i}`));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return sockets;
}

const settle = () => new Promise((r) => setTimeout(r, 3000));
const IDLE_SECONDS = 30;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** The soft limit on open files of this process (Linux); the server inherits it. */
function openFileLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  return Number(/Max open files\s+(\d+)/.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
}

/** Idle sockets and RSS; with databaseUrl also push latency. */
export async function measureSockets(
  server: BenchServer,
  label: string,
  opts: { idle: number; databaseUrl?: string; rate?: number; seconds?: number; budgeted?: boolean },
): Promise<Row[]> {
  const limit = openFileLimit();
  if (limit < opts.idle + 1000) {
    const note = `open-file limit ${limit}: run \`ulimit -n ${opts.idle + 2000}\` first`;
    return [{ name: `sockets ${opts.idle} idle (${label})`, value: 'not run', budget: '< 300 MB', ok: false, note }];
  }
  await settle();
  const before = server.rss();
  const started = performance.now();
  const idle = await openMany(server.url, 'idle', opts.idle);
  const openMs = performance.now() - started;
  // Idle means steady state: V8's memory reducer shrinks the heap ~10 s after
  // the burst of handshakes, so the figure is taken after 30 s, beside the peak.
  let peak = 0;
  for (let s = 0; s < IDLE_SECONDS; s++) {
    peak = Math.max(peak, server.rss());
    await new Promise((r) => setTimeout(r, 1000));
  }
  const rss = server.rss();
  const budgeted = opts.budgeted ?? true;
  const rows: Row[] = [
    {
      name: `sockets ${opts.idle} idle, RSS (${label})`,
      value: `${(rss / MB).toFixed(0)} MB`,
      budget: budgeted ? '< 300 MB' : '',
      ok: budgeted ? rss < 300 * MB : null,
      note: `${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB; opened in ${(openMs / 1000).toFixed(1)} s, measured ${IDLE_SECONDS} s later`,
    },
  ];
  if (opts.databaseUrl)
    rows.push(...(await latency(server.url, opts.databaseUrl, opts.rate ?? 200, opts.seconds ?? 10)));
  for (const ws of idle) ws.terminate();
  return rows;
}

async function latency(base: string, databaseUrl: string, rate: number, seconds: number): Promise<Row[]> {
  const sent = new Map<number, number>();
  const took: number[] = [];
  const onMessage = (text: string) => {
    const seq = (JSON.parse(text) as { seq?: number }).seq;
    const at = seq === undefined ? undefined : sent.get(seq);
    if (seq !== undefined && at !== undefined) {
      took.push(performance.now() - at);
      sent.delete(seq);
    }
  };
  const probes = await Promise.all(Array.from({ length: 100 }, (_, i) => connect(base, `probe-${i}`, onMessage)));
  const publisher = new pg.Client({ connectionString: databaseUrl });
  await publisher.connect();
  const total = rate * seconds;
  const t0 = performance.now();
  for (let seq = 0; seq < total; seq++) {
    const due = t0 + (seq * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sent.set(seq, performance.now());
    const envelope = { t: `probe-${seq % probes.length}`, m: { code: 200, seq } };
    void publisher.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)]);
  }
  await new Promise((r) => setTimeout(r, 1000));
  await publisher.end();
  for (const ws of probes) ws.terminate();
  took.sort((a, b) => a - b);
  const lost = sent.size;
  const p50 = percentile(took, 50);
  const p99 = percentile(took, 99);
  return [
    {
      name: 'push latency p50',
      value: `${p50.toFixed(1)} ms`,
      budget: '',
      ok: null,
      note: `${took.length} pushes at ${rate}/s over 100 sockets beside the idle ones`,
    },
    {
      name: 'push latency p99',
      value: `${p99.toFixed(1)} ms`,
      budget: '< 50 ms',
      ok: p99 < 50 && lost === 0,
      note: `${lost} lost; max ${(took.at(-1) ?? 0).toFixed(1)} ms`,
    },
  ];
}
