// One process per PGlite data directory: a second one refuses to start with
// a message naming the holder, also while the first is still closing its
// database after freeing its port; a lock left by kill -9 is taken over.
// On PostgreSQL (DATABASE_URL) several processes may share DATA_DIR.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../../src/server/config/env';
import { createLogger } from '../../../src/server/log';
import { type RunningServer, startServer } from '../../../src/server/server';
import { bundledArgs, createTestDatabase } from '../helpers';

const onPostgres = inject('postgresUrl') !== null;
const drops: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(drops.map((drop) => drop())));

/** A DATA_DIR for this file's servers: on PGlite a copy of the migrated template (no initdb per test). */
async function serverEnv() {
  const database = await createTestDatabase();
  drops.push(database.drop);
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl,
    LOG_LEVEL: 'silent',
  };
}
const start = (vars: Record<string, string | undefined>) => startServer(loadEnv(vars), createLogger('silent'));

/** The test fixture server as a child process; resolves with its URL, or its exit code and stderr. */
function spawnServer(vars: Record<string, string | undefined>) {
  const proc = spawn(process.execPath, bundledArgs('api-server'), {
    env: { ...process.env, ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (b: Buffer) => {
    stderr += b.toString();
  });
  const outcome = new Promise<{ url?: string; code?: number | null; stderr: string }>((resolve) => {
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve({ url: (JSON.parse(line) as { url: string }).url, stderr }),
    );
    proc.once('exit', (code) => resolve({ code, stderr }));
  });
  return { proc, outcome };
}

describe.skipIf(onPostgres)('one process per PGlite directory', () => {
  it('a second server on the same DATA_DIR refuses, also while the first is closing; then starts', async () => {
    const env = await serverEnv();
    const first = await start(env);
    let second: RunningServer | undefined;
    try {
      await expect(start(env)).rejects.toThrow(`in use by process ${process.pid}`);
      // Another process: exits with the message instead of opening the files.
      const child = spawnServer(env);
      const out = await child.outcome;
      expect(out.url).toBeUndefined();
      expect(out.code).not.toBe(0);
      expect(out.stderr).toContain(`in use by process ${process.pid}`);

      // The window after the port is freed and before PGlite is closed still refuses.
      const stopping = first.stop(1000);
      await once(first.server, 'close');
      const early = start(env);
      await expect(early).rejects.toThrow('in use by process');
      await stopping;
      expect(existsSync(path.join(env.DATA_DIR, 'pg.lock'))).toBe(false);
      second = await start(env);
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      await second?.stop(1000);
      await first.stop(1000);
    }
  }, 150_000);

  it('takes over the lock of a killed process, and one naming a dead PID', async () => {
    const env = await serverEnv();
    const child = spawnServer(env);
    const out = await child.outcome;
    expect(out.url).toBeDefined();
    const lockFile = path.join(env.DATA_DIR, 'pg.lock');
    expect(readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(child.proc.pid));
    child.proc.kill('SIGKILL');
    await once(child.proc, 'exit');
    expect(existsSync(lockFile)).toBe(true);

    const after = await start(env);
    expect(readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(process.pid));
    const res = await fetch(`${after.url}/api/product/list/aichat`, { method: 'POST' });
    expect((await res.json()).code).toBe(200);
    await after.stop(1000);

    writeFileSync(lockFile, '2147483000 1\n');
    const again = await start(env);
    expect(readFileSync(lockFile, 'utf8').split(' ')[0]).toBe(String(process.pid));
    await again.stop(1000);
  }, 150_000);
});

describe.skipIf(!onPostgres)('PostgreSQL: several processes on one DATA_DIR', () => {
  it('starts two servers sharing DATA_DIR and DATABASE_URL', async () => {
    const env = await serverEnv();
    const a = await start(env);
    try {
      const b = await start(env);
      expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
      await b.stop(1000);
    } finally {
      await a.stop(1000);
    }
  }, 150_000);
});
