// The console's word list: each save a version, applied at once to drawing
// prompts, app texts and nicknames, on this process and (PostgreSQL) on
// another one sharing the database; an earlier version can be restored.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { DRAW_TEST_ENV, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';

let srv: TestServer;
let operator: Staff;
let user: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  srv = await startTestServer(DRAW_TEST_ENV);
  operator = await makeStaff(srv, 'words-operator@example.com', 'operator');
  user = await createUserWithToken(srv, 'words-user@example.com');
}, 60_000);
afterAll(() => srv?.dispose());

const words = (violation: string[], sensitive: string[] = [], removed: string[] = []) => ({
  words: { violation, sensitive, removed },
  reason: 'policy update',
  requestId: requestId(),
});
// As the console sends it: the cookie, and the login token for the longer body limit.
const save = (body: unknown) =>
  srv.call('POST', '/api/admin/words', body, {
    cookie: operator.cookie,
    authorization: operator.headers.authorization ?? '',
  });
const nickname = (url: string, name: string) =>
  fetch(`${url}/api/user/profile`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: name }),
  }).then((r) => r.status);

describe('console word list', () => {
  it('applies a saved word at once to nicknames, app titles and drawing prompts', async () => {
    expect(await nickname(srv.url, '蓝莓果酱控')).toBe(200);
    const res = await save(words(['蓝莓果酱']));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.applied).toBe(true);

    const refused = await srv.call('POST', '/api/user/profile', { nickname: '蓝莓果酱控' }, user.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.result).toContain('昵称');
    const app = await srv.call(
      'POST',
      '/api/app/create',
      { promptTitle: '蓝莓 果酱 食谱', promptContent: '做甜点', iconUrl: 'emoji:🫐', published: false },
      user.headers,
    );
    expect(app.status).toBe(400);
    const song = await srv.call(
      'POST',
      '/api/music/submit',
      { mode: 'custom', title: '蓝莓果酱之歌', lyrics: '甜甜的早晨', tags: 'pop' },
      user.headers,
    );
    expect(song.status).toBe(400);
    expect(song.body.result).toContain('歌词');
    const task = await submit(srv, user.headers, { prompt: '一罐蓝莓果酱', drawPublicFlag: 2 });
    expect((await waitForStatus(srv, user.headers, task.id)).status).toBe(12);
  });

  it('keeps versions and reverts to an earlier one', async () => {
    const first = (await srv.call('GET', '/api/admin/words', undefined, { cookie: operator.cookie })).body.data;
    const firstId = first.current.id as number;
    expect(first.current.words.violation).toEqual(['蓝莓果酱']);
    expect(first.current.authorEmail).toBe('words-operator@example.com');

    expect((await save(words(['草莓果酱']))).status).toBe(200);
    expect(await nickname(srv.url, '蓝莓果酱控')).toBe(200);
    expect(await nickname(srv.url, '草莓果酱控')).toBe(400);

    const back = await srv.call(
      'POST',
      '/api/admin/words/revert',
      { id: firstId, reason: 'the old list was right', requestId: requestId() },
      { cookie: operator.cookie },
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.version.revertedFrom).toBe(firstId);
    expect(await nickname(srv.url, '草莓果酱控')).toBe(200);
    expect(await nickname(srv.url, '蓝莓果酱控')).toBe(400);

    const history = (await srv.call('GET', '/api/admin/words', undefined, { cookie: operator.cookie })).body.data;
    expect(history.versions.map((v: { id: number }) => v.id).slice(0, 3)).toEqual([
      back.body.data.version.id,
      firstId + 1,
      firstId,
    ]);
    // Each save and revert left its audit row.
    const audit = await srv.call('GET', '/api/admin/audit?action=words.revert', undefined, { cookie: operator.cookie });
    expect(audit.body.data.records[0]?.reason).toBe('the old list was right');
  });

  it('can take a built-in word out', async () => {
    expect(await nickname(srv.url, '赌博大王')).toBe(400);
    expect((await save(words(['蓝莓果酱'], [], ['赌博']))).status).toBe(200);
    expect(await nickname(srv.url, '赌博大王')).toBe(200);
  });

  it('refuses bad lists with a translated 400', async () => {
    for (const [body, text] of [
      [words([]), '不能为空'],
      [words(['x'.repeat(41)]), '40'],
      [words(Array.from({ length: 1001 }, (_, i) => `词${i}`)), '1000'],
      [{ ...words(['好词']), reason: '' }, ''],
    ] as const) {
      const res = await save(body);
      expect(res.status).toBe(400);
      expect(res.body.result).toContain(text);
    }
    const missing = await srv.call(
      'POST',
      '/api/admin/words/revert',
      { id: 999_999, reason: 'r', requestId: requestId() },
      { cookie: operator.cookie },
    );
    expect(missing.status).toBe(404);
  });

  it('is for staff only', async () => {
    for (const headers of [user.headers, {}]) {
      expect((await srv.call('GET', '/api/admin/words', undefined, headers)).status).toBe(404);
      expect((await srv.call('POST', '/api/admin/words', words(['坏词']), headers)).status).toBe(404);
    }
  });
});

describe.skipIf(!inject('postgresUrl'))('console word list across processes', () => {
  let two: Awaited<ReturnType<typeof spawnServerProcess>>;
  beforeAll(async () => {
    const env = srv.runtime.env;
    two = await spawnServerProcess({ NODE_ENV: 'test', DATABASE_URL: env.DATABASE_URL ?? '', DATA_DIR: env.DATA_DIR });
  }, 60_000);
  afterAll(() => two?.stop());

  it('applies a save on the other process at once', async () => {
    // The other process has read (and cached) the current list before the save.
    expect(await nickname(two.url, '橘子汽水迷')).toBe(200);
    expect((await save(words(['橘子汽水']))).status).toBe(200);
    // The cache's safety-net expiry is a minute: only the NOTIFY can pass this within a second.
    await expect.poll(() => nickname(two.url, '橘子汽水迷'), { timeout: 1000, interval: 50 }).toBe(400);
  });
});
