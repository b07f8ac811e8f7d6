import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../../src/server/config/env';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { createTestDatabase } from '../helpers';

const run = promisify(execFile);
const cli = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/products.ts', ...args], {
    env: { ...process.env, ...env },
  });

// Its own file because products-cli.test.ts runs on PGlite only (vitest.config.ts): this one needs a server
// and a command process on one PostgreSQL database, told apart only by NOTIFY.
describe('products command beside a running server', () => {
  it.runIf(inject('postgresUrl'))(
    "clears the server's cached product list at once",
    async () => {
      const db = await createTestDatabase();
      const env = { DATA_DIR: db.dataDir, DATABASE_URL: String(db.databaseUrl), LOG_LEVEL: 'silent' };
      const srv = await startServer(
        loadEnv({ ...env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test' }),
        createLogger('silent'),
      );
      try {
        const names = async () =>
          (
            (await (await fetch(`${srv.url}/api/product/list/aichat`, { method: 'POST' })).json()).data.data as Array<{
              productCode: string;
            }>
          ).map((p) => p.productCode);
        expect(await names()).toContain('VIP_MONTH');
        await cli(env, 'disable', '--code', 'VIP_MONTH');
        await expect.poll(names).not.toContain('VIP_MONTH');
      } finally {
        await srv.stop(1000);
        await db.drop();
      }
      // A command process compiles the server's modules with tsx: seconds on a busy machine.
    },
    120_000,
  );
});
