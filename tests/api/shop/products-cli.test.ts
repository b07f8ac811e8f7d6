import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../src/server/config/env';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { yuanToFen } from '../../../src/server/services/shop/money';
import { createTestDatabase, runProducts } from '../helpers';

describe('products command', () => {
  it('converts yuan to fen exactly and refuses bad amounts', () => {
    expect(yuanToFen('29.9', 'p')).toBe(2990);
    expect(yuanToFen('0.01', 'p')).toBe(1);
    expect(yuanToFen('268', 'p')).toBe(26800);
    expect(() => yuanToFen('1.234', 'p')).toThrow(/yuan/);
    expect(() => yuanToFen('-1', 'p')).toThrow(/yuan/);
  });

  it('adds, updates and disables products that the site then lists', async () => {
    const db = await createTestDatabase();
    const env = {
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
    };
    try {
      await runProducts(
        env,
        'upsert',
        '--code',
        'VIP_WEEK',
        '--name',
        '周会员',
        '--type',
        '1',
        '--benefit',
        '7',
        '--price',
        '12',
        '--dis-price',
        '9.9',
        '--sort',
        '1',
        '--name-en',
        'Weekly membership',
      );
      const bad = await runProducts(
        env,
        'upsert',
        '--code',
        'X',
        '--name',
        'x',
        '--type',
        '9',
        '--benefit',
        '1',
        '--price',
        '1',
        '--dis-price',
        '1',
      ).catch((e: { stderr: string }) => e);
      expect((bad as { stderr: string }).stderr).toMatch(/--type must be/);

      const list = async () => {
        const srv = await startServer(
          loadEnv({ ...env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: 'test' }),
          createLogger('silent'),
        );
        try {
          const res = await (
            await fetch(`${srv.url}/api/product/list/aichat`, { method: 'POST', headers: { cookie: 'lang=en-US' } })
          ).json();
          return res.data.data as Array<{ productCode: string; productDisPrice: number; productBenefit: number }>;
        } finally {
          await srv.stop(1000);
        }
      };
      const first = await list();
      expect(first.find((p) => p.productCode === 'VIP_WEEK')).toMatchObject({
        productDisPrice: 990,
        productBenefit: 7,
        // The optional translation is served to en-US pages.
        productName: 'Weekly membership',
      });
      // A catalogue the operator started is not mixed with the seed.
      expect(first.map((p) => p.productCode)).toEqual(['VIP_WEEK']);

      await runProducts(env, 'disable', '--code', 'VIP_WEEK');
      expect((await list()).some((p) => p.productCode === 'VIP_WEEK')).toBe(false);
      const { stdout } = await runProducts(env, 'list');
      expect(stdout).toMatch(/^x VIP_WEEK\t周会员/m);
    } finally {
      await db.drop();
    }
    // Four command processes, each opening the embedded database, and two servers: minutes on a busy machine.
  }, 300_000);
});
