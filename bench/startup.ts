// Cold start to the first answered page, and the idle memory of one process.
// Start: from spawn of the built server to the first 200 of /product (a real
// page, rendered from the database), on PGlite (a new DATA_DIR: initdb and
// every migration; then the same directory again) and on PostgreSQL (a new
// database; then the same one again); the bare Astro project's start in the
// same run is the floor. Idle: RSS after every page of the route table a fresh
// server answers (bench/routes.ts, warmPages) and a quiet spell, then
// after a full GC the server is asked for through a preloaded signal handler.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBare } from './bare';
import { siteBrowserPages, warmPages } from './routes';
import { type BenchServer, type StartOptions, startBuiltServer } from './server';
import type { Row } from './table';

const MB = 1024 * 1024;
/** A real page, rendered from the database; one of the route table's (tests/unit/bench-routes.test.ts). */
export const FIRST_PAGE = '/product';
const BARE_PAGES = ['/', '/island'];
const START_BUDGET_MS = 3000;
const PG_RSS_BUDGET = 150 * MB;
/** V8's memory reducer shrinks the heap ~10 s after a burst: idle is measured after it. */
const SETTLE_MS = 15_000;
const GC_PRELOAD = fileURLToPath(new URL('./gc-signal.mjs', import.meta.url));

interface Start {
  ms: number;
  cpuMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

function startRow(name: string, starts: Start[], budgeted: boolean, extra = ''): Row {
  const ms = median(starts.map((s) => s.ms));
  const cpu = median(starts.map((s) => s.cpuMs));
  const walls = starts.map((s) => s.ms);
  const spread = `${starts.length} runs: ${Math.min(...walls).toFixed(0)}–${Math.max(...walls).toFixed(0)} ms`;
  return {
    name,
    value: `${(ms / 1000).toFixed(2)} s`,
    budget: budgeted ? '< 3 s' : '',
    ok: budgeted ? ms < START_BUDGET_MS : null,
    note: `${spread}; CPU ${cpu.toFixed(0)} ms (median)${extra}`,
  };
}

/** One start: spawn, time to the first page, CPU used by then; stopped unless kept. */
async function timeStart(start: () => Promise<BenchServer>): Promise<Start> {
  const s = await start();
  const result = { ms: s.readyMs, cpuMs: s.cpuMs() };
  await s.stop();
  return result;
}

interface Memory {
  settled: number;
  afterGc: number;
  usage: NodeJS.MemoryUsage | null;
  statuses: string;
}

/** Opens the warm pages twice, lets the process settle, reads RSS; then a full GC and RSS again. */
async function idleMemory(s: BenchServer, memoryFile: string, pages: readonly string[]): Promise<Memory> {
  const statuses = new Map<string, number>();
  for (let round = 0; round < 2; round++)
    for (const page of pages) {
      const res = await fetch(s.url + page);
      await res.arrayBuffer();
      statuses.set(page, res.status);
    }
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const settled = s.rss();
  process.kill(s.pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 2000));
  const afterGc = s.rss();
  let usage: NodeJS.MemoryUsage | null = null;
  try {
    usage = JSON.parse(readFileSync(memoryFile, 'utf8')) as NodeJS.MemoryUsage;
  } catch {
    // No report: the preload did not run; the RSS figures still stand.
  }
  const failed = [...statuses].filter(([, status]) => status !== 200).map(([p, status]) => `${p} ${status}`);
  return { settled, afterGc, usage, statuses: failed.length ? `; not 200: ${failed.join(', ')}` : '' };
}

function memoryRow(name: string, m: Memory, budget: number | null, pages: readonly string[]): Row {
  const u = m.usage;
  const parts = u
    ? `; after GC heap ${(u.heapUsed / MB).toFixed(0)}/${(u.heapTotal / MB).toFixed(0)} MB, external ${(u.external / MB).toFixed(0)} MB (array buffers ${(u.arrayBuffers / MB).toFixed(0)} MB)`
    : '';
  return {
    name,
    value: `${(m.settled / MB).toFixed(0)} MB`,
    budget: budget === null ? '' : `< ${budget / MB} MB`,
    ok: budget === null ? null : m.settled < budget,
    note: `${pages.length} page(s) twice, ${SETTLE_MS / 1000} s idle; ${(m.afterGc / MB).toFixed(0)} MB after a full GC (gc() on SIGUSR2)${parts}${m.statuses}`,
  };
}

async function withDatabase<T>(adminUrl: string, name: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

/** `runs` starts of each kind, then one more existing-data start that is measured idle. */
export async function measureStartup(
  root: string,
  bareRoot: string,
  port: number,
  adminUrl: string,
  opts: { runs: number; env?: Record<string, string> },
): Promise<Row[]> {
  const env = opts.env ?? {};
  const page: StartOptions = { ready: FIRST_PAGE, pollMs: 20 };
  // What a visitor may open before the server idles: every page of the route table a fresh server answers 200.
  const warm = warmPages(await siteBrowserPages());
  const memoryFile = path.join(tmpdir(), `miaobi-bench-memory-${process.pid}.json`);
  // Every server started from here inherits it; only the preloaded ones write to it.
  process.env.BENCH_MEMORY_FILE = memoryFile;
  const measured: StartOptions = { ...page, nodeArgs: ['--expose-gc', '--import', GC_PRELOAD] };
  const bare: Start[] = [];
  const liteNew: Start[] = [];
  const liteOld: Start[] = [];
  const pgNew: Start[] = [];
  const pgOld: Start[] = [];
  let liteMemory: Memory | null = null;
  let bareMemory: Memory | null = null;
  let pgMemory: Memory | null = null;

  // Interleaved, so a burst of load from elsewhere falls on every kind alike.
  for (let i = 0; i < opts.runs; i++) {
    const last = i === opts.runs - 1;
    bare.push(await timeStart(() => startBare(bareRoot, port, { pollMs: 20 })));
    if (last) {
      const s = await startBare(bareRoot, port, { ...measured, ready: '/' });
      try {
        bareMemory = await idleMemory(s, memoryFile, BARE_PAGES);
      } finally {
        await s.stop();
      }
    }

    const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-bench-start-'));
    try {
      liteNew.push(await timeStart(() => startBuiltServer(root, port, env, { ...page, dataDir })));
      liteOld.push(await timeStart(() => startBuiltServer(root, port, env, { ...page, dataDir })));
      if (last) {
        const s = await startBuiltServer(root, port, env, { ...measured, dataDir });
        try {
          liteMemory = await idleMemory(s, memoryFile, warm);
        } finally {
          await s.stop();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    await withDatabase(adminUrl, `bench_start_${i}`, async (url) => {
      const pgEnv = { ...env, DATABASE_URL: url };
      pgNew.push(await timeStart(() => startBuiltServer(root, port, pgEnv, page)));
      pgOld.push(await timeStart(() => startBuiltServer(root, port, pgEnv, page)));
      if (last) {
        const s = await startBuiltServer(root, port, pgEnv, measured);
        try {
          pgMemory = await idleMemory(s, memoryFile, warm);
        } finally {
          await s.stop();
        }
      }
    });
  }
  rmSync(memoryFile, { force: true });

  const rows: Row[] = [
    startRow('start bare Astro (floor)', bare, false, '; to the first 200 of /'),
    startRow('start PGlite, new data dir', liteNew, false, '; initdb and every migration'),
    startRow('start PGlite, existing data dir', liteOld, true),
    startRow('start PostgreSQL, new database', pgNew, false, '; every migration'),
    startRow('start PostgreSQL, existing database', pgOld, true),
  ];
  if (bareMemory) rows.push(memoryRow('idle RSS bare Astro (floor)', bareMemory, null, BARE_PAGES));
  if (pgMemory) rows.push(memoryRow('idle RSS (PostgreSQL)', pgMemory, PG_RSS_BUDGET, warm));
  // The embedded database lives in the process (WASM heap and code): told, not judged.
  if (liteMemory) rows.push(memoryRow('idle RSS (PGlite)', liteMemory, null, warm));
  return rows;
}
