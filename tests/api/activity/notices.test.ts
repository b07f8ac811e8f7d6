import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptPageBanners, pageBanners, setNoticeText } from '../../../src/server/services/activity/notices';
import { invalidatePages } from '../../../src/server/services/pages/channel';
import type { TestServer } from '../helpers';
import { quickUsers } from './activity-fixtures';
import { startActivityServer } from './activity-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startActivityServer({ COUPON_OPEN_HOUR: '9' });
});
afterAll(() => srv?.dispose());

const load = (headers: Record<string, string> = {}) =>
  srv.call('POST', '/api/notice/load?noticeId=6', undefined, headers);
const push = (headers: Record<string, string> = {}) =>
  srv.call('POST', '/api/notice/push?noticeId=6', undefined, headers);

describe('notices', () => {
  it('states the configured opening hour, not a fixed one, in every language', async () => {
    expect((await load()).body.data.content).toContain('每天 09:00 起');
    expect((await load({ cookie: 'lang=en-US' })).body.data.content).toContain('From 09:00 every day');
    expect((await load({ cookie: 'lang=zh-TW' })).body.data.content).not.toMatch(/12:00|\{\{/);
  });

  it('shows the announcement to a user once, then answers 1000701', async () => {
    const [u] = await quickUsers(srv, 'reader-', 1);
    if (!u) throw new Error('setup');
    const first = await load(u.headers);
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ noticeId: 6, kind: 'announcement', revision: 1 });
    expect(first.body.data.content).toContain('妙笔');
    expect((await push(u.headers)).body).toMatchObject({ code: 200, data: { noticeId: 6, revision: 1 } });
    expect((await load(u.headers)).body.code).toBe(1000701);

    // A changed text is news again.
    await setNoticeText(srv.runtime.database.db, 6, { 'zh-CN': '系统升级完成', 'en-US': 'Upgrade done' });
    const changed = await load(u.headers);
    expect(changed.body.data).toMatchObject({ content: '系统升级完成', revision: 2 });
    await push(u.headers);
    expect((await load(u.headers)).body.code).toBe(1000701);
  });

  it('always gives visitors the notice, in their language; their browser keeps the flag', async () => {
    const en = await load({ cookie: 'lang=en-US' });
    expect(en.body.code).toBe(200);
    expect(en.body.data.content).toMatch(/[A-Za-z]/);
    expect((await push()).body).toMatchObject({ code: 200, data: { noticeId: 6, revision: null } });
    expect((await load()).body.code).toBe(200);
  });

  it('has nothing to show for unknown notices, and 404 when marking one read', async () => {
    const [u] = await quickUsers(srv, 'unknown-', 1);
    if (!u) throw new Error('setup');
    expect((await srv.call('POST', '/api/notice/load?noticeId=999')).body.code).toBe(1000701);
    expect((await srv.call('POST', '/api/notice/push?noticeId=999', undefined, u.headers)).status).toBe(404);
  });

  it("keeps a page's banners for its renders until a change to notices is announced; the schedule is checked each time", async () => {
    const rt = srv.runtime;
    const texts = async (now?: Date) => (await keptPageBanners(rt, 'draw', 'en-US', now)).map((b) => b.content);
    const seeded = 'Drawing is in beta; results keep improving.';
    expect(await texts()).toEqual([seeded]);
    // Kept once the process listens on the channel.
    await sleep(100);
    expect(await texts()).toEqual([seeded]);
    const [banner] = await pageBanners(rt.database.db, 'draw', 'en-US', {});
    if (!banner) throw new Error('setup');
    await setNoticeText(rt.database.db, banner.noticeId, { 'en-US': 'Kept until announced.' });
    expect(await texts()).toEqual([seeded]);
    await invalidatePages(rt);
    for (let i = 0; i < 50 && (await texts())[0] === seeded; i++) await sleep(20);
    expect(await texts()).toEqual(['Kept until announced.']);
    await rt.database.db.execute(
      sql`update notices set ends_at = now() + interval '1 hour' where id = ${banner.noticeId}`,
    );
    await invalidatePages(rt);
    for (
      let i = 0;
      i < 50 && (await keptPageBanners(rt, 'draw', 'en-US', new Date(Date.now() + 7_200_000))).length;
      i++
    )
      await sleep(20);
    expect(await texts(new Date(Date.now() + 7_200_000))).toEqual([]);
    expect(await texts()).toEqual(['Kept until announced.']);
    await rt.database.db.execute(sql`update notices set ends_at = null where id = ${banner.noticeId}`);
    await setNoticeText(rt.database.db, banner.noticeId, { 'en-US': seeded });
    await invalidatePages(rt);
  });

  it('seeds the chat and draw page banners', async () => {
    const db = srv.runtime.database.db;
    expect((await pageBanners(db, 'chat', 'zh-CN', {})).map((b) => b.content)).toEqual([
      '新增多款对话模型，快来体验吧！',
    ]);
    expect((await pageBanners(db, 'draw', 'en-US', {})).map((b) => b.content)).toEqual([
      'Drawing is in beta; results keep improving.',
    ]);
  });
});
