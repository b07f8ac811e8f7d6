// The word list sees through disguised words in every public text: a drawing's
// prompt, an app's title and description, a nickname, a shared conversation's
// title and messages; for built-in words and for words added in the console.
// Matching itself: tests/unit/moderation-normalize.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedShares, shownShare } from '../../../src/server/services/chat/shares';
import { LATIN_TRICKS, TRICKS } from '../../fixtures/word-tricks';
import { makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { DRAW_TEST_ENV, submit, waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

let srv: TestServer;
let operator: Staff;
let user: Awaited<ReturnType<typeof createUserWithToken>>;
let users = 0;

beforeAll(async () => {
  srv = await startTestServer({ ...DRAW_TEST_ENV, CHAT_SHARES_PER_HOUR: '1000' });
  operator = await makeStaff(srv, 'tricks-operator@example.com', 'operator');
  user = await createUserWithToken(srv, 'tricks-user@example.com');
}, 60_000);
afterAll(() => srv?.dispose());

const nickname = (text: string) => srv.call('POST', '/api/user/profile', { nickname: text }, user.headers);
const app = (title: string, description = '') =>
  srv.call(
    'POST',
    '/api/app/create',
    {
      promptTitle: title,
      promptDescription: description,
      promptContent: 'You help.',
      iconUrl: 'emoji:🛟',
      published: true,
    },
    user.headers,
  );
const share = (title: string, text = 'hello') =>
  srv.call(
    'POST',
    '/api/chat/shares',
    {
      conversationUuid: 1,
      title,
      messages: [
        { id: 'q', dateTime: 1, inversion: true, text: 'a question' },
        { id: 'a', dateTime: 2, inversion: false, text },
      ],
    },
    user.headers,
  );
/** A public drawing's final status, by a user of its own (drawings are rate limited per user). */
async function drawn(prompt: string) {
  users += 1;
  const drawer = await createUserWithToken(srv, `tricks-drawer-${users}@example.com`);
  const task = await submit(srv, drawer.headers, { prompt, drawPublicFlag: 1 });
  return (await waitForStatus(srv, drawer.headers, task.id)).status as number;
}

/** Every public text refuses `text` with its own translated reply. */
async function refusedEverywhere(text: string) {
  const refusals = [
    [await nickname(text), '昵称或简介含有不允许的内容'],
    [await app(text), '应用的名称、介绍或提示词含有不允许的内容'],
    [await app('Helper', text), '应用的名称、介绍或提示词含有不允许的内容'],
    [await share(text), '对话的标题或内容含有不允许的内容'],
    [await share('A chat', `It said: ${text}.`), '对话的标题或内容含有不允许的内容'],
  ] as const;
  for (const [res, message] of refusals) {
    expect(res.status, `${text}: ${JSON.stringify(res.body)}`).toBe(400);
    expect(res.body.code).toBe(400);
    expect(res.body.result).toContain(message);
  }
  expect(await drawn(`a painting, ${text}`), text).toBe(12);
}

function disguises(words: string[]) {
  const cases: [string, string][] = [];
  for (const word of words) {
    for (const [name, trick] of Object.entries(TRICKS)) cases.push([name, trick(word)]);
    if (/^[a-z]+$/.test(word))
      for (const [name, trick] of Object.entries(LATIN_TRICKS)) cases.push([name, trick(word)]);
  }
  return cases;
}

describe('disguised words in public texts', { timeout: 60_000 }, () => {
  let before: string;

  it('ordinary texts pass everywhere', async () => {
    for (const text of ['class assistant 小心', 'a method for Essex', 'Goblin stories']) {
      expect((await nickname(text)).status, text).toBe(200);
      expect((await app(text, `${text} grapes`)).body.code, text).toBe(200);
      expect((await share(text, `${text}: the heroine's something`)).body.code, text).toBe(200);
      expect(await drawn(text), text).toBe(10);
    }
    // Shared and listed before the console lists "goblin" (next test).
    const made = await share('Gоblin stories');
    before = made.body.data.id;
    expect((await srv.call('PATCH', `/api/chat/shares/${before}`, { listed: true }, user.headers)).status).toBe(200);
    expect((await listedShares(srv.runtime)).map((s) => s.id)).toContain(before);
  });

  it('a word the console adds applies to shares already made: refused when listed, gone from page and sitemap', async () => {
    const saved = await srv.call(
      'POST',
      '/api/admin/words',
      {
        words: { violation: ['goblin', '蓝莓果酱'], sensitive: [], removed: [] },
        reason: 'test',
        requestId: requestId(),
      },
      { cookie: operator.cookie, authorization: operator.headers.authorization ?? '' },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await shownShare(srv.runtime, before)).kind).toBe('takenDown');
    expect((await listedShares(srv.runtime)).map((s) => s.id)).not.toContain(before);
    expect((await srv.call('PATCH', `/api/chat/shares/${before}`, { listed: false }, user.headers)).status).toBe(200);
    const relisted = await srv.call('PATCH', `/api/chat/shares/${before}`, { listed: true }, user.headers);
    expect(relisted.status).toBe(400);
    expect(relisted.body.result).toContain('对话的标题或内容含有不允许的内容');
  });

  it.each([...disguises(['porn', '色情']), ['traditional form', '賭博'] as [string, string]])(
    'built-in word, %s: %s',
    async (_name, text) => refusedEverywhere(text),
  );

  it.each([...disguises(['goblin', '蓝莓果酱']), ['traditional form', '藍莓果醬'] as [string, string]])(
    'word added in the console, %s: %s',
    async (_name, text) => refusedEverywhere(text),
  );
});
