import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newDataDir } from './data-dirs';
import { healthy, spawnBuiltServer } from './own-server';

// The production build on a public PUBLIC_ORIGIN, as `npm start` runs it:
// the sandbox providers need ALLOW_SANDBOX=true, and then every page says so.
// Its own port beside the run's (E2E_PORT), so two checkouts' suites never meet.
const PORT = Number(process.env.E2E_PORT ?? 4399) + 1080;
const BASE = `http://127.0.0.1:${PORT}`;
const dirs: string[] = [];
const procs: ChildProcess[] = [];

function start(extra: Record<string, string>) {
  const dataDir = newDataDir('miaobi-sandbox-');
  dirs.push(dataDir);
  const proc = spawnBuiltServer(PORT, dataDir, { PUBLIC_ORIGIN: 'https://miaobi.example', ...extra }, [
    'ignore',
    'pipe',
    'pipe',
  ]);
  procs.push(proc);
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  proc.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, exited, output: () => output };
}

test.afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

test('a public origin with the sandbox refuses to start unless ALLOW_SANDBOX=true', async () => {
  const server = start({});
  expect(await server.exited).toBe(1);
  expect(server.output()).toMatch(/PUBLIC_ORIGIN=https:\/\/miaobi\.example is not a loopback address/);
  expect(server.output()).toContain('ALLOW_SANDBOX=true');
});

test('with ALLOW_SANDBOX=true: a warning in the log, a sandbox bar on every page, and health says so', async ({
  page,
}) => {
  // A server start on a busy machine.
  test.setTimeout(150_000);
  const server = start({ ALLOW_SANDBOX: 'true' });
  await healthy(PORT);
  const health = await (await fetch(`${BASE}/api/health`)).json();
  expect(health.data.sandbox).toEqual(['payment', 'wechat', 'sms']);
  expect(server.output()).toMatch(/"level":"warn".*sandbox providers are active/);

  const banner = '沙盒模式：本站的 支付、微信登录、短信 为测试用沙盒，不会产生真实交易，请勿用于正式服务';
  for (const url of ['/', '/terms', '/pay/sandbox/MBNOSUCHORDER123', '/wx/sandbox/0123456789abcdef']) {
    await page.goto(`${BASE}${url}`);
    await expect(page.getByText(banner), url).toBeVisible();
  }
  server.proc.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});
