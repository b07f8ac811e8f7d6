// Issue-18 figures at scale: many concurrent SSE chat answers through nginx to two
// processes from a local fake upstream, against the same streams taken from the fake
// directly; and a 200 KB picture from local storage against nginx serving the file.

import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startNginx } from '../scripts/nginx-proxy';
import { spawnFakeLlm } from './fake-llm';
import { type BenchServer, startBuiltServer } from './server';
import type { Row } from './table';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const TOKENS = 45;
const PER_SECOND = 30;

interface StreamFigures {
  firstMs: number;
  gapMs: number;
  complete: boolean;
}

/** Reads one SSE answer; `first` and gaps are measured between data events carrying text. */
async function readStream(url: string, init: RequestInit): Promise<StreamFigures> {
  const started = performance.now();
  let first = 0;
  let last = 0;
  let pieces = 0;
  let complete = false;
  try {
    const res = await fetch(url, init);
    if (!res.ok || !res.body) return { firstMs: 0, gapMs: 0, complete: false };
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk, { stream: true });
      const frames = buffer.split('\n\n');
      buffer = frames.pop() ?? '';
      for (const frame of frames) {
        // Ours: `event: delta` / `event: done`; the fake's: bare `data:` chunks and [DONE].
        const text = frame.includes('event: delta') || frame.includes('"content"');
        if (text) {
          const now = performance.now();
          if (!first) first = now;
          last = now;
          pieces += 1;
        }
        if (frame.includes('event: done') || frame.includes('[DONE]')) complete = true;
        if (frame.includes('event: error')) return { firstMs: 0, gapMs: 0, complete: false };
      }
    }
  } catch {
    return { firstMs: 0, gapMs: 0, complete: false };
  }
  return { firstMs: first - started, gapMs: pieces > 1 ? (last - first) / (pieces - 1) : 0, complete };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function run(count: number, url: string, init: RequestInit) {
  return Promise.all(Array.from({ length: count }, () => readStream(url, init)));
}

export async function measureStreams(root: string, port: number, databaseUrl: string): Promise<Row[]> {
  const fake = await spawnFakeLlm({ tokens: TOKENS, perSecond: PER_SECOND });
  const env = {
    DATABASE_URL: databaseUrl,
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'bench',
    CHAT_FREE_VISITOR_DAILY: '100000',
    MAX_CONNECTIONS_PER_IP: '0',
    TRUST_PROXY: 'true',
  };
  const servers: BenchServer[] = [];
  const rows: Row[] = [];
  try {
    servers.push(await startBuiltServer(root, port, env), await startBuiltServer(root, port + 1, env));
    const proxy = await startNginx(
      servers.map((s) => Number(new URL(s.url).port)),
      { workerConnections: STREAMS * 4 + 64 },
    );
    try {
      const body = JSON.stringify({ prompt: '写一首关于秋天的短诗', options: { usingContext: false } });
      const ours = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
      const theirs = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      };
      // Warm both processes (JIT, database pool) before measuring.
      await run(20, `${proxy.url}/api/chat/process`, ours);
      const direct = await run(STREAMS, `${fake.url}/chat/completions`, theirs);
      const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
      const rssBefore = servers.reduce((sum, s) => sum + s.rss(), 0);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(
          rssPeak,
          servers.reduce((sum, s) => sum + s.rss(), 0),
        );
      }, 100);
      const proxied = await run(STREAMS, `${proxy.url}/api/chat/process`, ours);
      clearInterval(sampler);
      const cpu = servers.reduce((sum, s, i) => sum + cpuSeconds(s.pid) - (cpuBefore[i] ?? 0), 0);
      const dropped = proxied.filter((s) => !s.complete).length;
      const ok = proxied.filter((s) => s.complete);
      const first = (xs: StreamFigures[]) => xs.map((s) => s.firstMs);
      const gaps = (xs: StreamFigures[]) => xs.map((s) => s.gapMs);
      const added = (p: number, f: (xs: StreamFigures[]) => number[]) =>
        `${(pct(f(ok), p) - pct(f(direct), p)).toFixed(1)} ms`;
      const note = `${PER_SECOND} tokens/s × ${TOKENS} from a local fake; two processes behind nginx`;
      rows.push(
        {
          name: `${STREAMS} concurrent chat streams: dropped`,
          value: String(dropped),
          budget: '0',
          ok: dropped === 0,
          note,
        },
        {
          name: 'chat streams: added time to first token p50 / p99',
          value: `${added(50, first)} / ${added(99, first)}`,
          budget: '—',
          ok: null,
          note: `direct p50 ${pct(first(direct), 50).toFixed(0)} ms, via us ${pct(first(ok), 50).toFixed(0)} ms`,
        },
        {
          name: 'chat streams: added time per token p50 / p99',
          value: `${added(50, gaps)} / ${added(99, gaps)}`,
          budget: '—',
          ok: null,
          note: `direct ${pct(gaps(direct), 50).toFixed(1)} ms between tokens`,
        },
        {
          name: 'chat streams: server CPU and memory per stream',
          value: `${((cpu * 1000) / STREAMS).toFixed(1)} ms CPU, ${((rssPeak - rssBefore) / STREAMS / 1024).toFixed(0)} KB`,
          budget: '—',
          ok: null,
          note: 'both processes; memory: peak resident set above idle',
        },
      );
    } finally {
      await proxy.stop();
    }
  } finally {
    for (const s of servers) await s.stop();
    await fake.stop();
  }
  return rows;
}

/** A 200 KB picture from our local storage against nginx sending the same file from disk. */
export async function measureFileServing(root: string, port: number, databaseUrl: string): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-bench-files-'));
  mkdirSync(path.join(dataDir, 'files', 'site'), { recursive: true });
  // Site images are public by nature (services/file-access.ts): no database lookup per request.
  writeFileSync(path.join(dataDir, 'files', 'site', 'bench-200k.webp'), randomBytes(200 * 1024));
  // nginx's workers run as an unprivileged user: the temp dir must be readable to them.
  for (const dir of [dataDir, path.join(dataDir, 'files'), path.join(dataDir, 'files', 'site')]) chmodSync(dir, 0o755);
  chmodSync(path.join(dataDir, 'files', 'site', 'bench-200k.webp'), 0o644);
  const server = await startBuiltServer(root, port, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    MAX_CONNECTIONS_PER_IP: '0',
  });
  const proxy = await startNginx([Number(new URL(server.url).port)], { staticRoot: dataDir });
  try {
    const hammer = async (url: string) => {
      await autocannon({ url, connections: 10, duration: 1 });
      const r = await autocannon({ url, connections: 50, duration: 5 });
      return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
    };
    const file = '/files/site/bench-200k.webp';
    const ours = await hammer(server.url + file);
    const theirs = await hammer(`${proxy.staticUrl}${file}`);
    const ratio = ours.rps / theirs.rps;
    return [
      {
        name: '200 KB picture from local storage: req/s (× nginx from disk)',
        value: `${ours.rps.toFixed(0)} (${ratio.toFixed(2)}×)`,
        budget: '—',
        // A reference that answered errors (403, 404) would flatter nothing: the row fails.
        ok: ours.bad === 0 && theirs.bad === 0 ? null : false,
        note: `nginx ${theirs.rps.toFixed(0)} req/s; p99 ours ${ours.p99} ms, nginx ${theirs.p99} ms${ours.bad ? `; ${ours.bad} failed` : ''}${theirs.bad ? `; nginx ${theirs.bad} failed` : ''}`,
      },
    ];
  } finally {
    await proxy.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
