import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BROWSER_ARGS, BROWSER_PATH } from './tests/e2e/browser';
import { TEST_PROCESS_FLAGS } from './tests/fixtures/node-flags';

// E2E_PORT lets a second checkout run its suite beside this one.
const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * A fresh data directory per run. Playwright loads this file again in every worker, so only the first
 * load (no E2E_DATA_DIR yet) wipes it; workers inherit the variable. It sits beside, not inside,
 * outputDir, which Playwright empties while the server may already be using it. The migrated database
 * every server of the run copies is tests/fixtures/pglite-template.ts's.
 */
function freshDataDir(): string {
  const existing = process.env.E2E_DATA_DIR;
  if (existing) return existing;
  const dir = resolve('test-results/e2e-data');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_DATA_DIR = dir;
  return dir;
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/playwright',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // One retry in CI, reported as 'flaky' rather than hidden: a spec that passes only on its retry is listed at the
  // end of the run, to be fixed at its cause (as the square's ETag, chat-leave's reset and install's offline waits were).
  retries: process.env.CI ? 1 : 0,
  // Three on two cores: a run spends most of its time waiting (streamed answers, polls, hydration), not computing.
  // Its processes (browsers, servers, workers) used ~650 s of CPU in a 733 s run on two workers: under half the cores.
  workers: 3,
  // The slowest spec files are listed at the end of every run, so the next person sees where the time goes.
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never', outputFolder: 'playwright-report' }] as const] : []),
    ['./tests/reporters/playwright-slowest.ts'],
  ],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    // People who ask for less motion get no animation loops nor fades (the site's motion-reduce styles): the
    // browser then paints ~11 % less for the same specs. shared-ui.spec.ts, whose subject is the dialogs'
    // transitions, asks for motion.
    reducedMotion: 'reduce',
    // The site's service worker installs in every new context once a page is idle: it fetches its shell (the
    // offline page among it) and then routes every built file through its cache, ~0.6-0.9 s of CPU per test on
    // two cores (about a third of a context's). install.spec.ts tests the worker itself, and the crawl's zh-CN
    // visitor passes load every page with it running; the other specs test the site's flows without it.
    serviceWorkers: 'block',
    locale: 'zh-CN',
    // Recording a trace costs every test screenshots and DOM snapshots: in CI only the retry of a failed test
    // records one; a local run (no retries) keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Debian's headless shell (tests/e2e/browser.ts): Playwright never downloads a browser here.
    launchOptions: { executablePath: BROWSER_PATH, args: BROWSER_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The template exists before the server starts, so the tests' own servers find it.
    command: `node --import tsx tests/e2e/fixtures/prepare-data.ts && exec node ${TEST_PROCESS_FLAGS.join(' ')} dist/server/main.mjs`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: freshDataDir(),
      LOG_LEVEL: 'warn',
      // Lets tests set the server clock (x-test-clock-offset); honoured only in test mode.
      NODE_ENV: 'test',
      // Every browser test comes from 127.0.0.1: per-IP limits would otherwise trip.
      IP_LIMIT_SCALE: '50',
      // Offline videos of one second at 144p: the browser tests follow a task's life, not the encoder's speed.
      VIDEO_OFFLINE_SHORT_SIDE: '144',
      VIDEO_OFFLINE_FPS: '12',
      VIDEO_OFFLINE_MAX_SECONDS: '1',
    },
  },
});
