import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAudit, products } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/log';
import { startServer } from '../../../src/server/server';
import { CACHE_CHANNEL, createProductCatalog } from '../../../src/server/services/shop/products';
import { AdminCode } from '../../../src/shared/admin';
import { startTestServer, type TestServer, testEnv } from '../helpers';
import { codeFor, makeStaff, requestId, type Staff } from './admin-helpers';
import { catalogueIn, productForm as form } from './product-forms';

let srv: TestServer;
let admin: Staff;
let operator: Staff;
let staffCount = 0;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await makeStaff(srv, 'products-admin@example.com', 'admin');
  operator = await makeStaff(srv, 'products-op@example.com', 'operator');
}, 120_000);
afterAll(() => srv?.dispose());

const db = () => srv.runtime.database.db;
/** A code is accepted once per time step: each price change here is made by an admin with a code to spare. */
async function priceCode(): Promise<{ cookie: string; code: string }> {
  staffCount += 1;
  const boss = await makeStaff(srv, `price-admin-${staffCount}@example.com`, 'admin');
  return { cookie: boss.cookie, code: await codeFor(srv, boss.id, 1) };
}

const catalogue = (lang: string) => catalogueIn(srv, lang);

const productByCode = async (code: string) => {
  const [row] = await db().select().from(products).where(eq(products.productCode, code));
  if (!row) throw new Error(`no product ${code}`);
  return row;
};
const auditOf = (id: number) =>
  db()
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.targetType, 'product'), eq(adminAudit.targetId, String(id))))
    .orderBy(adminAudit.id);

describe('product texts in three languages', () => {
  it('lists the seeded catalogue in the language asked, zh-CN by default', async () => {
    const [zh, en, tw] = await Promise.all([catalogue('zh-CN'), catalogue('en-US'), catalogue('zh-TW')]);
    const month = (list: typeof zh) => list.find((p) => p.productCode === 'VIP_MONTH');
    expect(month(zh)).toMatchObject({ productName: '月度会员', productDescription: expect.stringContaining('对话') });
    expect(month(en)).toMatchObject({ productName: 'Monthly membership' });
    expect(month(tw)).toMatchObject({ productName: '月度會員', productDescription: expect.stringContaining('對話') });
    // No Chinese in any English name or description.
    for (const p of en) expect(`${p.productName} ${p.productDescription}`).not.toMatch(/\p{Script=Han}/u);
  });
});

describe('console products', () => {
  it('lets an admin create a product, priced in yuan with a fresh code, that /product then lists', async () => {
    const noCode = await srv.call(
      'POST',
      '/api/admin/products',
      { ...form(), productCode: 'WEEK' },
      { cookie: admin.cookie },
    );
    expect([noCode.status, noCode.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);

    const { cookie, code } = await priceCode();
    const body = { ...form({ price: '1999.99', disPrice: '0.01' }), productCode: 'WEEK', code };
    const res = await srv.call('POST', '/api/admin/products', body, { cookie });
    expect(res.body).toMatchObject({ code: 200, data: { applied: true } });
    const row = await productByCode('WEEK');
    expect([row.productPrice, row.productDisPrice, row.enabled]).toEqual([199999, 1, true]);
    expect((await catalogue('en-US')).find((p) => p.productCode === 'WEEK')).toMatchObject({
      productName: 'Weekly membership',
      productDisPrice: 1,
    });
    // An empty zh-TW text falls back to zh-CN; the new product comes last.
    const tw = await catalogue('zh-TW');
    expect(tw.at(-1)).toMatchObject({ productCode: 'WEEK', productName: '周会员' });

    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ action: 'product.create', before: null });
    expect(entry?.after).toMatchObject({ productCode: 'WEEK', productPrice: 199999 });
    // A code is good once.
    const again = await srv.call('POST', '/api/admin/products', { ...body, productCode: 'WEEK2' }, { cookie });
    expect([again.status, again.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    expect(await auditOf(row.id)).toHaveLength(1);
  });

  it('converts yuan to fen exactly and refuses bad amounts with a translated 400, never a 500', async () => {
    const p = await productByCode('VIP_QUARTER');
    for (const bad of ['1.234', '-1', '1e3', '', '12.', '.5', '29,9', '12345678', ' ', '0x10', '１２']) {
      const res = await srv.call('POST', `/api/admin/products/${p.id}`, form({ price: bad, code: '123456' }), {
        cookie: `${admin.cookie}; lang=en-US`,
      });
      expect([res.status, res.body.result], bad).toEqual([400, expect.stringMatching(/amount in yuan/)]);
    }
    const above = await srv.call('POST', `/api/admin/products/${p.id}`, form({ price: '9', disPrice: '9.01' }), {
      cookie: `${admin.cookie}; lang=zh-TW`,
    });
    expect([above.status, above.body.data.fields.disPrice]).toEqual([400, '實付價不能高於原價']);
    for (const over of [
      { productType: 3 },
      { productBenefit: 0 },
      { productBenefit: 1.5 },
      { level: '1' },
      { purchaseLimit: 0 },
      { names: { 'zh-CN': ' ', 'en-US': '', 'zh-TW': '' } },
      { names: { 'zh-CN': 'x'.repeat(61), 'en-US': '', 'zh-TW': '' } },
      { descriptions: 'text' },
    ]) {
      const res = await srv.call('POST', `/api/admin/products/${p.id}`, form(over), { cookie: admin.cookie });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.result).toMatch(/\p{Script=Han}/u);
    }
    expect(await auditOf(p.id)).toHaveLength(0);
  });

  it('edits texts without a code, but a price change asks for a fresh one; each change is one audit row', async () => {
    const p = await productByCode('VIP_YEAR');
    const same = { price: '468', disPrice: '268' };
    const names = { 'zh-CN': '年度会员 Pro', 'en-US': 'Annual membership Pro', 'zh-TW': '年度會員 Pro' };
    const rename = await srv.call(
      'POST',
      `/api/admin/products/${p.id}`,
      form({ ...same, names, productBenefit: 365 }),
      {
        cookie: admin.cookie,
      },
    );
    expect(rename.body.data).toEqual({ applied: true });
    expect((await catalogue('en-US')).find((x) => x.productId === p.id)?.productName).toBe('Annual membership Pro');

    const cheaper = form({ ...same, names, disPrice: '199', productBenefit: 365 });
    const refused = await srv.call('POST', `/api/admin/products/${p.id}`, cheaper, { cookie: admin.cookie });
    expect([refused.status, refused.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    const wrong = await srv.call(
      'POST',
      `/api/admin/products/${p.id}`,
      { ...cheaper, code: '000000' },
      {
        cookie: admin.cookie,
      },
    );
    expect([wrong.status, wrong.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    expect((await productByCode('VIP_YEAR')).productDisPrice).toBe(26800);

    const { cookie, code } = await priceCode();
    const ok = await srv.call('POST', `/api/admin/products/${p.id}`, { ...cheaper, code }, { cookie });
    expect(ok.body.data).toEqual({ applied: true });
    expect((await catalogue('zh-CN')).find((x) => x.productId === p.id)?.productDisPrice).toBe(19900);

    const rows = await auditOf(p.id);
    expect(rows.map((r) => r.action)).toEqual(['product.update', 'product.update']);
    expect(rows[0]?.before).toMatchObject({ names: { 'en-US': 'Annual membership' } });
    expect(rows[0]?.after).toMatchObject({ names: { 'en-US': 'Annual membership Pro' } });
    expect([rows[1]?.before, rows[1]?.after]).toMatchObject([{ productDisPrice: 26800 }, { productDisPrice: 19900 }]);
  });

  it('reorders and disables products, as /product shows them', async () => {
    const codes = async () => (await catalogue('zh-CN')).map((p) => p.productCode);
    const before = await codes();
    const second = await productByCode(before[1] as string);
    const up = await srv.call(
      'POST',
      `/api/admin/products/${second.id}/move`,
      { direction: 'up', requestId: requestId() },
      {
        cookie: admin.cookie,
      },
    );
    expect(up.body.data).toEqual({ applied: true });
    expect((await codes()).slice(0, 2)).toEqual([before[1], before[0]]);
    // One request id acts once, however often it is sent.
    const down = { direction: 'down', requestId: requestId() };
    const moves = await Promise.all(
      [1, 2, 3].map(() => srv.call('POST', `/api/admin/products/${second.id}/move`, down, { cookie: admin.cookie })),
    );
    expect(moves.map((m) => m.body.data.applied).sort()).toEqual([false, false, true]);
    expect(await codes()).toEqual(before);
    await srv.call(
      'POST',
      `/api/admin/products/${second.id}/move`,
      { direction: 'up', requestId: requestId() },
      {
        cookie: admin.cookie,
      },
    );
    const edge = await srv.call(
      'POST',
      `/api/admin/products/${second.id}/move`,
      { direction: 'up', requestId: requestId() },
      {
        cookie: `${admin.cookie}; lang=en-US`,
      },
    );
    expect([edge.status, edge.body.result]).toEqual([400, 'It is already first or last']);

    const off = { enabled: false, requestId: requestId() };
    const disable = await srv.call('POST', `/api/admin/products/${second.id}/enabled`, off, { cookie: admin.cookie });
    expect(disable.body.data).toEqual({ applied: true });
    // The same click again acts once.
    const repeat = await srv.call('POST', `/api/admin/products/${second.id}/enabled`, off, { cookie: admin.cookie });
    expect(repeat.status).toBe(400);
    expect(await codes()).not.toContain(second.productCode);
    const list = await srv.call('GET', '/api/admin/products', undefined, { cookie: operator.cookie });
    expect(list.body.data.find((p: { id: number }) => p.id === second.id)).toMatchObject({ enabled: false });
    await srv.call(
      'POST',
      `/api/admin/products/${second.id}/enabled`,
      { enabled: true, requestId: requestId() },
      {
        cookie: admin.cookie,
      },
    );
    expect(await codes()).toContain(second.productCode);
    expect((await auditOf(second.id)).map((r) => r.action)).toEqual([
      'product.move',
      'product.move',
      'product.move',
      'product.disable',
      'product.enable',
    ]);
  });

  it('lets operators read but not change products', async () => {
    const p = await productByCode('MUSIC_10');
    expect((await srv.call('GET', '/api/admin/products', undefined, { cookie: operator.cookie })).status).toBe(200);
    for (const [url, body] of [
      ['/api/admin/products', { ...form(), productCode: 'OP_MADE', code: '123456' }],
      [`/api/admin/products/${p.id}`, form()],
      [`/api/admin/products/${p.id}/move`, { direction: 'down', requestId: requestId() }],
      [`/api/admin/products/${p.id}/enabled`, { enabled: false, requestId: requestId() }],
    ] as const) {
      const res = await srv.call('POST', url, body, { cookie: operator.cookie });
      expect(res.status, url).toBe(403);
    }
    expect(await auditOf(p.id)).toHaveLength(0);
    expect((await productByCode('MUSIC_10')).enabled).toBe(true);
  });

  it('drops every cached catalogue through NOTIFY when the console changes a product', async () => {
    // A second catalogue listening as another process's does (bootstrap.ts).
    const other = createProductCatalog(db());
    await srv.runtime.database.notifier.listen(CACHE_CHANNEL, () => other.invalidate());
    const p = await productByCode('MUSIC_50');
    expect((await other.list(4)).some((x) => x.productId === p.id)).toBe(true);
    await srv.call(
      'POST',
      `/api/admin/products/${p.id}/enabled`,
      { enabled: false, requestId: requestId() },
      {
        cookie: admin.cookie,
      },
    );
    await expect.poll(async () => (await other.list(4)).some((x) => x.productId === p.id)).toBe(false);
  });

  it.runIf(inject('postgresUrl'))('reaches /product on a second process at once (PostgreSQL)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'miaobi-second-'));
    const second = await startServer(
      testEnv({ dataDir, databaseUrl: srv.runtime.env.DATABASE_URL }),
      createLogger('silent'),
    );
    try {
      const names = async () =>
        (
          (await (await fetch(`${second.url}/api/product/list/aichat`, { method: 'POST' })).json()).data.data as Array<{
            productCode: string;
            productName: string;
          }>
        ).map((x) => x.productName);
      expect(await names()).toContain('新人体验卡');
      const p = await productByCode('TRIAL_DAY');
      const names2 = { 'zh-CN': '新人体验卡 2', 'en-US': 'Trial', 'zh-TW': '' };
      const res = await srv.call(
        'POST',
        `/api/admin/products/${p.id}`,
        form({ names: names2, price: '3', disPrice: '0', productBenefit: 1, purchaseLimit: 1 }),
        { cookie: admin.cookie },
      );
      expect(res.body.data).toEqual({ applied: true });
      await expect.poll(names).toContain('新人体验卡 2');
    } finally {
      await second.stop(1000);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
