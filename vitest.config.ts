import { defineConfig } from 'vitest/config';
import { BACKEND_INDEPENDENT } from './tests/api/backend-independent';

/** What both API projects share: each file starts its own server on its own database (tests/api/helpers.ts). */
const apiSuite = {
  include: ['tests/api/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two cores. The suite is CPU-bound: more workers only make each file's timers wait longer. Tried again with
  // three on the timer-heavy files (refunds, drawings, songs, restarts, moderation) on a busy machine: 18 of 90
  // tests ran out of time waiting for workers, so two it stays.
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
          // A few files parse the source tree (the compiler, every route): seconds beside the typecheck.
          testTimeout: 20_000,
          // One module graph per worker, as in the API projects: evaluating the imports again for each of ~110
          // files took two thirds of the project's time (78 s against 25 s). Stubbed globals go back after
          // every test, so a file's stubs never reach the next one.
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          ...apiSuite,
          name: 'api-pg',
          // Files whose outcome cannot depend on the database being a server run once, in `api`: each is
          // listed with its reason in tests/api/backend-independent.ts (README, testing).
          exclude: Object.keys(BACKEND_INDEPENDENT),
        },
      },
      {
        test: { ...apiSuite, name: 'api' },
      },
    ],
  },
});
