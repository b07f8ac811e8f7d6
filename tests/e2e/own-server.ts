import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect } from '@playwright/test';
import { TEST_PROCESS_FLAGS } from '../fixtures/node-flags';
import { newDataDir } from './data-dirs';

/** The built server as `npm start` runs it (in production mode unless `env` says otherwise), on a port and data directory. */
export function spawnBuiltServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  stdio: StdioOptions = 'inherit',
): ChildProcess {
  return spawn(process.execPath, [...TEST_PROCESS_FLAGS, 'dist/server/main.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio,
  });
}

/** Resolves once the server on `port` answers its health check (a start on a busy machine takes a while). */
export async function healthy(port: number): Promise<void> {
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.status, {
      timeout: 120_000,
    })
    .toBe(200);
}

/**
 * The built server on a port and data directory of its own, in test mode, for a spec that must write the
 * database before any server opens it (PGlite allows one process): console roles, an enrolled authenticator.
 */
export async function startOwnServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  // A server left on the port (a test killed at its timeout) would answer the polls below in place of this one.
  const left = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
  if (left) throw new Error(`port ${port} is taken: a server of an earlier test is still running`);
  const proc = spawnBuiltServer(port, dataDir, { NODE_ENV: 'test', ...extraEnv });
  await healthy(port);
  return proc;
}

/**
 * startOwnServer on a new data directory (data-dirs.ts), made here, in the hook that starts the server, and
 * not when a process merely loads the spec; `prepare` writes it before the server opens it. stop() kills the
 * server and removes the directory.
 */
export async function startFreshServer(
  port: number,
  prefix: string,
  extraEnv: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
) {
  const dataDir = newDataDir(prefix);
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  let proc: ChildProcess;
  try {
    await prepare?.(dataDir);
    proc = await startOwnServer(port, dataDir, extraEnv);
  } catch (err) {
    remove();
    throw err;
  }
  return {
    proc,
    dataDir,
    stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      remove();
    },
  };
}
