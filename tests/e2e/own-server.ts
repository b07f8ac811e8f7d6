import { type ChildProcess, spawn } from 'node:child_process';
import { expect } from '@playwright/test';

/**
 * The built server on a port and data directory of its own, for a spec that must write the database
 * before any server opens it (PGlite allows one process): console roles, an enrolled authenticator.
 */
export async function startOwnServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  // A server left on the port (a test killed at its timeout) would answer the polls below in place of this one.
  const left = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
  if (left) throw new Error(`port ${port} is taken: a server of an earlier test is still running`);
  const proc = spawn(process.execPath, ['dist/server/main.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...extraEnv,
    },
    stdio: 'inherit',
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
      timeout: 120_000,
    })
    .toBe(200);
  return proc;
}
