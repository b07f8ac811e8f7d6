import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTotp, users } from '../../../src/server/db/schema';
import { codeFor, makeStaff, requestId, type Staff } from '../admin/admin-helpers';
import { ask, startChatServer } from '../chat/chat-helpers';
import { type FakeOpenAi, readEvents, startFakeOpenAi } from '../chat/fake-openai';
import { createUserWithToken, type TestServer } from '../helpers';

// Each answer of the fake reports 42 + 7 = 49 tokens.
describe('daily token allowances per member level', () => {
  let fake: FakeOpenAi;
  let srv: TestServer;
  let admin: Staff;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ usage: { prompt_tokens: 42, completion_tokens: 7 } });
    srv = await startChatServer({
      OPENAI_BASE_URL: fake.url,
      CHAT_MODELS: 'ok',
      CHAT_FREE_VISITOR_DAILY: '100',
      CHAT_FREE_USER_DAILY: '100',
      CHAT_TOKENS_VISITOR_DAILY: '40',
      CHAT_TOKENS_MEMBER_DAILY: '100',
    });
    admin = await makeStaff(srv, 'tokens-admin@example.com', 'admin');
  }, 60_000);
  afterAll(async () => {
    await srv?.dispose();
    await fake?.close();
  });

  const answered = async (headers: Record<string, string> = {}) =>
    (await readEvents(await ask(srv, { prompt: 'q' }, headers))).at(-1)?.event === 'done';

  it('refuses a visitor with 429 once the day’s tokens reached the allowance, without spending a message', async () => {
    expect(await answered()).toBe(true);
    const res = await srv.call('POST', '/api/chat/process', { prompt: 'more' });
    expect(res.status).toBe(429);
    expect(res.body.result).toContain('40 tokens');
    expect(res.body.data).toMatchObject({ link: '/product', tokens: { limit: 40, used: 49 } });
    expect((await srv.call('GET', '/api/chat/quota')).body.data.used).toBe(1);
  });

  it('takes the signed-in user’s allowance from the console’s settings, counted from the ledger', async () => {
    const user = await createUserWithToken(srv, 'tokens-user@example.com');
    // 0 in the environment: unlimited until the console sets it.
    const settings = await srv.call('GET', '/api/admin/settings', undefined, { cookie: admin.cookie });
    const view = (settings.body.data as Array<{ key: string; value: number }>).find(
      (s) => s.key === 'CHAT_TOKENS_USER_DAILY',
    );
    expect(view).toMatchObject({ value: 0, source: 'env' });
    await srv.runtime.database.db.update(adminTotp).set({ lastStep: null }).where(eq(adminTotp.userId, admin.id));
    const saved = await srv.call(
      'POST',
      '/api/admin/settings',
      { values: { CHAT_TOKENS_USER_DAILY: 60 }, requestId: requestId(), code: await codeFor(srv, admin.id) },
      { cookie: admin.cookie },
    );
    expect(saved.body.code).toBe(200);

    expect(await answered(user.headers)).toBe(true); // 0 used
    expect(await answered(user.headers)).toBe(true); // 49 used
    const res = await srv.call('POST', '/api/chat/process', { prompt: 'x' }, user.headers); // 98 used
    expect(res.status).toBe(429);
    expect(res.body.result).toContain('60 tokens');
    expect(res.body.data.tokens).toEqual({ limit: 60, used: 98 });
    const mine = await srv.call('GET', '/api/usage/mine', undefined, user.headers);
    expect(mine.body.data).toMatchObject({ tokenLimit: 60, today: { answers: 2, tokens: 98 } });
  });

  it('gives members their own allowance and message', async () => {
    const member = await createUserWithToken(srv, 'tokens-member@example.com');
    const end = new Date(Date.now() + 86_400_000);
    await srv.runtime.database.db.update(users).set({ vipType: 1, endDate: end }).where(eq(users.id, member.id));
    for (let i = 0; i < 3; i++) expect(await answered(member.headers)).toBe(true); // 0, 49, 98 < 100
    const res = await srv.call('POST', '/api/chat/process', { prompt: 'x' }, member.headers);
    expect(res.status).toBe(429);
    expect(res.body.result).toBe('今日会员对话用量（100 tokens）已用完，明天再来吧。');
    const en = await srv.call(
      'POST',
      '/api/chat/process',
      { prompt: 'x' },
      { ...member.headers, cookie: 'lang=en-US' },
    );
    expect(en.body.result).toContain("Today's member chat allowance (100 tokens)");
  });
});
