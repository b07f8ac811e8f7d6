// Product names in the page's language on the order API, and in the user's in the receipt
// (docs/payments.md#products); the catalogue list itself: tests/api/admin/console-products.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, users } from '../../../src/server/db/schema';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { sandboxPay } from '../sandbox-helpers';
import { createOrder } from './pay-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
});
afterAll(() => srv?.dispose());

describe('orders in three languages', () => {
  it("names the order in the page's language, keeps the names of its time, and e-mails the receipt in the user's", async () => {
    const u = await createUserWithToken(srv, 'english@example.com');
    await srv.runtime.database.db.update(users).set({ language: 'en-US' }).where(eq(users.id, u.id));
    const created = await createOrder(srv, { ...u.headers, cookie: 'lang=en-US' }, 'VIP_MONTH');
    expect(created.body.data.orderDesc).toBe('Monthly membership');

    // A later rename does not rename the order.
    await srv.runtime.database.db
      .update(products)
      .set({ productName: '新月卡', names: { 'en-US': 'New monthly pass' } })
      .where(eq(products.productCode, 'VIP_MONTH'));
    const list = async (lang: string) =>
      (
        await srv.call(
          'POST',
          '/api/order/list',
          { pageNum: 1, pageSize: 10 },
          { ...u.headers, cookie: `lang=${lang}` },
        )
      ).body.data.records[0].orderDesc;
    expect([await list('zh-CN'), await list('en-US'), await list('zh-TW')]).toEqual([
      '月度会员',
      'Monthly membership',
      '月度會員',
    ]);
    const detail = await srv.call('GET', `/api/order/detail?orderNo=${created.body.data.orderNo}`, undefined, {
      ...u.headers,
      cookie: 'lang=zh-TW',
    });
    expect(detail.body.data.orderDesc).toBe('月度會員');

    expect((await sandboxPay(srv, created.body.data.payLink)).body.data).toMatchObject({ orderStatus: 1 });
    const outbox = path.join(srv.runtime.env.DATA_DIR, 'outbox');
    const eml = () =>
      readdirSync(outbox)
        .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
        .join('\n');
    await expect.poll(eml).toContain('Monthly membership');
  });
});
