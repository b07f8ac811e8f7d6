import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, adminTotp } from '../../../src/server/db/schema';
import { AdminCode } from '../../../src/shared/admin';
import { UPLOADED_IMAGE } from '../../../src/shared/site-settings';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { createOrder } from '../shop/pay-helpers';
import { codeFor, makeStaff, requestId, type Staff } from './admin-helpers';

let srv: TestServer;
let admin: Staff;
let operator: Staff;

beforeAll(async () => {
  srv = await startTestServer({ ICP_NUMBER: '京ICP备00000000号', CHAT_FREE_VISITOR_DAILY: '10' });
  admin = await makeStaff(srv, 'settings-admin@example.com', 'admin');
  operator = await makeStaff(srv, 'settings-operator@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

/**
 * A code for one sensitive request. A code is accepted once (a later time step each), so the test forgets
 * the last accepted step rather than waiting 30 seconds between requests.
 */
async function freshCode() {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  return codeFor(srv, admin.id);
}

async function save(values: Record<string, unknown>, extra: Record<string, unknown> = {}, headers = {}) {
  return srv.call(
    'POST',
    '/api/admin/settings',
    { values, requestId: requestId(), code: await freshCode(), ...extra },
    { cookie: admin.cookie, ...headers },
  );
}

async function setting(key: string) {
  const res = await srv.call('GET', '/api/admin/settings', undefined, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return (res.body.data as Array<{ key: string }>).find((s) => s.key === key) as Record<string, unknown>;
}

const pngDataUrl = async (color = '#000') => {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
};

describe('site settings', () => {
  it('shows each effective value with its env default and source', async () => {
    expect(await setting('ICP_NUMBER')).toMatchObject({
      value: '京ICP备00000000号',
      defaultValue: '京ICP备00000000号',
      source: 'env',
      updatedAt: null,
    });
    expect(await setting('COUPON_OPEN_HOUR')).toMatchObject({ value: 12, source: 'env' });
  });

  it('changes the free chat quota for the next request, and resets it to the env default', async () => {
    const quota = async () => (await srv.call('GET', '/api/chat/quota')).body.data.limit;
    expect(await quota()).toBe(10);
    const res = await save({ CHAT_FREE_VISITOR_DAILY: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.applied).toBe(true);
    expect(await quota()).toBe(2);
    expect(await setting('CHAT_FREE_VISITOR_DAILY')).toMatchObject({ value: 2, defaultValue: 10, source: 'console' });

    expect((await save({ CHAT_FREE_VISITOR_DAILY: null })).status).toBe(200);
    expect(await quota()).toBe(10);
    expect(await setting('CHAT_FREE_VISITOR_DAILY')).toMatchObject({ value: 10, source: 'env', updatedAt: null });
    // Resetting what is already the default changes nothing.
    expect((await save({ CHAT_FREE_VISITOR_DAILY: null })).status).toBe(400);
  });

  it('applies the coupon limit, opening hour and pay time limit where they are used', async () => {
    expect((await save({ COUPON_DAILY_LIMIT: 7, COUPON_OPEN_HOUR: 9, PAY_LIMIT_MINUTES: 30 })).status).toBe(200);
    const list = await srv.call('GET', '/api/coupon/draw/list/48');
    expect(list.body.data.dailyLimit).toBe(7);
    expect(new Date(list.body.data.opensAt).getUTCHours()).toBe(1); // 09:00 in Asia/Shanghai
    // The welcome notice states the opening time as the site runs it.
    const welcome = await srv.call('POST', '/api/notice/load?noticeId=6');
    expect(welcome.body.data.content).toContain('每天 09:00 起');
    const buyer = await createUserWithToken(srv, 'settings-buyer@example.com');
    const created = await createOrder(srv, buyer.headers, 'VIP_MONTH');
    expect(created.body.data.payLimitTime, JSON.stringify(created.body)).toBe(30);
  });

  it('writes one audit row with before and after; a repeated request applies once', async () => {
    const id = requestId();
    const body = async () => ({
      values: { ICP_NUMBER: '京ICP备12345678号-1' },
      requestId: id,
      code: await freshCode(),
    });
    const first = await srv.call('POST', '/api/admin/settings', await body(), { cookie: admin.cookie });
    expect(first.body.data?.applied, JSON.stringify(first.body)).toBe(true);
    const again = await srv.call('POST', '/api/admin/settings', await body(), { cookie: admin.cookie });
    expect([again.status, again.body.data.applied]).toEqual([200, false]);
    const rows = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.requestId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'settings.change',
      actorId: admin.id,
      targetId: 'ICP_NUMBER',
      before: { ICP_NUMBER: { value: '京ICP备00000000号', source: 'env' } },
      after: { ICP_NUMBER: { value: '京ICP备12345678号-1', source: 'console' } },
    });
  });

  it('asks for a fresh TOTP code: none or a wrong one is 403 with code 1001602', async () => {
    const values = { MAINTENANCE: true };
    const none = await srv.call(
      'POST',
      '/api/admin/settings',
      { values, requestId: requestId() },
      { cookie: admin.cookie },
    );
    expect([none.status, none.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    const wrong = await save(values, { code: '000000' });
    expect([wrong.status, wrong.body.code]).toEqual([403, AdminCode.TOTP_AGAIN]);
    expect(await setting('MAINTENANCE')).toMatchObject({ value: false, source: 'env' });
  });

  it('refuses operators', async () => {
    const headers = { cookie: operator.cookie };
    expect((await srv.call('GET', '/api/admin/settings', undefined, headers)).status).toBe(403);
    const res = await srv.call(
      'POST',
      '/api/admin/settings',
      { values: { MAINTENANCE: true }, requestId: requestId(), code: await codeFor(srv, operator.id, 1) },
      headers,
    );
    expect(res.status).toBe(403);
    const upload = await srv.call('POST', '/api/admin/settings/image', { image: await pngDataUrl() }, headers);
    expect(upload.status).toBe(403);
  });

  it('answers bad values with a translated 400, never a 500', async () => {
    const hour = await save({ COUPON_OPEN_HOUR: 24 });
    expect(hour.status).toBe(400);
    expect(hour.body.result).toBe('每日领取开放时间（时，0–23）不能大于 23');
    const en = await save({ COUPON_OPEN_HOUR: -1 }, {}, { cookie: `${admin.cookie}; lang=en-US` });
    expect(en.body.result).toBe('Daily claim opens at (hour, 0–23) must be at least 0');
    for (const values of [
      { PAY_LIMIT_MINUTES: 0 },
      { CHAT_MEMBER_DAILY: 1.5 },
      { MAINTENANCE: 'yes' },
      { ICP_NUMBER: 'x'.repeat(65) },
      { ICP_NUMBER: 'a\u0000b' },
      { GROUP_QR_IMAGE: 'https://example.com/qr.png' },
      { NOT_A_SETTING: 1 },
      {},
    ]) {
      const res = await save(values);
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.body.result).toMatch(/[\u4e00-\u9fff]/);
    }
    const image = await save({ SUPPORT_QR_IMAGE: '/images/x.svg' });
    expect(image.body.result).toBe('客服二维码必须是在控制台上传的图片');
  });

  it('takes QR images through the storage provider: real images only, then public', async () => {
    const upload = (image: string, headers = {}) =>
      srv.call('POST', '/api/admin/settings/image', { image }, { cookie: admin.cookie, ...headers });
    for (const bad of [
      'data:text/plain;base64,aGVsbG8=',
      `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}`,
      `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`,
      'hello',
    ]) {
      const res = await upload(bad);
      expect([res.status, res.body.result]).toEqual([400, '请上传 PNG、JPEG、WebP 或 GIF 图片']);
    }
    const huge = await upload(`data:image/png;base64,${Buffer.alloc(600 * 1024).toString('base64')}`, {
      authorization: admin.headers.authorization,
    });
    expect([huge.status, huge.body.result]).toEqual([400, '图片不能超过 512 KB']);

    const ok = await upload(await pngDataUrl('#123456'), { authorization: admin.headers.authorization });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const url = ok.body.data.url as string;
    expect(url).toMatch(UPLOADED_IMAGE);
    const file = await fetch(srv.url + url);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await save({ GROUP_QR_IMAGE: url })).status).toBe(200);
    expect(await setting('GROUP_QR_IMAGE')).toMatchObject({ value: url, defaultValue: '/images/group-qr.svg' });
  });
});
