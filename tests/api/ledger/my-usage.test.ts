import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger } from '../../../src/server/db/schema';
import { quotaDayStart } from '../../../src/server/services/ledger/token-quota';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers';

const DAY = 86_400_000;
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(() => srv?.dispose());

describe("a user's own usage", () => {
  it("answers a visitor 'not logged in' (1000001) and a dead token 401, as every account route", async () => {
    const res = await srv.call('GET', '/api/usage/mine');
    expect(res.body.code).toBe(1000001);
    expect(res.body.data).toBeNull();
    const dead = await srv.call('GET', '/api/usage/mine', undefined, { authorization: 'Bearer nope' });
    expect(dead.status).toBe(401);
  });

  it('sums only the caller’s rows: today, the last 30 days, and chat by model', async () => {
    const me = await createUserWithToken(srv, 'mine-me@example.com');
    const other = await createUserWithToken(srv, 'mine-other@example.com');
    const today = quotaDayStart(Date.now()).getTime();
    const row = (userId: number | null, createdAt: number, r: Partial<typeof usageLedger.$inferInsert> = {}) => ({
      userId,
      kind: 'chat' as const,
      model: 'gpt-4o-mini',
      provider: 'openai',
      tokenSource: 'upstream' as const,
      inputTokens: 10,
      outputTokens: 5,
      durationMs: 100,
      outcome: 'ok' as const,
      createdAt: new Date(createdAt),
      ...r,
    });
    await srv.runtime.database.db.insert(usageLedger).values([
      row(me.id, today + 1000),
      row(me.id, today + 2000, { model: 'deepseek-chat', inputTokens: 100, outputTokens: 50 }),
      row(me.id, today + 3000, { kind: 'drawing', model: 'mj', tokenSource: 'none', inputTokens: 0, outputTokens: 0 }),
      row(me.id, today - 1000), // yesterday
      row(me.id, today - 29 * DAY, {
        kind: 'song',
        model: 'suno',
        tokenSource: 'none',
        inputTokens: 0,
        outputTokens: 0,
      }),
      row(me.id, today - 29 * DAY - 1000), // 31 days ago: not counted
      row(other.id, today + 1000, { inputTokens: 9999 }),
      row(null, today + 1000, { inputTokens: 8888 }),
    ]);
    const res = await srv.call('GET', '/api/usage/mine', undefined, me.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      today: { answers: 2, tokens: 165, drawings: 1, songs: 0 },
      month: { answers: 3, tokens: 180, drawings: 1, songs: 1 },
      models: [
        { model: 'deepseek-chat', answers: 1, tokens: 150 },
        { model: 'gpt-4o-mini', answers: 2, tokens: 30 },
      ],
      tokenLimit: null,
    });
    const theirs = await srv.call('GET', '/api/usage/mine', undefined, other.headers);
    expect(theirs.body.data.today).toEqual({ answers: 1, tokens: 10_004, drawings: 0, songs: 0 });
  });
});
