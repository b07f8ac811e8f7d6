import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { newDataDir } from './data-dirs';
import { healthy, spawnBuiltServer } from './own-server';

// Drives the production build as a separate process, as `npm start` runs it.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1090;
let proc: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = newDataDir('miaobi-shutdown-');
  proc = spawnBuiltServer(PORT, dataDir);
  await healthy(PORT);
});

test.afterAll(() => {
  if (proc.exitCode === null) proc.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('SIGTERM closes push sockets with 1001, finishes, and exits 0', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/404`);
  // A socket held by the page and one held from Node.
  // Resolved once the server has greeted it: a socket still connecting at SIGTERM would see 1006, not 1001.
  await page.evaluate(
    (port) =>
      new Promise<void>((resolve) => {
        const w = window as unknown as { pushClose?: number };
        const ws = new WebSocket(`ws://127.0.0.1:${port}/websocket/callback?taskId=shutdown-page`);
        ws.onmessage = () => resolve();
        ws.onclose = (e) => {
          w.pushClose = e.code;
        };
      }),
    PORT,
  );
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/websocket/callback?taskId=shutdown-node`);
  const connected = new Promise((resolve) => ws.once('message', resolve));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await connected;

  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  proc.kill('SIGTERM');
  expect(await closed).toBe(1001);
  await expect.poll(() => page.evaluate(() => (window as unknown as { pushClose?: number }).pushClose)).toBe(1001);
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
});
