// What the sandbox pay page's island asks before it shows an order: the
// order its link's one-time key opens, without using the key up; any other
// key, a used one or an unknown order reads as an invalid link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { linkKey, sandboxPay } from '../sandbox-helpers';
import { createOrder, sandboxKeyHash } from './pay-helpers';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ PUBLIC_ORIGIN: 'https://miaobi.example', ALLOW_SANDBOX: 'true' });
});
afterAll(() => srv?.dispose());

const view = (orderNo: string, body?: unknown) => srv.call('POST', `/api/pay/sandbox/${orderNo}/view`, body);
const INVALID = '支付链接无效或已使用，请回到网页重新打开支付二维码';

describe('the sandbox pay page asks for its order with the link key', () => {
  it('answers the order for its live key only, and leaves the key usable', async () => {
    const u = await createUserWithToken(srv, 'viewer@example.com');
    const created = await createOrder(srv, u.headers, 'VIP_MONTH');
    const { orderNo, payLink } = created.body.data as { orderNo: string; payLink: string };
    const keyHash = await sandboxKeyHash(srv, orderNo);

    const shown = await view(orderNo, { key: linkKey(payLink) });
    expect(shown.body).toMatchObject({
      code: 200,
      data: { orderNo, orderPrice: 2900, orderStatus: 5, product: '月度会员' },
    });
    expect(await sandboxKeyHash(srv, orderNo)).toBe(keyHash);

    expect((await view(orderNo)).status).toBe(400);
    expect(await view(orderNo, { key: 'A'.repeat(43) })).toMatchObject({ status: 404, body: { result: INVALID } });
    expect((await view('MBNOSUCHORDER123', { key: linkKey(payLink) })).status).toBe(404);
    // Not an action: 'view' never pays or cancels.
    expect((await view(orderNo, { key: linkKey(payLink) })).body.data.orderStatus).toBe(5);

    expect((await sandboxPay(srv, payLink)).body.data.orderStatus).toBe(1);
    expect(await view(orderNo, { key: linkKey(payLink) })).toMatchObject({ status: 404, body: { result: INVALID } });
  });
});
