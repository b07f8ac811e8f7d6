// Creating and owning orders: the catalogue, who may order, one unpaid order
// per product, privacy between users, packs and free products with their
// purchase limit. Paying for them: order-payment.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../src/server/db/schema';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { sandboxPay } from '../sandbox-helpers';
import { openSocket } from '../socket-helpers';
import { createOrder, productByCode, userRow } from './pay-helpers';

let srv: TestServer;
let n = 0;
beforeAll(async () => {
  srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
});
afterAll(() => srv?.dispose());

const newUser = () => createUserWithToken(srv, `buyer${++n}@example.com`);

describe('products', () => {
  it('lists the seeded catalogue, and by type', async () => {
    const all = await srv.call('POST', '/api/product/list/aichat');
    expect(all.body.code).toBe(200);
    expect(all.body.data.data.length).toBeGreaterThanOrEqual(6);
    const packs = await srv.call('POST', '/api/product/list/aichat?type=4');
    expect(packs.body.data.data.length).toBeGreaterThan(0);
    expect(packs.body.data.data.every((p: { productType: number }) => p.productType === 4)).toBe(true);
  });
});

describe('orders', () => {
  it('refuses anonymous buyers with 1000001', async () => {
    const res = await createOrder(srv, {}, 'VIP_MONTH');
    expect(res.body).toMatchObject({ code: 1000001, result: '您还没有登录，请先登录' });
  });

  it('20 concurrent creates for one product give one unpaid order', async () => {
    const u = await newUser();
    const p = await productByCode(srv, 'VIP_YEAR');
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        srv.call('POST', '/api/order/create', { productId: p.id, productCode: p.productCode }, u.headers),
      ),
    );
    const codes = replies.map((r) => r.body.code);
    expect(codes.filter((c) => c === 1000000)).toHaveLength(1);
    expect(codes.filter((c) => c === 100000304)).toHaveLength(19);
    const orderNos = new Set(replies.map((r) => r.body.data.orderNo));
    expect(orderNos.size).toBe(1);
    const dup = replies.find((r) => r.body.code === 100000304);
    expect(dup?.body.result).toBe('您有相同订单还未支付，请先支付');
    const rows = await srv.runtime.database.db.select().from(orders).where(eq(orders.userId, u.id));
    expect(rows).toHaveLength(1);
  });

  it("hides and protects one user's orders from another", async () => {
    const a = await newUser();
    const b = await newUser();
    const { body } = await createOrder(srv, a.headers, 'MUSIC_10');
    const orderNo = body.data.orderNo;
    expect((await srv.call('POST', '/api/order/list', { pageNum: 1, pageSize: 10 }, b.headers)).body.data.total).toBe(
      0,
    );
    expect((await srv.call('GET', `/api/order/detail?orderNo=${orderNo}`, undefined, b.headers)).status).toBe(404);
    expect((await srv.call('POST', '/api/order/cancel', { orderNo }, b.headers)).status).toBe(404);
    const spy = await openSocket(srv.url, { taskId: orderNo, token: b.token });
    expect((await spy.closed).code).toBe(4403);
    // The owner cancels, and may order again.
    const cancel = await srv.call('POST', '/api/order/cancel', { orderNo }, a.headers);
    expect(cancel.body.data.orderStatus).toBe(6);
    const search = await srv.call(
      'POST',
      '/api/order/list',
      { pageNum: 1, pageSize: 10, orderNo: orderNo.slice(-8) },
      a.headers,
    );
    expect(search.body.data.records.map((r: { orderNo: string }) => r.orderNo)).toEqual([orderNo]);
    // Each page tells the whole list's total, a page past the end too (one query per page, counted apart there).
    const again = (await createOrder(srv, a.headers, 'MUSIC_10')).body.data.orderNo;
    const page = async (pageNum: number) =>
      (await srv.call('POST', '/api/order/list', { pageNum, pageSize: 1 }, a.headers)).body.data;
    expect(await page(1)).toMatchObject({ total: 2, records: [{ orderNo: again }] });
    expect(await page(2)).toMatchObject({ total: 2, records: [{ orderNo }] });
    expect(await page(3)).toMatchObject({ total: 2, records: [] });
  });

  it('adds compositions for a pack; a free product is granted at once and limited', async () => {
    const u = await newUser();
    const { body } = await createOrder(srv, u.headers, 'MUSIC_10');
    await sandboxPay(srv, body.data.payLink);
    expect((await userRow(srv, u.id)).compositionsLeft).toBe(10);

    const free = await createOrder(srv, u.headers, 'TRIAL_DAY');
    expect(free.body).toMatchObject({ code: 1000000, data: { orderStatus: 9, orderPrice: 0 } });
    expect((await userRow(srv, u.id)).vipType).toBe(1);
    const twice = await createOrder(srv, u.headers, 'TRIAL_DAY');
    expect(twice.body.code).toBe(100000305);
    expect(twice.body.result).toBe('该商品每人限购 1 次，您已达到购买上限');
    const trial = await productByCode(srv, 'TRIAL_DAY');
    const wrongCode = await srv.call(
      'POST',
      '/api/order/create',
      { productId: trial.id, productCode: 'VIP_MONTH' },
      u.headers,
    );
    expect(wrongCode.body.code).toBe(100000305);
  });
});
