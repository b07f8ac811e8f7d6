import { describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../../src/server/config/env';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { Code } from '../../../src/shared/codes';
import { createTestDatabase, createUserWithToken, runProducts } from '../helpers';

const upsert = [
  'upsert',
  '--code',
  'VIP_MONTH',
  '--name',
  '月度会员',
  '--type',
  '1',
  '--benefit',
  '30',
  '--price',
  '39',
];

// Its own file because products-cli.test.ts runs on PGlite only (vitest.config.ts): this one needs a server
// and a command process on one PostgreSQL database, told apart only by NOTIFY.
describe('products command beside a running server', () => {
  it.runIf(inject('postgresUrl'))(
    "clears the server's cached catalogue at once: the list and the next order's price",
    async () => {
      const db = await createTestDatabase();
      const env = { DATA_DIR: db.dataDir, DATABASE_URL: String(db.databaseUrl), LOG_LEVEL: 'silent' };
      const srv = await startServer(
        loadEnv({ ...env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test' }),
        createLogger('silent'),
      );
      try {
        const products = async () =>
          (await (await fetch(`${srv.url}/api/product/list/aichat`, { method: 'POST' })).json()).data.data as Array<{
            productId: number;
            productCode: string;
            productDisPrice: number;
          }>;
        const names = async () => (await products()).map((p) => p.productCode);
        expect(await names()).toContain('VIP_MONTH');
        const u = await createUserWithToken(srv, 'cli-price@example.com');
        const order = async (productId: number) =>
          (
            await fetch(`${srv.url}/api/order/create`, {
              method: 'POST',
              headers: { ...u.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ productId, productCode: 'VIP_MONTH' }),
            })
          ).json();
        const { productId } = (await products()).find((p) => p.productCode === 'VIP_MONTH') ?? { productId: 0 };

        // Orders take the product from the same cached catalogue, cleared by the same notify.
        await runProducts(env, ...upsert, '--dis-price', '19.9');
        await expect
          .poll(async () => (await products()).find((p) => p.productId === productId)?.productDisPrice)
          .toBe(1990);
        expect((await order(productId)).data).toMatchObject({ orderPrice: 1990, orderStatus: 5 });

        await runProducts(env, 'disable', '--code', 'VIP_MONTH');
        await expect.poll(names).not.toContain('VIP_MONTH');
        expect(await order(productId)).toMatchObject({ code: Code.ORDER_NOT_ALLOWED });
      } finally {
        await srv.stop(1000);
        await db.drop();
      }
      // Two command processes, each a second or more on a busy machine.
    },
    120_000,
  );
});
