// kill -9 of a server process while a chat answer paid in credits is running: its hold is left
// taken. After a restart, once the hold's lease (JOB_LEASE_MS) runs out with nobody renewing it,
// the sweeper releases it (the user is not charged for an answer never given); a later answer
// is held and settled to its recorded tokens; the books balance throughout.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { creditAccounts, creditHolds } from '../../../src/server/db/schema';
import { book, checkBooks } from '../../../src/server/services/credits/book';
import { replaceRates } from '../../../src/server/services/credits/rates';
import { type FakeOpenAi, startFakeOpenAi } from '../chat/fake-openai';
import { createTestDatabase, createUserWithToken, startTestServerOn, until, withDatabase } from '../helpers';
import { spawnServerProcess } from '../socket-helpers';

type Child = Awaited<ReturnType<typeof spawnServerProcess>>;

describe('kill -9 while a chat answer holds credits', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let fake: FakeOpenAi;
  let vars: Record<string, string>;
  let child: Child | undefined;
  let user: Awaited<ReturnType<typeof createUserWithToken>>;

  const withDb = <T>(fn: (db: Database['db']) => Promise<T>) => withDatabase(database, fn);

  const credits = async (url: string) =>
    (
      (await (await fetch(`${url}/api/credits`, { headers: user.headers })).json()) as {
        data: { balance: number; held: number };
      }
    ).data;
  const ask = (url: string, model: string) =>
    fetch(`${url}/api/chat/process`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.headers },
      body: JSON.stringify({ prompt: 'hello', options: { model } }),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeOpenAi({ usage: { prompt_tokens: 1000, completion_tokens: 2000 } });
    vars = {
      NODE_ENV: 'test',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      JOB_LEASE_MS: '3000',
      OPENAI_BASE_URL: fake.url,
      CHAT_MODELS: 'hang,ok',
      // No free messages: every answer is paid in credits.
      CHAT_FREE_USER_DAILY: '0',
    };
    const srv = await startTestServerOn(database, vars);
    try {
      user = await createUserWithToken(srv, 'hold-crash@example.com');
      const { db } = srv.runtime.database;
      await db.transaction((tx) => book(tx, { userId: user.id, reason: 'adjust', ref: 'start', amount: 100_000 }));
      await replaceRates(db, { 'chat:hang:in': 1, 'chat:hang:out': 1, 'chat:ok:in': 1, 'chat:ok:out': 1 });
    } finally {
      await srv.dispose();
    }
  }, 60_000);
  afterAll(async () => {
    await child?.stop();
    await fake?.close();
    await database?.drop();
  });

  it('releases the dead call’s hold after its lease, and settles the next answer once', async () => {
    child = await spawnServerProcess(vars);
    const asked = ask(child.url, 'hang').catch((err: Error) => err);
    const url = child.url;
    const held = await until(
      'the hold to be taken',
      async () => ((await credits(url)).held > 0 ? true : undefined),
      20_000,
    );
    expect(held).toBe(true);
    child.proc.kill('SIGKILL');
    await new Promise((r) => child?.proc.once('exit', r));
    await asked;

    const cut = await withDb(async (db) => ({
      holds: await db.select().from(creditHolds),
      account: (await db.select().from(creditAccounts).where(eq(creditAccounts.userId, user.id)))[0],
    }));
    expect(cut.holds.map((h) => h.status)).toEqual(['held']);
    const amount = cut.holds[0]?.amount ?? 0;
    expect(amount).toBeGreaterThan(0);
    expect(cut.account).toMatchObject({ balance: 100_000, held: amount });

    child = await spawnServerProcess(vars);
    const back = child.url;
    await until('the hold to be released', async () => ((await credits(back)).held === 0 ? true : undefined), 30_000);
    expect(await credits(back)).toEqual(expect.objectContaining({ balance: 100_000, held: 0 }));

    // A live answer: held, then settled to the recorded 1,000 input and 2,000 output tokens.
    const text = await (await ask(back, 'ok')).text();
    expect(text).toContain('event: done');
    expect(await credits(back)).toEqual(expect.objectContaining({ balance: 100_000 - 3, held: 0 }));
    await child.stop();

    const after = await withDb(async (db) => ({
      holds: await db.select().from(creditHolds),
      problems: await checkBooks(db),
    }));
    expect(after.holds.map((h) => [h.status, h.charged]).sort()).toEqual([
      ['released', 0],
      ['settled', 3],
    ]);
    expect(after.problems).toEqual([]);
  }, 240_000);
});
