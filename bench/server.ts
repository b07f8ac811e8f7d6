import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BenchServer {
  url: string;
  pid: number;
  /** Resident set size of the server process, in bytes (Linux /proc). */
  rss(): number;
  stop(): Promise<void>;
}

/** Starts the built server (dist/server/main.mjs of root, or `opts.entry`) and waits until /api/health (or `opts.ready`) answers. */
export async function startBuiltServer(
  root: string,
  port: number,
  env: Record<string, string> = {},
  opts: { entry?: string; ready?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-bench-data-'));
  const proc: ChildProcess = spawn(process.execPath, [opts.entry ?? 'dist/server/main.mjs'], {
    cwd: root,
    env: {
      ...process.env,
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
    await new Promise((r) => setTimeout(r, 200));
  }
  exited.catch(() => {});
  const pid = proc.pid ?? 0;
  return {
    url,
    pid,
    rss() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (proc.exitCode !== null) return done();
        proc.once('exit', done);
        proc.kill('SIGTERM');
      }),
  };
}
