// Videos under moderation (docs/state-machines.md, "review" and "reports"): review first, reports,
// takedown and restore, the complaint desk's takedown, and who may act. Other kinds: review.test.ts,
// reports.test.ts, share-reports.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp, videos } from '../../../src/server/db/schema';
import { AdminCode } from '../../../src/shared/admin';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { VIDEO_TEST_ENV, waitForVideo } from '../video/video-helpers';
import { act, report } from './moderation-helpers';

let srv: TestServer;
let admin: Staff;
let operator: Staff;
let author: Awaited<ReturnType<typeof createUserWithToken>>;
let other: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  srv = await startTestServer({ ...VIDEO_TEST_ENV, VIDEO_FREE_DAILY: '20', TRUST_PROXY: 'true' });
  admin = await makeStaff(srv, 'video-admin@example.com', 'admin');
  operator = await makeStaff(srv, 'video-operator@example.com', 'operator');
  author = await createUserWithToken(srv, 'video-author@example.com');
  other = await createUserWithToken(srv, 'video-viewer@example.com');
}, 60_000);
afterAll(() => srv?.dispose());

async function policy(values: Record<string, boolean>) {
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  const body = { values, requestId: requestId(), code: await codeFor(srv, admin.id) };
  const res = await srv.call('POST', '/api/admin/settings', body, { cookie: admin.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A finished video of the user, public or not. */
async function made(headers: Record<string, string>, prompt: string, isPublic = true) {
  const res = await srv.call('POST', '/api/video/submit', { prompt, isPublic }, headers);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1000000);
  const done = await waitForVideo(srv, res.body.data.id, headers, 60_000);
  expect(done.status).toBe(10);
  return done as { id: string; review: string; videoUrl: string };
}

const publicIds = async () =>
  (
    (await srv.call('POST', '/api/video/list/public', { pageNum: 1, pageSize: 50 })).body.data.records as Array<{
      id: string;
    }>
  ).map((v) => v.id);
const fileStatus = async (url: string) => (await fetch(srv.url + url.split('?')[0])).status;
const detailStatus = async (id: string) =>
  (await srv.call('GET', `/api/video/detail?id=${id}`, undefined, other.headers)).status;
const decide = (id: string, action: 'approve' | 'reject') =>
  srv.call(
    'POST',
    '/api/admin/review/decide',
    { kind: 'video', id, action, reason: 'checked', requestId: requestId() },
    { cookie: operator.cookie },
  );
const reviewQueue = async () =>
  (await srv.call('GET', '/api/admin/review', undefined, { cookie: operator.cookie })).body.data.items as Array<{
    kind: string;
    id: string;
    media: string | null;
  }>;
const notices = async () =>
  ((await srv.call('POST', '/api/notice/mine', undefined, author.headers)).body.data as Array<{ content: string }>).map(
    (n) => n.content,
  );

describe('videos under moderation', { timeout: 120_000 }, () => {
  it('holds a public video back under review first until approved; a rejected one stays down', async () => {
    await policy({ REVIEW_VIDEOS: true });
    const v = await made(author.headers, '森林里的萤火虫');
    expect(v.review).toBe('pending');
    expect(await publicIds()).not.toContain(v.id);
    expect(await detailStatus(v.id)).toBe(404);
    expect(await fileStatus(v.videoUrl)).toBe(404);
    const waiting = (await reviewQueue()).find((i) => i.kind === 'video' && i.id === v.id);
    // Moderators play the clip through a signed URL.
    expect(waiting?.media).toMatch(/[?&]/);
    expect((await fetch(srv.url + (waiting?.media ?? ''))).status).toBe(200);

    expect((await decide(v.id, 'approve')).body.data.applied).toBe(true);
    expect(await publicIds()).toContain(v.id);
    expect(await detailStatus(v.id)).toBe(200);
    expect(await fileStatus(v.videoUrl)).toBe(200);
    expect(await notices()).toContain('你的视频「森林里的萤火虫」已通过审核并公开。');

    // Private first, public later: it waits too; rejected, its author cannot publish it again.
    const later = await made(author.headers, '雪山下的湖', false);
    const shown = await srv.call('POST', '/api/video/visibility', { id: later.id, isPublic: true }, author.headers);
    expect(shown.body.data.review).toBe('pending');
    expect((await decide(later.id, 'reject')).body.data.applied).toBe(true);
    expect(await publicIds()).not.toContain(later.id);
    await srv.call('POST', '/api/video/visibility', { id: later.id, isPublic: false }, author.headers);
    const again = await srv.call('POST', '/api/video/visibility', { id: later.id, isPublic: true }, author.headers);
    expect(again.status).toBe(400);
    expect(again.body.result).toContain('下架');
    await policy({ REVIEW_VIDEOS: false });
    expect((await made(author.headers, '草原上的风')).review).toBe('published');
  });

  it('takes a reported video down from the square and its files, tells its author, and restores it', async () => {
    const v = await made(author.headers, '被举报的视频');
    expect(await publicIds()).toContain(v.id);
    expect((await report(srv, { kind: 'video', id: v.id, reason: 'violent' }, { ip: '10.0.7.1' })).body.code).toBe(200);
    const open = (await srv.call('GET', '/api/admin/reports', undefined, { cookie: operator.cookie })).body.data;
    expect(open.records.find((r: { id: string }) => r.id === v.id)).toMatchObject({
      kind: 'video',
      title: '被举报的视频',
      href: `/video?id=${v.id}`,
      openReports: 1,
    });

    expect((await act(srv, operator.cookie, 'video', v.id, 'hide')).body.data.applied).toBe(true);
    expect(await publicIds()).not.toContain(v.id);
    expect(await fileStatus(v.videoUrl)).toBe(404);
    expect(await detailStatus(v.id)).toBe(410);
    expect((await report(srv, { kind: 'video', id: v.id, reason: 'illegal' }, { ip: '10.0.7.2' })).status).toBe(404);
    expect(await notices()).toContain('你的视频「被举报的视频」因违反社区规范已被下架，仅你自己可见。');
    const hidden = (await srv.call('GET', '/api/admin/reports?state=hidden', undefined, { cookie: operator.cookie }))
      .body.data;
    expect(hidden.records.find((r: { id: string }) => r.id === v.id)).toMatchObject({
      kind: 'video',
      review: 'hidden',
    });
    // Its author cannot publish it again.
    await srv.call('POST', '/api/video/visibility', { id: v.id, isPublic: false }, author.headers);
    expect((await srv.call('POST', '/api/video/visibility', { id: v.id, isPublic: true }, author.headers)).status).toBe(
      400,
    );
    await srv.runtime.database.db.update(videos).set({ isPublic: true }).where(eq(videos.taskId, v.id));

    expect((await act(srv, operator.cookie, 'video', v.id, 'restore')).body.data.applied).toBe(true);
    expect(await publicIds()).toContain(v.id);
    expect(await fileStatus(v.videoUrl)).toBe(200);
    expect(await detailStatus(v.id)).toBe(200);
  });

  it('takes a video down from the complaint desk by its /square or /video address', async () => {
    const v = await made(author.headers, '被投诉的视频');
    const origin = srv.runtime.env.PUBLIC_ORIGIN;
    for (const [address, ip] of [
      [`${origin}/square/${v.id}`, '203.0.113.20'],
      [`${origin}/video?id=${v.id}`, '203.0.113.21'],
    ] as const) {
      const filed = await srv.call(
        'POST',
        '/api/complaints',
        { category: 'infringement', address, description: '盗用了我的视频', email: 'owner@example.com' },
        { 'x-forwarded-for': ip },
      );
      expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    }
    const list = await srv.call('GET', '/api/admin/complaints', undefined, { cookie: operator.cookie });
    const ids = (list.body.data.records as Array<{ id: number }>).map((r) => r.id);
    for (const id of ids) {
      const detail = await srv.call('GET', `/api/admin/complaints/${id}`, undefined, { cookie: operator.cookie });
      expect(detail.body.data.target).toEqual({ kind: 'video', id: v.id });
    }
    const res = await srv.call(
      'POST',
      `/api/admin/complaints/${ids[0]}/takedown`,
      { kind: 'video', itemId: v.id, reason: '侵权', requestId: requestId() },
      { cookie: operator.cookie },
    );
    expect(res.body.data, JSON.stringify(res.body)).toEqual({ applied: true });
    expect(await publicIds()).not.toContain(v.id);
    expect(await fileStatus(v.videoUrl)).toBe(404);
  });

  it("lets an operator take down an admin's video but not ban the admin; the policy is the admin's", async () => {
    const v = await made(admin.headers, '管理员的视频');
    const banned = await act(srv, operator.cookie, 'video', v.id, 'ban');
    expect([banned.status, banned.body.code]).toEqual([403, AdminCode.OUT_OF_REACH]);
    expect((await act(srv, operator.cookie, 'video', v.id, 'hide')).body.data.applied).toBe(true);
    expect(await publicIds()).not.toContain(v.id);

    const setting = await srv.call(
      'POST',
      '/api/admin/settings',
      { values: { REVIEW_VIDEOS: true }, requestId: requestId(), code: await codeFor(srv, operator.id, 1) },
      { cookie: operator.cookie },
    );
    expect(setting.status).toBe(403);
    expect((await made(author.headers, '普通的视频')).review).toBe('published');
  });
});
