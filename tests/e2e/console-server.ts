import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/client';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/**
 * A server of a console spec's own: the console needs roles (and such) written
 * in the database before the server starts, as the admin CLI would (PGlite
 * allows one process). `seed` writes them; the server then runs on `port`.
 */
export async function startConsoleServer(port: number, seed: (db: Db) => Promise<void>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-console-'));
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
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
  return {
    base,
    stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** No axe-core violations on the page as it stands. */
export async function expectAxeClean(page: Page) {
  // Evaluated through the devtools protocol: the page's CSP (no inline scripts) stays as it is.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } }).axe;
    return (await axe.run()).violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);
}
