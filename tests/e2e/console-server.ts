import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type Database, openDatabase } from '../../src/server/db/client';

/**
 * A built server on its own PGlite directory, seeded before it starts
 * (PGlite allows one process, and console roles are granted in the database
 * as the admin CLI would): for console specs.
 */
export async function startSeededServer<T>(port: number, seed: (db: Database['db']) => Promise<T>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-console-'));
  const database = await openDatabase({ dataDir });
  const seeded = await seed(database.db);
  await database.close();
  const base = `http://127.0.0.1:${port}`;
  const proc: ChildProcess = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: 'inherit',
  });
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
  return {
    base,
    seeded,
    stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
