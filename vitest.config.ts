import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          // PGlite is the PostgreSQL engine itself, so a suite whose outcome cannot depend on the database being a
          // server runs once, on PGlite: input validation (fuzz), the HTTP layer (headers, keep-alive, body limits),
          // adapters against fake upstreams, the products CLI. Everything with concurrent connections, locks, NOTIFY
          // between processes or restarts runs here too. Keeps the whole CI run under its time budget.
          exclude: [
            'tests/api/platform/{fuzz,security-headers,keep-alive,dos}.test.ts',
            'tests/api/account/wechat-official-provider.test.ts',
            'tests/api/drawing/drawing-providers.test.ts',
            'tests/api/music/music-suno.test.ts',
            'tests/api/storage/s3-provider.test.ts',
            'tests/api/chat/chat-stream.test.ts',
            'tests/api/shop/products-cli.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
