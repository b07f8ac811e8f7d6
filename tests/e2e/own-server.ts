import { type ChildProcess, spawn } from 'node:child_process';
import { expect } from '@playwright/test';

/**
 * Starts the built server on its own port and data directory, for a spec
 * that prepares the database before any process opens it (PGlite allows
 * one), and waits until it answers.
 */
export async function startOwnServer(port: number, dataDir: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['dist/server/main.mjs'], {
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
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
      timeout: 60_000,
    })
    .toBe(200);
  return proc;
}
