import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type Db, openDatabase } from '../../src/server/db/client';

/**
 * The production build on its own port and PGlite directory, for a spec that
 * must write rows before the server starts (PGlite allows one process):
 * `seed` gets the database, then the server starts on it.
 */
export async function startOwnServer(port: number, name: string, seed: (db: Db) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `miaobi-${name}-`));
  const database = await openDatabase({ dataDir });
  await seed(database.db);
  await database.close();
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
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
      .toBe(200);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}
