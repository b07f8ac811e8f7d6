// `npm run bench`: builds a private copy of the tree, serves it on loopback
// and measures every bench/RESULTS.md budget. Lighthouse and load are judged
// against a bare Astro project built and served in the same run (bench/bare.ts),
// load on PostgreSQL and on PGlite; login against that project's /login.
// Prints a table; exits 1 when a budget is missed.
// Options: --only=weight,lighthouse,load,sockets,streams,files,scale,startup,knowledge,knowledge-scale,video  --reuse-build
// --pages=/chat,/draw (Lighthouse, render and load on these pages of the route table only: route or address)
// --rounds=5 (Lighthouse rounds)
// --details=DIR (each Lighthouse run's main-thread breakdown and boot-up time as JSON)
// --starts=3 (start-up runs of each kind)
// --load-rounds=3 --load-seconds=5 (load: rounds, and seconds each route is hammered a round; each page
// twice, from the page cache and bypassing it, after its uncached render time and size: bench/render.ts)
// --markdown=FILE (the table with machine and date, for bench/RESULTS.md).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startPgCluster } from '../scripts/pg-cluster';
import { buildBare, startBare } from './bare';
import { prepareBuild } from './build';
import { measureKnowledge } from './knowledge';
import { measureKnowledgeScale } from './knowledge-scale';
import { measureLighthouse } from './lighthouse';
import { firstPicture, measureLoad } from './load';
import { measureRender } from './render';
import { type BenchPage, namedPages, siteBrowserPages, sitePages } from './routes';
import { measureScale } from './scale/run';
import { benchUsers, SEED_ENV, seedShare, seedSquare } from './seed';
import { type BenchServer, startBuiltServer, waitUntilIdle } from './server';
import { measureSockets } from './sockets';
import { measureStartup } from './startup';
import { measureFileServing, measureStreams } from './streams';
import { formatMarkdown, formatTable, missed, type Row } from './table';
import { measureVideo } from './video';
import { measureWeights } from './weight';

const SECTIONS = [
  'weight',
  'lighthouse',
  'load',
  'sockets',
  'streams',
  'files',
  'scale',
  'startup',
  'knowledge',
  'knowledge-scale',
  'video',
] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    'reuse-build': { type: 'boolean', default: false },
    markdown: { type: 'string' },
    pages: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    details: { type: 'string' },
    idle: { type: 'string', default: '10000' },
    starts: { type: 'string', default: '3' },
    'load-rounds': { type: 'string', default: '3' },
    'load-seconds': { type: 'string', default: '5' },
  },
});
const only = new Set((values.only?.split(',') ?? SECTIONS).map((s) => s.trim()));
for (const s of only) if (!SECTIONS.includes(s as Section)) throw new Error(`unknown section ${s}`);
const wanted = (s: Section) => only.has(s);
const basePort = Number(process.env.BENCH_PORT ?? 4610);
const idle = Number(values.idle);
const loadTiming = { rounds: Number(values['load-rounds']), seconds: Number(values['load-seconds']) };
const onlyPages = values.pages?.split(',').map((p) => p.trim());

/** The square's 30 pictures and one listed share, by bench users; what the load rows need. */
async function seedLoad(url: string, seeders: Array<Record<string, string>>) {
  const note = await seedSquare(url, seeders);
  return { note, share: await seedShare(url, seeders[0] ?? {}) };
}

async function withServer<T>(
  root: string,
  port: number,
  env: Record<string, string>,
  fn: (s: BenchServer) => Promise<T>,
): Promise<T> {
  const server = await startBuiltServer(root, port, env);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

/** The load rows on PGlite: its bench users are written before the server opens the directory. */
async function measurePgliteLoad(root: string, port: number, bareUrl: string, pages: BenchPage[]): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-bench-pglite-'));
  try {
    const seeders = await benchUsers({ dataDir });
    const server = await startBuiltServer(root, port, { ...SEED_ENV, MAX_CONNECTIONS_PER_IP: '0' }, { dataDir });
    try {
      const seeded = await seedLoad(server.url, seeders);
      return await measureLoad(server.url, bareUrl, seeded.note, {
        label: 'PGlite',
        share: seeded.share,
        pages,
        ...loadTiming,
      });
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  // A shared host's load moves every figure: the table's head states it (1-minute load average).
  const loadAtStart = loadavg()[0] ?? 0;
  const root = prepareBuild(process.cwd(), { reuse: values['reuse-build'] });
  let bareRoot: string | null = null;
  const bare = () => {
    bareRoot ??= buildBare(process.cwd());
    return bareRoot;
  };
  const rows: Row[] = [];
  const section = async (name: Section, fn: () => Promise<Row[]>) => {
    if (!wanted(name)) return;
    process.stderr.write(`bench: ${name} …\n`);
    const started = Date.now();
    rows.push(...(await fn()));
    process.stderr.write(`bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  };

  // Every simulated visitor comes from 127.0.0.1: no per-address connection cap.
  const ONE_ADDRESS = { MAX_CONNECTIONS_PER_IP: '0' };
  // PostgreSQL, so the bench can write its user and session beside the server.
  const cluster = await startPgCluster();
  try {
    const env = { DATABASE_URL: cluster.url, ...SEED_ENV, ...ONE_ADDRESS };
    if (wanted('weight') || wanted('lighthouse') || wanted('load')) {
      // The route table's pages, read once: those --pages names, else all of them.
      const browserPages = namedPages(await siteBrowserPages(), onlyPages);
      const loadPages = namedPages(await sitePages(), onlyPages);
      const floor = wanted('lighthouse') || wanted('load') ? await startBare(bare(), basePort + 6) : null;
      try {
        await withServer(root, basePort, env, async (s) => {
          // Lighthouse and the weights too: /draw shows the public pictures, /square/{id} and /share/{id} need one.
          const seeded = await seedLoad(s.url, await benchUsers({ databaseUrl: cluster.url }));
          const ids = { picture: await firstPicture(s.url), share: seeded.share };
          const bareUrl = floor?.url ?? '';
          await section('weight', () => measureWeights(s.url, ids));
          await section('lighthouse', () =>
            measureLighthouse(s.url, bareUrl, {
              pages: browserPages,
              seeded: ids,
              rounds: Number(values.rounds),
              details: values.details,
            }),
          );
          // Uncached renders one at a time (server time, HTML size), once the seeding's work is done,
          // then every page under load.
          if (wanted('load')) await waitUntilIdle(s);
          await section('load', () => measureRender(s.url, ids, { pages: browserPages }));
          await section('load', () =>
            measureLoad(s.url, bareUrl, seeded.note, { share: seeded.share, pages: loadPages, ...loadTiming }),
          );
        });
        // The same pages on the embedded database (the default set-up), against the same floor.
        if (floor && wanted('load'))
          await section('load', () => measurePgliteLoad(root, basePort + 4, floor.url, loadPages));
      } finally {
        await floor?.stop();
      }
    }
    await section('sockets', () =>
      withServer(root, basePort + 1, env, (s) => measureSockets(s, 'PostgreSQL', { idle, databaseUrl: cluster.url })),
    );
    await section('streams', () => measureStreams(root, basePort + 3, cluster.url));
    await section('files', () => measureFileServing(root, basePort + 5, cluster.url));
    await section('scale', () => measureScale(root, bare(), basePort + 7, basePort + 9, cluster.url));
    await section('startup', () =>
      measureStartup(root, bare(), basePort + 8, cluster.url, { runs: Number(values.starts) }),
    );
    await section('knowledge', () => measureKnowledge(root, basePort + 10, cluster.url));
    await section('knowledge-scale', () => measureKnowledgeScale(root, basePort + 10, cluster.url));
    await section('video', () => measureVideo(root, basePort + 11, cluster.url));
  } finally {
    cluster.destroy();
  }
  // The default set-up's memory, told not judged: the embedded database lives
  // in the server process (~100-250 MB of WASM heap and code), so a site
  // expecting 10,000 concurrent visitors runs on PostgreSQL (README).
  await section('sockets', () =>
    withServer(root, basePort + 2, ONE_ADDRESS, (s) => measureSockets(s, 'PGlite', { idle, budgeted: false })),
  );

  process.stdout.write(`\n${formatTable(rows)}\n`);
  const misses = missed(rows);
  if (values.markdown) {
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    const machine = `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    const load = `load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
    const head = `Run ${new Date().toISOString()} on ${machine}; ${load}.\n\n`;
    writeFileSync(values.markdown, `${head}${formatMarkdown(rows)}\n`);
  }
  process.stdout.write(
    misses.length
      ? `\n${misses.length} budget(s) missed: ${misses.map((r) => r.name).join('; ')}\n`
      : '\nevery measured budget holds\n',
  );
  process.exit(misses.length ? 1 : 0);
}

main().catch((err: Error) => {
  process.stderr.write(`bench failed: ${err.stack ?? err.message}\n`);
  process.exit(2);
});
