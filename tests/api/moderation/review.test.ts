// Publishing policy "review first": a public picture, song or app waits for a
// moderator, invisible to everyone but its author (who sees it pending) until
// approved; a rejected one is hidden for good (docs/state-machines.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp } from '../../../src/server/db/schema';
import { squarePage } from '../../../src/server/services/drawing/square';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { DRAW_TEST_ENV, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { inspiration, waitForSong } from '../music/music-helpers';

let srv: TestServer;
let admin: Staff;
let operator: Staff;
let author: Awaited<ReturnType<typeof createUserWithToken>>;
let other: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  srv = await startTestServer({ ...DRAW_TEST_ENV, MUSIC_POLL_MS: '100' });
  admin = await makeStaff(srv, 'review-admin@example.com', 'admin');
  operator = await makeStaff(srv, 'review-operator@example.com', 'operator');
  author = await createUserWithToken(srv, 'review-author@example.com');
  other = await createUserWithToken(srv, 'review-other@example.com');
}, 60_000);
afterAll(() => srv?.dispose());

async function policy(values: Record<string, boolean>) {
  // Each save needs a fresh code; a code is accepted once, so the last step is forgotten first.
  await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
  const code = await codeFor(srv, admin.id);
  const res = await srv.call(
    'POST',
    '/api/admin/settings',
    { values, requestId: requestId(), code },
    { cookie: admin.cookie },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const decide = (kind: string, id: string, action: 'approve' | 'reject', who: Staff = operator) =>
  srv.call(
    'POST',
    '/api/admin/review/decide',
    { kind, id, action, reason: 'checked', requestId: requestId() },
    {
      cookie: who.cookie,
    },
  );

const queue = async () => {
  const res = await srv.call('GET', '/api/admin/review', undefined, { cookie: operator.cookie });
  expect(res.status).toBe(200);
  return res.body.data.items as Array<{
    kind: string;
    id: string;
    author: { id: number };
    verdict: { verdict: string };
  }>;
};

const squareIds = async () => {
  const res = await srv.call('POST', '/api/sd/list/picture', { pageNum: 1, pageSize: 100 });
  return (res.body.data.records as Array<{ id: string }>).map((p) => p.id);
};
/** What the server-rendered square shows (its cached page). */
const squareHtmlIds = async () => (await squarePage(srv.runtime, 1)).records.map((p) => p.id);
const fileStatus = async (url: string) => (await fetch(srv.url + url.split('?')[0])).status;

async function drawPublic(prompt: string) {
  const task = await submit(srv, author.headers, { prompt, drawPublicFlag: 1 });
  return waitForStatus(srv, author.headers, task.id);
}

describe('review first', () => {
  it('holds a public picture back until approved', async () => {
    await policy({ REVIEW_PICTURES: true });
    const done = await drawPublic('湖边的白鹭');
    expect(done.status).toBe(10);
    // The author sees it pending; nobody else sees it anywhere.
    expect(done.review).toBe('pending');
    const mine = await srv.call('POST', '/api/sd/list/user/picture', { pageNum: 1, pageSize: 30 }, author.headers);
    expect(mine.body.data.records.find((p: { id: string }) => p.id === done.id)?.review).toBe('pending');
    expect(await squareIds()).not.toContain(done.id);
    expect(await squareHtmlIds()).not.toContain(done.id);
    expect(await fileStatus(done.imageUrl)).toBe(404);
    expect((await srv.call('POST', '/api/sd/task', { id: done.id }, other.headers)).status).toBe(404);

    const waiting = (await queue()).find((i) => i.kind === 'drawing' && i.id === done.id);
    expect(waiting?.author.id).toBe(author.id);
    expect(waiting?.verdict.verdict).toBe('pass');

    const res = await decide('drawing', done.id, 'approve');
    expect(res.body.data.applied).toBe(true);
    expect(await squareIds()).toContain(done.id);
    expect(await squareHtmlIds()).toContain(done.id);
    expect(await fileStatus(done.imageUrl)).toBe(200);
    expect((await waitForStatus(srv, author.headers, done.id)).review).toBe('published');
    expect((await queue()).some((i) => i.id === done.id)).toBe(false);
    // Decided once: a second decision finds nothing pending.
    expect((await decide('drawing', done.id, 'reject')).status).toBe(409);
  });

  it('hides a rejected picture for good: its author cannot make it public again', async () => {
    const done = await drawPublic('山间的小屋');
    expect((await decide('drawing', done.id, 'reject')).body.data.applied).toBe(true);
    expect((await waitForStatus(srv, author.headers, done.id)).review).toBe('hidden');
    expect(await squareIds()).not.toContain(done.id);
    expect(await fileStatus(done.imageUrl)).toBe(404);

    const again = await srv.call('POST', '/api/sd/visibility', { id: done.id, drawPublicFlag: 1 }, author.headers);
    expect(again.status).toBe(400);
    expect(again.body.result).toContain('下架');
    // Private is still the author's to choose; public stays refused.
    expect(
      (await srv.call('POST', '/api/sd/visibility', { id: done.id, drawPublicFlag: 2 }, author.headers)).status,
    ).toBe(200);
    expect(
      (await srv.call('POST', '/api/sd/visibility', { id: done.id, drawPublicFlag: 1 }, author.headers)).status,
    ).toBe(400);
  });

  it('sends a private picture made public to the queue', async () => {
    const task = await submit(srv, author.headers, { prompt: '夜空下的灯塔', drawPublicFlag: 2 });
    const done = await waitForStatus(srv, author.headers, task.id);
    const res = await srv.call('POST', '/api/sd/visibility', { id: done.id, drawPublicFlag: 1 }, author.headers);
    expect(res.body.data.review).toBe('pending');
    expect(await squareIds()).not.toContain(done.id);
    expect((await queue()).some((i) => i.id === done.id)).toBe(true);
  });

  it('holds a public song back until approved', async () => {
    await policy({ REVIEW_SONGS: true });
    const sub = await srv.call(
      'POST',
      '/api/music/submit',
      inspiration('海边的夏天', { isPublic: true }),
      author.headers,
    );
    expect(sub.body.code, JSON.stringify(sub.body)).toBe(1000000);
    // Composing and rendering the MP3 takes a while on a loaded machine.
    const song = await waitForSong(srv, sub.body.data.id, author.headers, 60_000);
    expect(song.review).toBe('pending');
    const list = async () =>
      JSON.stringify((await srv.call('POST', '/api/music/list/public', { pageNum: 1, pageSize: 50 })).body.data);
    expect(await list()).not.toContain(song.id);
    expect((await srv.call('GET', `/api/music/detail?id=${song.id}`, undefined, other.headers)).status).toBe(404);
    expect(await fileStatus(song.audioUrl)).toBe(404);

    expect((await decide('song', song.id, 'approve')).body.data.applied).toBe(true);
    expect(await list()).toContain(song.id);
    expect((await srv.call('GET', `/api/music/detail?id=${song.id}`, undefined, other.headers)).status).toBe(200);
    expect(await fileStatus(song.audioUrl)).toBe(200);
  }, 90_000);

  it('holds a published app out of the store until approved', async () => {
    await policy({ REVIEW_APPS: true });
    const made = await srv.call(
      'POST',
      '/api/app/create',
      { promptTitle: '旅行规划师', promptContent: '帮我规划旅行', iconUrl: 'emoji:🧳', published: true },
      author.headers,
    );
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.review).toBe('pending');
    const id = made.body.data.id as number;
    const store = async () =>
      (
        (await srv.call('POST', '/api/prompt/list/all', { pageNum: 1, pageSize: 100, content: '旅行规划师' })).body.data
          .records as Array<{ id: number }>
      ).map((a) => a.id);
    expect(await store()).not.toContain(id);
    expect((await srv.call('GET', `/api/app/detail?id=${id}`, undefined, other.headers)).status).toBe(404);
    const mine = await srv.call('GET', '/api/app/mine', undefined, author.headers);
    expect(mine.body.data.records.find((a: { id: number }) => a.id === id)?.review).toBe('pending');

    expect((await decide('app', String(id), 'approve')).body.data.applied).toBe(true);
    expect(await store()).toContain(id);
  });

  it('publishes at once again when the policy goes back', async () => {
    await policy({ REVIEW_PICTURES: false, REVIEW_SONGS: false, REVIEW_APPS: false });
    const done = await drawPublic('草原上的马群');
    expect(done.review).toBe('published');
    expect(await squareIds()).toContain(done.id);
    expect(await squareHtmlIds()).toContain(done.id);
    const made = await srv.call(
      'POST',
      '/api/app/create',
      { promptTitle: '诗词老师', promptContent: '讲解唐诗', iconUrl: 'emoji:📜', published: true },
      author.headers,
    );
    expect(made.body.data.review).toBe('published');
  });

  it('is for staff only', async () => {
    for (const headers of [author.headers, {}]) {
      expect((await srv.call('GET', '/api/admin/review', undefined, headers)).status).toBe(404);
      const res = await srv.call(
        'POST',
        '/api/admin/review/decide',
        { kind: 'drawing', id: 'x', action: 'approve', reason: 'r', requestId: requestId() },
        headers,
      );
      expect(res.status).toBe(404);
    }
    // A rejection needs a reason: a translated 400.
    const res = await srv.call(
      'POST',
      '/api/admin/review/decide',
      { kind: 'drawing', id: 'x', action: 'approve', reason: '', requestId: requestId() },
      { cookie: operator.cookie },
    );
    expect(res.status).toBe(400);
  });
});
