// Reports and takedowns (docs/state-machines.md, "reports" and "review"): the
// report's validation and limits, the console queue and its actions, and what
// a takedown removes. Two processes: reports-scale.test.ts.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, contentReports, users } from '../../../src/server/db/schema';
import { sitemapEntries, squarePage, squarePicture } from '../../../src/server/services/drawing/square';
import { makeStaff, makeUser, openConsole, type Staff } from '../admin/admin-helpers';
import { DRAW_TEST_ENV } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { act, publicPicture, publicSong, publishedApp, report } from './moderation-helpers';

let srv: TestServer;
let operator: Staff;
beforeAll(async () => {
  srv = await startTestServer({ ...DRAW_TEST_ENV, MUSIC_POLL_MS: '100', TRUST_PROXY: 'true' });
  operator = await makeStaff(srv, 'moderator@example.com', 'operator');
}, 60_000);
afterAll(() => srv?.dispose());

const rows = (itemId: string) =>
  srv.runtime.database.db.select().from(contentReports).where(eq(contentReports.itemId, itemId));
const queue = async (state = 'open') =>
  (await srv.call('GET', `/api/admin/reports?state=${state}`, undefined, { cookie: operator.cookie })).body.data;
const anonymousStatus = async (url: string) => (await fetch(srv.url + url)).status;

describe('filing a report', { timeout: 90_000 }, () => {
  let author: Awaited<ReturnType<typeof createUserWithToken>>;
  let picture: { id: string; imageUrl: string };
  beforeAll(async () => {
    author = await createUserWithToken(srv, 'painter@example.com');
    picture = await publicPicture(srv, author.headers, '被举报的山');
  });

  it('refuses a bad reason, a missing or oversized text, a bad id with a translated 400 and stores nothing', async () => {
    const bad = [
      [{ kind: 'drawing', id: picture.id, reason: 'ugly' }, '请选择举报理由'],
      [{ kind: 'drawing', id: picture.id, reason: 'other' }, '选择“其他”时请填写补充说明'],
      [{ kind: 'drawing', id: picture.id, reason: 'other', text: '   ' }, '选择“其他”时请填写补充说明'],
      [{ kind: 'drawing', id: picture.id, reason: 'illegal', text: 'x'.repeat(501) }, null],
      [{ kind: 'drawing', id: picture.id, reason: 'illegal', text: 'a\u0000b' }, null],
      [{ kind: 'poem', id: picture.id, reason: 'illegal' }, '举报的内容不存在'],
      [{ kind: 'drawing', id: '../x', reason: 'illegal' }, '举报的内容不存在'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await report(srv, body, { ip: '10.0.0.1' });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.result).toBe(message);
      else expect(res.body.result).toMatch(/\S/);
    }
    const en = await srv.call(
      'POST',
      '/api/report',
      { kind: 'drawing', id: picture.id, reason: 'other' },
      { cookie: 'lang=en-US', 'x-forwarded-for': '10.0.0.1' },
    );
    expect(en.body.result).toBe('Please describe the problem when choosing “Other”');
    expect(await rows(picture.id)).toHaveLength(0);
  });

  it('takes reports from users and visitors, one open report per reporter and item', async () => {
    const reader = await createUserWithToken(srv, 'reader@example.com');
    const body = { kind: 'drawing', id: picture.id, reason: 'violent' };
    for (let i = 0; i < 2; i++) {
      const res = await report(srv, body, { headers: reader.headers, ip: '10.0.0.2' });
      expect(res.body).toMatchObject({ code: 200, result: '感谢举报，我们会尽快处理' });
      expect((await report(srv, { ...body, reason: 'other', text: '太吓人' }, { ip: '10.0.0.3' })).body.code).toBe(200);
    }
    const stored = await rows(picture.id);
    expect(stored).toHaveLength(2);
    expect(stored.find((r) => r.reporterId === reader.id)?.reason).toBe('violent');
    expect(stored.find((r) => r.reporterId === null)?.text).toBe('太吓人');
    // The visitor's address is not stored, only a hash that tells visitors apart.
    expect(JSON.stringify(stored)).not.toContain('10.0.0.3');
  });

  it('answers 404 for what is not public, and 401 for a dead token', async () => {
    const hidden = await publicPicture(srv, author.headers, '私密的画').catch(() => null);
    expect(hidden).not.toBeNull();
    await srv.call('POST', '/api/sd/visibility', { id: hidden?.id, drawPublicFlag: 2 }, author.headers);
    for (const body of [
      { kind: 'drawing', id: hidden?.id, reason: 'illegal' },
      { kind: 'drawing', id: 'nosuchpicture', reason: 'illegal' },
      { kind: 'song', id: 'song_nosuch', reason: 'illegal' },
      { kind: 'app', id: '99999', reason: 'illegal' },
    ]) {
      const res = await report(srv, body, { ip: '10.0.0.4' });
      expect(res.status, JSON.stringify(body)).toBe(404);
    }
    const dead = await report(
      srv,
      { kind: 'drawing', id: picture.id, reason: 'illegal' },
      {
        headers: { authorization: 'Bearer nosuchtoken' },
        ip: '10.0.0.4',
      },
    );
    expect(dead.status).toBe(401);
  });

  it('limits visitors per address more strictly than users, and users per account', async () => {
    const body = { kind: 'drawing', id: picture.id, reason: 'illegal' };
    for (let i = 0; i < 5; i++) expect((await report(srv, body, { ip: '10.0.1.1' })).status).toBe(200);
    const limited = await report(srv, body, { ip: '10.0.1.1' });
    expect(limited.status).toBe(429);
    expect(limited.body.result).toBe('举报过于频繁，请稍后再试');
    // Another address is counted apart; a signed-in user on the limited address is not a visitor.
    expect((await report(srv, body, { ip: '10.0.1.2' })).status).toBe(200);
    const user = await createUserWithToken(srv, 'busy-reporter@example.com');
    for (let i = 0; i < 20; i++)
      expect((await report(srv, body, { headers: user.headers, ip: `10.0.2.${i}` })).status).toBe(200);
    expect((await report(srv, body, { headers: user.headers, ip: '10.0.3.1' })).status).toBe(429);
  });
});

// Songs and pictures are made for real (offline providers): slow on a busy machine.
describe('the console queue', { timeout: 90_000 }, () => {
  it('is not reachable without a verified console session', async () => {
    const user = await makeUser(srv, 'curious@example.com');
    expect((await srv.call('GET', '/api/admin/reports')).status).toBe(404);
    expect((await srv.call('GET', '/api/admin/reports', undefined, user.headers)).status).toBe(404);
    expect((await openConsole(srv, user.token)).cookie).toBe('');
    const fresh = await makeUser(srv, 'new-operator@example.com', 'operator');
    const { cookie } = await openConsole(srv, fresh.token);
    expect(cookie).not.toBe('');
    expect((await srv.call('GET', '/api/admin/reports', undefined, { cookie })).status).toBe(403);
    const acted = await act(srv, cookie, 'drawing', 'whatever', 'hide');
    expect(acted.status).toBe(403);
  });

  it('takes a picture down everywhere, tells its author, and restores it', async () => {
    const author = await createUserWithToken(srv, 'takedown@example.com');
    const picture = await publicPicture(srv, author.headers, '要下架的海');
    // Cached before the takedown: the square page, the picture, the sitemap.
    expect((await squarePage(srv.runtime, 1)).records.map((r) => r.id)).toContain(picture.id);
    expect(await squarePicture(srv.runtime, picture.id)).not.toBeNull();
    expect((await sitemapEntries(srv.runtime)).map((e) => e.id)).toContain(picture.id);
    expect(await anonymousStatus(picture.imageUrl)).toBe(200);

    await report(srv, { kind: 'drawing', id: picture.id, reason: 'pornographic' }, { ip: '10.0.5.1' });
    await report(srv, { kind: 'drawing', id: picture.id, reason: 'other', text: '不妥' }, { ip: '10.0.5.2' });
    const entry = (await queue()).records.find((r: { id: string }) => r.id === picture.id);
    expect(entry).toMatchObject({
      kind: 'drawing',
      review: 'published',
      title: '要下架的海',
      href: `/square/${picture.id}`,
      author: { id: author.id, banned: false },
      openReports: 2,
      verdict: { verdict: 'pass' },
    });
    expect(entry.reports.map((r: { reason: string }) => r.reason).sort()).toEqual(['other', 'pornographic']);
    expect(entry.preview).toMatch(/^\/files\//);

    const requestId = crypto.randomUUID();
    const hidden = await act(srv, operator.cookie, 'drawing', picture.id, 'hide', requestId);
    expect(hidden.body).toMatchObject({ code: 200, data: { applied: true } });
    // A repeated click acts once.
    expect((await act(srv, operator.cookie, 'drawing', picture.id, 'hide', requestId)).body.data.applied).toBe(false);

    const list = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 30 });
    expect(list.body.data.records.map((r: { id: string }) => r.id)).not.toContain(picture.id);
    expect((await squarePage(srv.runtime, 1)).records.map((r) => r.id)).not.toContain(picture.id);
    expect(await squarePicture(srv.runtime, picture.id)).toBeNull();
    expect((await sitemapEntries(srv.runtime)).map((e) => e.id)).not.toContain(picture.id);
    expect(await anonymousStatus(picture.imageUrl)).toBe(404);
    // Reporting it now finds nothing public.
    expect((await report(srv, { kind: 'drawing', id: picture.id, reason: 'illegal' }, { ip: '10.0.5.3' })).status).toBe(
      404,
    );
    // The author still has it, and is told in the language they read in.
    const own = await srv.call('POST', '/api/sd/task', { id: picture.id }, author.headers);
    expect(own.body.data.id).toBe(picture.id);
    const notices = await srv.call('POST', '/api/notice/mine', undefined, { ...author.headers, cookie: 'lang=en-US' });
    expect(notices.body.data.map((n: { content: string }) => n.content)).toContain(
      'Your picture “要下架的海” was taken down for breaking the community rules; only you can see it now.',
    );
    // Reports closed, the item listed as taken down, the action in the audit log.
    expect((await queue()).records.map((r: { id: string }) => r.id)).not.toContain(picture.id);
    expect((await queue('hidden')).records.find((r: { id: string }) => r.id === picture.id)).toMatchObject({
      review: 'hidden',
    });
    expect((await rows(picture.id)).every((r) => r.outcome === 'hidden' && r.closedAt)).toBe(true);
    const [audit] = await srv.runtime.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'report.hide'), eq(adminAudit.targetId, picture.id)));
    expect(audit).toMatchObject({ actorId: operator.id, targetType: 'drawing', reason: 'test hide' });

    expect((await act(srv, operator.cookie, 'drawing', picture.id, 'restore')).body.data.applied).toBe(true);
    expect((await squarePage(srv.runtime, 1)).records.map((r) => r.id)).toContain(picture.id);
    expect((await sitemapEntries(srv.runtime)).map((e) => e.id)).toContain(picture.id);
    expect(await anonymousStatus(picture.imageUrl)).toBe(200);
    expect((await act(srv, operator.cookie, 'drawing', picture.id, 'restore')).status).toBe(400);
  });

  it('takes a song down: gone from the public list, 410 to others, still the author’s', async () => {
    const author = await createUserWithToken(srv, 'singer@example.com');
    const other = await createUserWithToken(srv, 'listener@example.com');
    const id = await publicSong(srv, author.headers, '下架的歌');
    await report(srv, { kind: 'song', id, reason: 'infringing' }, { headers: other.headers, ip: '10.0.6.1' });
    expect((await act(srv, operator.cookie, 'song', id, 'hide')).body.data.applied).toBe(true);
    const publicIds = async () =>
      (await srv.call('POST', '/api/music/list/public', { pageNum: 1, pageSize: 50 })).body.data.records.map(
        (s: { id: string }) => s.id,
      );
    expect(await publicIds()).not.toContain(id);
    const seen = await srv.call('GET', `/api/music/detail?id=${id}`);
    expect(seen.status).toBe(410);
    expect(seen.body.result).toBe('该内容已被下架');
    expect((await srv.call('GET', `/api/music/detail?id=${id}`, undefined, other.headers)).status).toBe(410);
    expect((await srv.call('GET', `/api/music/detail?id=${id}`, undefined, author.headers)).status).toBe(200);
    expect((await act(srv, operator.cookie, 'song', id, 'restore')).body.data.applied).toBe(true);
    expect(await publicIds()).toContain(id);
  });

  it('takes an app down from the store; its detail answers 410 to others', async () => {
    const author = await createUserWithToken(srv, 'app-maker@example.com');
    const id = await publishedApp(srv, author.headers, '下架助手');
    const storeIds = async () =>
      (
        await srv.call('POST', '/api/prompt/list/all', { pageNum: 1, pageSize: 100, content: '下架助手' })
      ).body.data.records.map((a: { id: number }) => String(a.id));
    expect(await storeIds()).toContain(id);
    await report(srv, { kind: 'app', id, reason: 'illegal' }, { ip: '10.0.7.1' });
    expect((await act(srv, operator.cookie, 'app', id, 'hide')).body.data.applied).toBe(true);
    expect(await storeIds()).not.toContain(id);
    expect((await srv.call('GET', `/api/app/detail?id=${id}`)).status).toBe(410);
    expect((await srv.call('GET', `/api/app/detail?id=${id}`, undefined, author.headers)).status).toBe(200);
  });

  it('dismisses reports without touching the item, and bans the author with the console ban', async () => {
    const author = await createUserWithToken(srv, 'reported-twice@example.com');
    const picture = await publicPicture(srv, author.headers, '被驳回举报的花');
    await report(srv, { kind: 'drawing', id: picture.id, reason: 'illegal' }, { ip: '10.0.8.1' });
    expect((await act(srv, operator.cookie, 'drawing', picture.id, 'dismiss')).body.data.applied).toBe(true);
    expect((await rows(picture.id)).map((r) => r.outcome)).toEqual(['dismissed']);
    expect(await squarePicture(srv.runtime, picture.id)).not.toBeNull();
    expect((await act(srv, operator.cookie, 'drawing', picture.id, 'dismiss')).status).toBe(400);

    expect((await act(srv, operator.cookie, 'drawing', picture.id, 'ban')).body.data.applied).toBe(true);
    const [u] = await srv.runtime.database.db.select().from(users).where(eq(users.id, author.id));
    expect(u?.bannedAt).not.toBeNull();
    expect((await srv.call('GET', '/api/user/info', undefined, author.headers)).status).toBe(401);
  });
});
