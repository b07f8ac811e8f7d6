import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '../../../src/server/db/schema';
import { pageBanners } from '../../../src/server/services/activity/notices';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff, makeUser, requestId, type Staff } from './admin-helpers';

let srv: TestServer;
let operator: Staff;
let user: { id: number; headers: Record<string, string> };
let member: { id: number; headers: Record<string, string> };
const visitor: Record<string, string> = {};
const HOUR = 3_600_000;

beforeAll(async () => {
  srv = await startTestServer();
  operator = await makeStaff(srv, 'notice-operator@example.com', 'operator');
  user = await makeUser(srv, 'notice-user@example.com');
  member = await makeUser(srv, 'notice-member@example.com');
  await srv.runtime.database.db
    .update(users)
    .set({ vipType: 1, startDate: new Date(), endDate: new Date(Date.now() + 24 * HOUR) })
    .where(eq(users.id, member.id));
}, 60_000);
afterAll(() => srv?.dispose());

const body = (over: Record<string, unknown> = {}) => ({
  kind: 'announcement',
  content: { 'zh-CN': '访客专享：注册即送体验会员', 'en-US': '', 'zh-TW': '' },
  audience: 'all',
  requestId: requestId(),
  ...over,
});
const create = (over: Record<string, unknown> = {}, cookie = operator.cookie) =>
  srv.call('POST', '/api/admin/notices', body(over), { cookie });
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Which of `ids` each kind of caller is shown: by the announcement list and by the one-notice load. */
async function shown(ids: number[]) {
  const out: Record<string, number[]> = {};
  for (const [who, headers] of [
    ['visitor', visitor],
    ['user', user.headers],
    ['member', member.headers],
  ] as const) {
    const list = await srv.call('POST', '/api/notice/announcements', undefined, headers);
    const listed = (list.body.data as { noticeId: number }[]).map((n) => n.noticeId).filter((id) => ids.includes(id));
    const loaded: number[] = [];
    for (const id of ids) {
      const res = await srv.call('POST', `/api/notice/load?noticeId=${id}`, undefined, headers);
      if (res.body.code === 200) loaded.push(id);
    }
    expect(loaded, who).toEqual(listed);
    out[who] = listed;
  }
  return out;
}

describe('console notices', () => {
  it('serves each audience only its notices: visitors, members, everyone', async () => {
    const forVisitors = (await create({ audience: 'visitors' })).body.data.notice.id;
    const forMembers = (await create({ audience: 'members' })).body.data.notice.id;
    const forAll = (await create({ audience: 'all' })).body.data.notice.id;
    expect(forVisitors).toBeGreaterThanOrEqual(100);
    expect(await shown([forVisitors, forMembers, forAll])).toEqual({
      visitor: [forVisitors, forAll],
      user: [forAll],
      member: [forMembers, forAll],
    });
  });

  it('honours the schedule: not before it starts, not after it ends', async () => {
    const later = (await create({ startsAt: iso(HOUR), endsAt: iso(2 * HOUR) })).body.data.notice.id;
    const over = (await create({ startsAt: iso(-2 * HOUR), endsAt: iso(-HOUR) })).body.data.notice.id;
    const now = (await create({ startsAt: iso(-HOUR), endsAt: iso(HOUR) })).body.data.notice.id;
    expect(await shown([later, over, now])).toEqual({ visitor: [now], user: [now], member: [now] });
  });

  it('falls back to Chinese for an empty language; an edit of the text shows it again; off hides it', async () => {
    const created = (await create()).body.data.notice;
    expect(created.content).toEqual({ 'zh-CN': '访客专享：注册即送体验会员' });
    const en = await srv.call('POST', `/api/notice/load?noticeId=${created.id}`, undefined, { cookie: 'lang=en-US' });
    expect(en.body.data.content).toBe('访客专享：注册即送体验会员');

    await srv.call('POST', `/api/notice/push?noticeId=${created.id}`, undefined, user.headers);
    expect((await shown([created.id])).user).toEqual([]);
    const edit = (over: Record<string, unknown>) =>
      srv.call('POST', `/api/admin/notices/${created.id}`, body(over), { cookie: operator.cookie });
    const edited = await edit({ content: { 'zh-CN': '新文案 {{openTime}}', 'en-US': 'New text {{openTime}}' } });
    expect(edited.body.data.notice).toMatchObject({ revision: 2 });
    const again = await srv.call('POST', '/api/notice/announcements', undefined, {
      ...user.headers,
      cookie: 'lang=en-US',
    });
    expect(again.body.data).toContainEqual(
      expect.objectContaining({ noticeId: created.id, content: 'New text 12:00' }),
    );

    // The same text again is no news: the revision stays.
    expect(
      (await edit({ content: { 'en-US': 'New text {{openTime}}', 'zh-CN': '新文案 {{openTime}}' } })).body.data.notice
        .revision,
    ).toBe(2);
    await edit({ enabled: false, content: { 'zh-CN': '新文案 {{openTime}}', 'en-US': 'New text {{openTime}}' } });
    expect(await shown([created.id])).toEqual({ visitor: [], user: [], member: [] });

    const audit = await srv.runtime.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, String(created.id)));
    expect(audit.map((a) => a.action)).toEqual(['notice.create', 'notice.edit', 'notice.edit', 'notice.disable']);
    expect(audit[3]).toMatchObject({
      actorEmail: 'notice-operator@example.com',
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  it('takes the longest notice in all three languages (the body stays under the request limit)', async () => {
    const long = '长'.repeat(1000);
    const res = await create({ content: { 'zh-CN': long, 'en-US': 'e'.repeat(1000), 'zh-TW': long } });
    expect(res.status).toBe(200);
    expect(res.body.data.notice.content['zh-TW']).toBe(long);
  });

  it('creates once per request id', async () => {
    const id = requestId();
    const [a, b] = await Promise.all([create({ requestId: id }), create({ requestId: id })]);
    expect([a.body.data.applied, b.body.data.applied].sort()).toEqual([false, true]);
    const rows = await srv.runtime.database.db.select().from(adminAudit).where(eq(adminAudit.requestId, id));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad notices with translated messages, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ content: { 'zh-CN': '  ' } }, '请填写简体中文内容'],
      [{ content: { 'zh-CN': 'x'.repeat(1001) } }, '1000'],
      [{ kind: 'banner' }, '请选择横幅显示的页面'],
      [{ kind: 'banner', page: 'chat', audience: 'members' }, '横幅对所有人显示'],
      [{ startsAt: iso(HOUR), endsAt: iso(0) }, '停止时间必须晚于开始时间'],
      [{ startsAt: 'tomorrow' }, '请输入有效的日期和时间'],
      [{ startsAt: '2026-02-31T10:00:00Z' }, '请输入有效的日期和时间'],
      [{ audience: 'everyone' }, ''],
      [{ content: { 'zh-CN': 'a\u0000b' } }, ''],
    ];
    for (const [over, message] of cases) {
      const res = await create(over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.result).toContain(message);
    }
    const en = await srv.call('POST', '/api/admin/notices', body({ kind: 'banner' }), {
      cookie: `${operator.cookie}; lang=en-US`,
    });
    expect(en.body.result).toBe('Choose the page the banner shows on');
    expect((await srv.call('POST', '/api/admin/notices/99999', body(), { cookie: operator.cookie })).status).toBe(404);
  });

  it('lists notices with every language and the values placeholders take, for the preview', async () => {
    const res = await srv.call('GET', '/api/admin/notices', undefined, { cookie: operator.cookie });
    expect(res.body.data.vars).toEqual({ openTime: '12:00', dailyLimit: expect.any(String) });
    const six = res.body.data.notices.find((n: { id: number }) => n.id === 6);
    expect(six).toMatchObject({ kind: 'announcement', audience: 'all', startsAt: null, enabled: true });
    expect(Object.keys(six.content).sort()).toEqual(['en-US', 'zh-CN', 'zh-TW']);
  });

  it('keeps page banners for everyone and within their schedule', async () => {
    const banner = await create({
      kind: 'banner',
      page: 'draw',
      endsAt: iso(-1000),
      content: { 'zh-CN': '已过期横幅' },
    });
    expect(banner.status).toBe(200);
    const live = await create({ kind: 'banner', page: 'draw', endsAt: iso(HOUR), content: { 'zh-CN': '当前横幅' } });
    expect(live.status).toBe(200);
    const texts = (await pageBanners(srv.runtime.database.db, 'draw', 'zh-CN', {})).map((b) => b.content);
    expect(texts).toContain('当前横幅');
    expect(texts).not.toContain('已过期横幅');
  });
});
