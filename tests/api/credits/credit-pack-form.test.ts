import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCode } from '../../../src/shared/admin';
import { makeStaff, type Staff } from '../admin/admin-helpers';
import { freshCode, paidOrder } from '../admin/order-helpers';
import { productForm } from '../admin/product-forms';
import { startTestServer, type TestServer } from '../helpers';
import { balanceOf, expectBooksBalanced } from './credits-helpers';

// The console product form's credits field (docs/credits.md#credit-packs): set like a price, with a
// fresh code; a pack bought through the site grants them.
let srv: TestServer;
let admin: Staff;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'pack-admin@example.com', 'admin');
}, 60_000);
afterAll(() => srv?.dispose());

const send = (path: string, body: object) =>
  srv.call('POST', `/api/admin/products${path}`, body, { cookie: admin.cookie });

describe('credit packs in the console', () => {
  it('creates a pack with credits, asks a code to change them, refuses a bad amount, and grants them on payment', async () => {
    const created = await send('', {
      ...productForm({ credits: 300 }),
      productCode: 'PACK_300',
      code: await freshCode(srv, admin.id),
    });
    expect(created.body.data).toEqual({ applied: true });
    const list = await srv.call('GET', '/api/admin/products', undefined, { cookie: admin.cookie });
    const pack = list.body.data.find((p: { productCode: string }) => p.productCode === 'PACK_300');
    expect(pack).toMatchObject({ credits: 300, productType: 1, productBenefit: 7 });

    const noCode = await send(`/${pack.id}`, productForm({ credits: 500 }));
    expect([noCode.status, noCode.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    const bad = await send(`/${pack.id}`, { ...productForm({ credits: -1 }), code: await freshCode(srv, admin.id) });
    expect([bad.status, bad.body.data.fields.credits]).toEqual([400, '赠送积分须为 0 到 10,000,000 的整数']);
    // Texts alone change without a code; the credits stay.
    const texts = await send(`/${pack.id}`, productForm({ credits: 300, disPrice: '9.9' }));
    expect(texts.body.data).toEqual({ applied: true });

    const buyer = await paidOrder(srv, 'PACK_300');
    expect(await balanceOf(srv, buyer.u.headers)).toMatchObject({ balance: 300 });
    await expectBooksBalanced(srv.runtime.database.db);
  });
});
