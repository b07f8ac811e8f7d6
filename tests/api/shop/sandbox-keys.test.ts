// A sandbox order's pay-link key lives beside the order (order_sandbox_keys, migration 0030): issuing
// and spending keys change no order row, so they announce no change of the user's order list, while
// creating and paying the order do. The migration carries live keys over. The key's rules (one-time,
// owner only): order-payment.test.ts.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUSH_CHANNEL } from '../../../src/server/push/hub';
import { USER_LISTS_CHANNEL } from '../../../src/server/services/user-lists';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { applyMigration, migrateBefore } from '../migrations';
import { sandboxPay } from '../sandbox-helpers';
import { createOrder, sandboxKeyHash } from './pay-helpers';

const KEYS_MIGRATION = '0030_sandbox_keys_table.sql';

describe('sandbox pay-link keys', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
  });
  afterAll(() => srv?.dispose());

  it('issuing and spending a key announce no order-list change; creating and paying the order do, paying before its push', async () => {
    const u = await createUserWithToken(srv, 'keys@example.com');
    const { notifier } = srv.runtime.database;
    const heard: string[] = [];
    await notifier.listen(USER_LISTS_CHANNEL, (payload) => heard.push(payload));
    await notifier.listen(PUSH_CHANNEL, (payload) => heard.push(`push:${(JSON.parse(payload) as { t: string }).t}`));
    // Notifications arrive in commit order: once a marker published after an action is heard,
    // whatever that action announced has been heard too.
    let markers = 0;
    const announcedBy = async (action: () => Promise<unknown>) => {
      heard.length = 0;
      await action();
      const marker = `marker:${++markers}`;
      await notifier.publish(USER_LISTS_CHANNEL, marker);
      await expect.poll(() => heard.includes(marker)).toBe(true);
      return heard.filter((p) => p !== marker);
    };
    const ownOrders = `orders:${u.id}`;

    let payLink = '';
    const created = await announcedBy(async () => {
      payLink = (await createOrder(srv, u.headers, 'VIP_MONTH')).body.data.payLink;
    });
    expect(created).toEqual([ownOrders]);
    const orderNo = new URL(payLink).pathname.split('/').pop() as string;
    const first = await sandboxKeyHash(srv, orderNo);
    expect(first).toMatch(/^[0-9a-f]{64}$/);

    let fresh = '';
    const reissued = await announcedBy(async () => {
      fresh = (await srv.call('POST', `/api/pay/sandbox/${orderNo}/link`, undefined, u.headers)).body.data.payLink;
    });
    expect(reissued).toEqual([]);
    expect(await sandboxKeyHash(srv, orderNo)).not.toBe(first);
    // The retired key: refused, and nothing changes.
    expect(await announcedBy(async () => expect((await sandboxPay(srv, payLink)).status).toBe(404))).toEqual([]);

    // Every process drops the user's kept order list before the payer's page hears "paid" and reloads it.
    expect(await announcedBy(() => sandboxPay(srv, fresh))).toEqual([ownOrders, `push:${orderNo}`]);
    expect(await sandboxKeyHash(srv, orderNo)).toBeNull();
  });
});

// The SQL is the same on both databases: it runs once, on an in-memory PGlite.
describe('migration 0030 (sandbox keys beside the order)', () => {
  it.skipIf(Boolean(inject('postgresUrl')))(
    "moves every order's live key to order_sandbox_keys and drops the column",
    async () => {
      // Migration 0023 needs pg_trgm, as the server's own PGlite has it.
      const pg = new PGlite({ extensions: { pg_trgm } });
      try {
        await migrateBefore(pg, KEYS_MIGRATION);
        await pg.exec(`
          INSERT INTO products (product_code, product_name, product_description, product_type, product_benefit, product_price, product_dis_price)
            VALUES ('VIP_MONTH', '月度会员', '30 天会员', 1, 30, 3900, 2900);
          INSERT INTO users (email) VALUES ('old@example.com');
          INSERT INTO orders (order_no, user_id, product_id, product_code, product_type, product_benefit, order_desc, order_price, order_status, pay_provider, pay_limit_time, expires_at, sandbox_key_hash) VALUES
            ('MB1', 1, 1, 'VIP_MONTH', 1, 30, '月度会员', 2900, 5, 'sandbox', 15, now(), '${'a'.repeat(64)}'),
            ('MB2', 1, 1, 'VIP_MONTH', 1, 30, '月度会员', 2900, 1, 'sandbox', 15, now(), null);`);
        await applyMigration(pg, KEYS_MIGRATION);

        const keys = await pg.query(
          'SELECT o.order_no, k.key_hash FROM order_sandbox_keys k JOIN orders o ON o.id = k.order_id',
        );
        expect(keys.rows).toEqual([{ order_no: 'MB1', key_hash: 'a'.repeat(64) }]);
        const column = await pg.query(
          "SELECT 1 FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'sandbox_key_hash'",
        );
        expect(column.rows).toEqual([]);
      } finally {
        await pg.close();
      }
    },
    180_000,
  );
});
