import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// USER_HZ: 100 on every Linux the bench runs on (getconf CLK_TCK).
const CLOCK_TICKS = 100;

export interface BenchServer {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first OK answer of the ready path. */
  readyMs: number;
  /** Resident set size of the server process, in bytes (Linux /proc). */
  rss(): number;
  /** CPU time (user + system) the server process has used, in ms (Linux /proc). */
  cpuMs(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The script to run (dist/server/main.mjs). */
  entry?: string;
  /** Path polled until it answers OK (/api/health). */
  ready?: string;
  /** Poll interval while waiting (200 ms). */
  pollMs?: number;
  /** An existing DATA_DIR, kept on stop; else a fresh temporary one, removed on stop. */
  dataDir?: string;
  /** Node flags before the entry. */
  nodeArgs?: string[];
}

/**
 * How `npm run serve` starts the server (its environment and Node flags: a
 * smaller young generation and fewer malloc arenas, README: `npm run serve`), so
 * the bench measures the process operators run. Read from package.json.
 */
export function serveCommand(root: string): { env: Record<string, string>; nodeArgs: string[] } {
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const m = /^((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)dist\/server\/main\.mjs$/.exec(scripts.serve ?? '');
  if (!m) throw new Error(`package.json "serve" is not "[VAR=value …] node [--flag …] dist/server/main.mjs"`);
  const env = Object.fromEntries(
    (m[1] ?? '')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  return { env, nodeArgs: (m[2] ?? '').trim().split(' ').filter(Boolean) };
}

/** Starts the built server (dist/server/main.mjs of root, or `opts.entry`) and waits until /api/health (or `opts.ready`) answers. */
export async function startBuiltServer(
  root: string,
  port: number,
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<BenchServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'miaobi-bench-data-'));
  // Our server starts as operators start it; another entry (the bare Astro project) as plain node.
  const serve = opts.entry ? { env: {}, nodeArgs: [] } : serveCommand(root);
  const spawned = performance.now();
  const args = [...serve.nodeArgs, ...(opts.nodeArgs ?? []), opts.entry ?? 'dist/server/main.mjs'];
  const proc: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      // Request logs are equal for every row; silence keeps the client's share of the CPU fair.
      LOG_LEVEL: 'warn',
      IP_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`server exited with ${code}`))),
  );
  // A first start on PGlite runs every migration: minutes on a busy shared host.
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ok = await Promise.race([
      fetch(`${url}${opts.ready ?? '/api/health'}`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('server did not start in 180 s');
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
  }
  const readyMs = performance.now() - spawned;
  exited.catch(() => {});
  const pid = proc.pid ?? 0;
  return {
    url,
    pid,
    readyMs,
    cpuMs() {
      // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): user and system clock ticks.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    rss() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (proc.exitCode !== null) return done();
        proc.once('exit', done);
        proc.kill('SIGTERM');
      }),
  };
}

/**
 * Waits until the server's own work after seeding (drawings finishing, thumbnails, jobs)
 * is done: its CPU use stays under a tenth of a core for two half-second looks in a row,
 * or `maxMs` passed. The first pages measured one at a time paid for it otherwise.
 */
export async function waitUntilIdle(server: BenchServer, maxMs = 30_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let quiet = 0;
  let before = server.cpuMs();
  while (quiet < 2 && Date.now() < deadline) {
    await sleep(500);
    const now = server.cpuMs();
    quiet = now - before < 50 ? quiet + 1 : 0;
    before = now;
  }
}
