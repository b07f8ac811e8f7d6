// The page cache across two server processes on one PostgreSQL: a change made
// through either (the products command, the console, a takedown) reaches the
// other's cached pages within a second through NOTIFY (the cache's own expiry
// is a minute, so only the notification can make these polls pass); ETags
// revalidate; personalised requests and languages never share an entry. The
// pages are the stand-ins of tests/fixtures/cached-pages.ts (this suite runs
// without the built site); the real pages reach the same cache through
// src/middleware.ts and src/server/http.ts.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cachedPagesHandler } from '../../fixtures/cached-pages';
import { codeFor, makeStaff, type Staff } from '../admin/admin-helpers';
import { productForm } from '../admin/product-forms';
import { DRAW_TEST_ENV } from '../drawing/draw-helpers';
import { createUserWithToken, runProducts, startTestServer, type TestServer } from '../helpers';
import { act, publicPicture } from '../moderation/moderation-helpers';
import { spawnServerProcess } from '../socket-helpers';

const fast = { timeout: 1000, interval: 50 };

describe.skipIf(!inject('postgresUrl'))('the page cache across processes', () => {
  let one: TestServer;
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  let admin: Staff;
  let operator: Staff;
  const products = (...args: string[]) =>
    runProducts({ DATABASE_URL: one.runtime.env.DATABASE_URL ?? '', LOG_LEVEL: 'silent' }, ...args);

  beforeAll(async () => {
    one = await startTestServer(DRAW_TEST_ENV, undefined, cachedPagesHandler());
    const env = one.runtime.env;
    two = await spawnServerProcess(
      { NODE_ENV: 'test', DATABASE_URL: env.DATABASE_URL ?? '', DATA_DIR: env.DATA_DIR, ...DRAW_TEST_ENV },
      'page-server',
    );
    admin = await makeStaff(one, 'pages-admin@example.com', 'admin');
    operator = await makeStaff(one, 'pages-operator@example.com', 'operator');
  }, 60_000);
  afterAll(async () => {
    await two?.stop();
    await one?.dispose();
  });

  const page = async (base: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + path, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
    const text = await res.text();
    return {
      status: res.status,
      etag: res.headers.get('etag'),
      vary: res.headers.get('vary'),
      render: Number(/data-render="(\d+)"/.exec(text)?.[1] ?? 0),
      text,
    };
  };
  const text = (base: string, path: string) => async () => (await page(base, path)).text;

  it('shows a price changed by the products command on the other process within a second, under a new ETag', async () => {
    const upsert = (disPrice: string) =>
      products(
        'upsert',
        '--code',
        'VIP_PAGES',
        '--name',
        '页面会员',
        '--type',
        '1',
        '--benefit',
        '7',
        '--price',
        '12',
        '--dis-price',
        disPrice,
      );
    await upsert('9.9');
    await expect.poll(text(two.url, '/product'), fast).toContain('VIP_PAGES 页面会员 990');
    // Kept once the process listens to the channels (from its start on).
    const kept = async () => {
      const a = await page(two.url, '/product');
      const b = await page(two.url, '/product');
      return a.render === b.render;
    };
    await expect.poll(kept).toBe(true);
    const first = await page(two.url, '/product');
    const again = await page(two.url, '/product');
    // Kept: the same render, the same ETag, and a revalidation costs no body.
    expect([again.render, again.etag]).toEqual([first.render, first.etag]);
    expect(again.vary).toBe('Accept-Encoding, Cookie');
    const revalidated = await fetch(`${two.url}/product`, { headers: { 'if-none-match': first.etag ?? '' } });
    expect([revalidated.status, await revalidated.text()]).toEqual([304, '']);

    await upsert('8.8');
    for (const base of [two.url, one.url])
      await expect.poll(text(base, '/product'), fast).toContain('VIP_PAGES 页面会员 880');
    const changed = await page(two.url, '/product');
    expect(changed.etag).not.toBe(first.etag);
    expect((await fetch(`${two.url}/product`, { headers: { 'if-none-match': first.etag ?? '' } })).status).toBe(200);
  });

  it('shows a product renamed in the console on the other process within a second', async () => {
    await expect.poll(text(two.url, '/product'), fast).toContain('VIP_PAGES');
    const [row] = (await one.call('GET', '/api/admin/products', undefined, { cookie: admin.cookie })).body.data.filter(
      (p: { productCode: string }) => p.productCode === 'VIP_PAGES',
    );
    const names = { 'zh-CN': '页面会员 Pro', 'en-US': 'Pages membership', 'zh-TW': '' };
    // Saving the whole form asks for a fresh code when it carries a price.
    const code = await codeFor(one, admin.id, 1);
    const form = productForm({ price: '12', disPrice: '8.8', names, productType: 1, productBenefit: 7, code });
    const res = await one.call('POST', `/api/admin/products/${row.id}`, form, { cookie: admin.cookie });
    expect(res.body.data, JSON.stringify(res.body)).toEqual({ applied: true });
    await expect.poll(text(two.url, '/product'), fast).toContain('VIP_PAGES 页面会员 Pro 880');
  });

  it('drops a picture taken down from the cached square of both processes, and its page answers 410', async () => {
    const author = await createUserWithToken(one, 'pages-painter@example.com');
    const picture = await publicPicture(one, author.headers, '缓存里的灯塔');
    for (const base of [one.url, two.url]) {
      await expect.poll(text(base, '/square')).toContain(picture.id);
      expect((await page(base, `/square/${picture.id}`)).status).toBe(200);
      // Both pages are now kept in both processes.
      expect((await page(base, `/square/${picture.id}`)).render).toBe(
        (await page(base, `/square/${picture.id}`)).render,
      );
    }
    expect((await act(one, operator.cookie, 'drawing', picture.id, 'hide')).body.data.applied).toBe(true);
    for (const base of [two.url, one.url]) {
      await expect.poll(text(base, '/square'), fast).not.toContain(picture.id);
      await expect.poll(async () => (await page(base, `/square/${picture.id}`)).status, fast).toBe(410);
    }
  });

  it('never answers a personalised request from the shared cache, nor keeps its answer', async () => {
    const kept = await page(two.url, '/product');
    expect((await page(two.url, '/product')).render).toBe(kept.render);
    const personalised: Array<Record<string, string>> = [
      { authorization: 'Bearer some-login-token' },
      { cookie: 'lang=zh-CN; mb_console=some-session' },
    ];
    for (const personal of personalised) {
      const fresh = await page(two.url, '/product', personal);
      expect(fresh.render).toBeGreaterThan(kept.render);
      expect(fresh.etag).toBeNull();
      // The shared entry is still the one rendered for everyone.
      expect((await page(two.url, '/product')).render).toBe(kept.render);
    }
  });

  it('keeps one entry per language and never mixes them', async () => {
    const ask = (lang: string) => page(two.url, '/product', { cookie: `lang=${lang}` });
    for (let round = 0; round < 2; round++) {
      const [zh, en, tw] = await Promise.all([ask('zh-CN'), ask('en-US'), ask('zh-TW')]);
      expect(zh.text).toContain('<html lang="zh-CN">');
      expect(zh.text).toContain('月度会员');
      expect(en.text).toContain('<html lang="en-US">');
      expect(en.text).toContain('Monthly membership');
      expect(tw.text).toContain('<html lang="zh-TW">');
      expect(tw.text).toContain('月度會員');
      expect(new Set([zh.etag, en.etag, tw.etag]).size).toBe(3);
    }
    // No cookie is the default language, and the same entry.
    expect((await page(two.url, '/product')).etag).toBe((await ask('zh-CN')).etag);
  });
});
