// `npx tsx bench/page-cache.ts`: the public pages' throughput against a bare
// Astro 7 static page (node adapter, standalone), in one run, on PostgreSQL and
// on PGlite (docs/page-cache.md). Serves this tree's dist/ (run `npm run build`
// first). Options: --seconds=5 --db=pg,pglite --port=4760 --root=DIR (another
// build to compare, e.g. before a change). Prints one row per route (bench/routes.ts): req/s, its
// ratio to the bare page, p99 and the server's CPU time per answer; a browser's
// accept-encoding, 50 connections; the bare page is measured again before each row.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startPgCluster } from '../scripts/pg-cluster';
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/db/queries/sessions';
import { users } from '../src/server/db/schema';
import { BARE_STATIC, buildBare, startBare } from './bare';
import { wrongAnswers } from './load';
import { fillPath, sitePages } from './routes';
import { startBuiltServer } from './server';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    db: { type: 'string', default: 'pg,pglite' },
    port: { type: 'string', default: '4760' },
    root: { type: 'string', default: process.cwd() },
  },
});
const SECONDS = Number(values.seconds);
const PORT = Number(values.port);
const ROOT = path.resolve(values.root);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html' };

/** CPU seconds a process has used (Linux /proc, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * req/s and p99 at 50 connections, and the server's CPU time per answer: on a
 * shared host the first two follow the neighbours' load, the last one hardly.
 */
async function hammer(
  url: string,
  pid: number,
  status = 200,
): Promise<{ rps: number; p99: number; cpuUs: number; bad: number }> {
  const before = cpuSeconds(pid);
  const r = await autocannon({ url, headers: BROWSER, connections: 50, duration: SECONDS });
  const cpuUs = ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p99: r.latency.p99, cpuUs, bad: wrongAnswers(r, status) };
}

/** A user and its session written straight into the database: `Bearer <token>`. */
async function benchUser(database: { databaseUrl?: string; dataDir: string }): Promise<string> {
  const db = await openDatabase(database);
  try {
    const [user] = await db.db
      .insert(users)
      .values({ email: `page-bench-${Date.now()}@example.com` })
      .returning();
    if (!user) throw new Error('no bench user');
    return `Bearer ${await createSession(db.db, { userId: user.id })}`;
  } finally {
    await db.close();
  }
}

/** One public picture drawn through the API, for /square/{id}: its id, or '' if it failed. */
async function onePicture(base: string, authorization: string): Promise<string> {
  const post = async (p: string, body: unknown) =>
    (await (
      await fetch(base + p, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { mjChatMessage?: { id: string }; data?: { status?: number } };
  const id = (await post('/api/sd/submit/imagine', { prompt: '页面缓存测速', drawSteps: 1, drawPublicFlag: 1 }))
    .mjChatMessage?.id;
  if (!id) return '';
  for (let i = 0; i < 400; i++) {
    const status = (await post('/api/sd/task', { id })).data?.status ?? 0;
    if (status >= 10 && status !== 13) return status === 10 ? id : '';
    await new Promise((r) => setTimeout(r, 25));
  }
  return '';
}

async function run(kind: 'pg' | 'pglite', bare: { url: string; pid: number }) {
  const cluster = kind === 'pg' ? await startPgCluster() : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-page-bench-'));
  const env: Record<string, string> = { DRAW_OFFLINE_STEP_MS: '5', DATA_DIR: dataDir };
  if (cluster) env.DATABASE_URL = cluster.url;
  // PGlite allows one process: its bench user is written before the server opens the directory.
  let authorization = cluster ? '' : await benchUser({ dataDir });
  const server = await startBuiltServer(ROOT, PORT + 1, env);
  try {
    if (cluster) authorization = await benchUser({ databaseUrl: cluster.url, dataDir });
    const picture = await onePicture(server.url, authorization);
    console.log(`\n${kind}: bare ${bare.url}`);
    console.log(
      `${'page'.padEnd(18)} ${'req/s'.padStart(7)} ${'× bare'.padStart(7)} ${'p99 ms'.padStart(7)}  bare req/s, p99`,
    );
    for (const { path: page, status } of await sitePages()) {
      const p = fillPath({ route: page, path: page, status }, { picture: picture || null, share: null });
      const res = p ? await fetch(server.url + p, { headers: BROWSER, redirect: 'manual' }) : null;
      if (!p || res?.status !== status) {
        console.log(`${page.padEnd(18)} ${res ? `answers ${res.status}, not ${status}` : 'not seeded'}, not measured`);
        continue;
      }
      // The floor is measured right before each page: a shared host's speed drifts within a run.
      const floor = await hammer(bare.url, bare.pid);
      const m = await hammer(server.url + p, server.pid, status);
      const ratio = m.rps / floor.rps;
      console.log(
        `${page.padEnd(18)} ${m.rps.toFixed(0).padStart(7)} ${ratio.toFixed(2).padStart(7)} ${m.p99.toFixed(0).padStart(7)} ${m.cpuUs.toFixed(0).padStart(7)}  ${floor.rps.toFixed(0)}, ${floor.p99.toFixed(0)}, ${floor.cpuUs.toFixed(0)}${m.bad ? ` (${m.bad} bad)` : ''}`,
      );
    }
  } finally {
    await server.stop();
    cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The same bare project as `npm run bench` (bench/bare.ts), measured at its static page.
const bare = await startBare(buildBare(process.cwd()), PORT);
try {
  const floor = { url: bare.url + BARE_STATIC, pid: bare.pid };
  for (const kind of values.db.split(',')) await run(kind as 'pg' | 'pglite', floor);
} finally {
  await bare.stop();
}
