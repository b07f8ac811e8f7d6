import { defineConfig } from 'vitest/config';

/** What both API projects share: each file starts its own server on its own database (tests/api/helpers.ts). */
const apiSuite = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two cores. The suite is CPU-bound: more workers only make each file's timers wait longer.
  maxWorkers: 2,
  // A worker runs its files one after another in one module graph: evaluating the server's modules for
  // every one of ~150 files cost about a quarter of the suite's time. Server state lives on each file's
  // runtime or database, never in a module (src/server/services/account/activity.ts keys its throttle by database).
  isolate: false,
};

export default defineConfig({
  test: {
    // The default output, then the slowest files of the run (tests/reporters/vitest-slowest.ts).
    reporters: ['default', './tests/reporters/vitest-slowest.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...apiSuite,
          name: 'api-pg',
          // PGlite is the PostgreSQL engine itself, so a suite whose outcome cannot depend on the database being a
          // server runs once, on PGlite: input validation (fuzz), the HTTP layer (headers, keep-alive, body limits),
          // start-up configuration, adapters against fake upstreams (chat streams, channel tests, payments, refunds,
          // WeChat, S3), texts in the page language, music rendering, the products CLI, files that unpack to
          // hundreds of MB (parse-bombs: their limits are threads and counts, not the database). Everything with concurrent
          // connections, locks, NOTIFY between processes, transactions or restarts runs here too. Keeps the whole
          // CI run under its time budget.
          exclude: [
            'tests/api/platform/{fuzz,security-headers,keep-alive,dos,sandbox-public,parse-bombs,openapi}.test.ts',
            'tests/api/account/{wechat-official,wechat-official-provider}.test.ts',
            'tests/api/activity/notices.test.ts',
            'tests/api/admin/{channels-test-button,refund-providers}.test.ts',
            'tests/api/apps/app-locales.test.ts',
            'tests/api/channels/weights.test.ts',
            'tests/api/chat/{chat-stream,chat-continue,chat-reasoning}.test.ts',
            'tests/api/drawing/drawing-providers.test.ts',
            'tests/api/moderation/word-tricks.test.ts',
            'tests/api/music/{music-suno,music-render}.test.ts',
            'tests/api/shop/{alipay,wechatpay,products-cli}.test.ts',
            'tests/api/storage/{s3-provider,s3-site}.test.ts',
          ],
        },
      },
      {
        test: { ...apiSuite, name: 'api' },
      },
    ],
  },
});
