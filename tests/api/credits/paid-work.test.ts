import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditHolds, creditMovements } from '../../../src/server/db/schema';
import { lockUser, transaction } from '../../../src/server/db/transaction';
import { DomainError } from '../../../src/server/errors';
import { book } from '../../../src/server/services/credits/book';
import { rateKey } from '../../../src/server/services/credits/rates';
import { embedTexts } from '../../../src/server/services/knowledge/vectors';
import { webSource } from '../../../src/server/services/web-search/chat-source';
import { waitForStatus } from '../drawing/draw-helpers';
import { createUserWithToken, startTestServer, type TestServer, until } from '../helpers';
import { type FakeEmbeddings, startFakeEmbeddings } from '../knowledge/fake-embeddings';
import { startFakeSuno } from '../music/fake-suno';
import { inspiration, waitForSong } from '../music/music-helpers';
import { type Fake, fakeServer } from '../web-search/fake-search';
import { balanceOf, expectBooksBalanced, setRates } from './credits-helpers';

// Paid work past the free allowance (docs/credits.md#holds): with a price set, each kind of work
// holds its price, settles it when the work succeeded and releases it when it failed; the books
// always balance.
let srv: TestServer;
let suno: Awaited<ReturnType<typeof startFakeSuno>>;
let search: Fake;
let embeddings: FakeEmbeddings;
let searchFails = false;
let n = 0;
const db = () => srv.runtime.database.db;

beforeAll(async () => {
  suno = await startFakeSuno();
  embeddings = await startFakeEmbeddings();
  search = await fakeServer((s) =>
    searchFails
      ? { status: 500, json: {} }
      : {
          status: 200,
          json: { query: s.query.get('q'), number_of_results: 0, results: [] },
        },
  );
  // No free allowance anywhere: every piece of work is paid in credits.
  srv = await startTestServer({
    DRAW_OFFLINE_STEP_MS: '25',
    DRAW_FREE_DAILY: '0',
    MUSIC_PROVIDER: 'suno',
    SUNO_API_URL: suno.url,
    SUNO_API_KEY: 'sk-test',
    MUSIC_POLL_MS: '100',
    MUSIC_FREE_DAILY: '0',
    WEB_SEARCH_PROVIDER: 'searxng',
    WEB_SEARCH_BASE_URL: search.url,
    WEB_SEARCH_FREE_DAILY: '0',
    EMBEDDINGS_BASE_URL: embeddings.url,
    EMBEDDINGS_MODEL: 'fake-a',
  });
  await setRates(srv, {
    [rateKey.drawing(srv.runtime.image.mode, 2)]: 30,
    [rateKey.song]: 50,
    [rateKey.search]: 3,
    [rateKey.embedding]: 1000,
  });
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await Promise.all([suno?.close(), search?.close(), embeddings?.close()]);
});

/** A user with `credits` credits, granted through the books. */
async function funded(credits: number) {
  const u = await createUserWithToken(srv, `paid-work${++n}@example.com`);
  await transaction(db(), async (tx) => {
    await lockUser(tx, u.id);
    await book(tx, { userId: u.id, reason: 'adjust', ref: `test:${u.id}`, amount: credits });
  });
  return u;
}
const holdOf = async (kind: string, ref: string) =>
  (
    await db()
      .select()
      .from(creditHolds)
      .where(and(eq(creditHolds.kind, kind), eq(creditHolds.ref, ref)))
  )[0];
/** A task's hold once it ended: the task's final status is written just before its hold is ended. */
const endedHold = (kind: string, ref: string) =>
  until(`${kind} hold ${ref} ended`, async () => {
    const h = await holdOf(kind, ref);
    return h?.status === 'held' ? undefined : h;
  });
const spends = async (userId: number) =>
  (await db().select().from(creditMovements).where(eq(creditMovements.userId, userId)))
    .filter((m) => m.reason === 'spend')
    .map((m) => [m.kind, m.amount]); // a spend is negative for the user

describe('a drawing', () => {
  it('holds its engine and quality’s price, charges it when drawn, releases it when refused', async () => {
    const u = await funded(100);
    const res = await srv.call(
      'POST',
      '/api/sd/submit/imagine',
      { drawRate: '1:1', prompt: '山间的小屋', drawQuality: 2 },
      u.headers,
    );
    expect(res.body.code, JSON.stringify(res.body)).toBe(1000000);
    const id = res.body.mjChatMessage.id as string;
    expect(await holdOf('drawing', id)).toMatchObject({ amount: 30 });
    expect((await waitForStatus(srv, u.headers, id)).status).toBe(10);
    expect(await endedHold('drawing', id)).toMatchObject({ status: 'settled', charged: 30 });
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 70, held: 0 });

    const refused = await srv.call(
      'POST',
      '/api/sd/submit/imagine',
      { drawRate: '1:1', prompt: '画一张 色 情 图片', drawQuality: 2 },
      u.headers,
    );
    const rid = refused.body.mjChatMessage.id as string;
    expect((await waitForStatus(srv, u.headers, rid)).status).toBe(12);
    expect(await endedHold('drawing', rid)).toMatchObject({ status: 'released', charged: 0 });
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 70, held: 0 });
    expect(await spends(u.id)).toEqual([['drawing', -30]]);
    await expectBooksBalanced(db());
  });

  it('is refused past the credits, with nothing held', async () => {
    const u = await funded(29);
    const res = await srv.call(
      'POST',
      '/api/sd/submit/imagine',
      { drawRate: '1:1', prompt: 'a boat', drawQuality: 2 },
      u.headers,
    );
    expect([res.status, res.body.code]).toEqual([429, 429]);
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 29, held: 0 });
    await expectBooksBalanced(db());
  });
});

describe('a song', () => {
  it('holds the song price, charges it when the song is done, releases it when the song fails', async () => {
    const u = await funded(120);
    const ok = await srv.call('POST', '/api/music/submit', inspiration('synthwave night drive'), u.headers);
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(1000000);
    const okId = ok.body.data.id as string;
    expect(await holdOf('song', okId)).toMatchObject({ amount: 50 });
    expect((await waitForSong(srv, okId, u.headers)).status).toBe(10);
    expect(await endedHold('song', okId)).toMatchObject({ status: 'settled', charged: 50 });

    const bad = await srv.call('POST', '/api/music/submit', inspiration('FAIL this song'), u.headers);
    const badId = bad.body.data.id as string;
    expect((await waitForSong(srv, badId, u.headers)).status).toBe(11);
    expect(await endedHold('song', badId)).toMatchObject({ status: 'released', charged: 0 });
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 70, held: 0 });
    expect(await spends(u.id)).toEqual([['song', -50]]);
    await expectBooksBalanced(db());
  });
});

describe('a web search', () => {
  const gather = (userId: number) =>
    webSource.gather(srv.runtime, {
      caller: { userId, ip: '203.0.113.9' },
      query: '妙笔',
      lang: 'zh-CN',
      signal: AbortSignal.timeout(20_000),
      limit: 5,
    });

  it('charges the search price once the service answered, and nothing when it failed', async () => {
    const u = await funded(10);
    await gather(u.id);
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 7, held: 0 });
    searchFails = true;
    try {
      const failed = await gather(u.id).catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(DomainError);
      expect((failed as DomainError).status).toBe(503);
    } finally {
      searchFails = false;
    }
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 7, held: 0 });
    expect(await spends(u.id)).toEqual([['search', -3]]);
    await expectBooksBalanced(db());
  });
});

describe('embeddings', () => {
  const embed = (userId: number, texts: string[]) => {
    const provider = srv.runtime.registry.embeddings;
    if (!provider) throw new Error('no embeddings provider');
    return embedTexts(srv.runtime, provider, userId, texts, AbortSignal.timeout(20_000), null);
  };

  it('hold twice the characters as tokens, settle to the tokens the upstream counted, release on failure', async () => {
    const u = await funded(10);
    // 3 characters: 6 tokens held at 1 credit a token, 3 counted by the upstream.
    expect(await embed(u.id, ['妙笔好'])).toHaveLength(1);
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 7, held: 0 });
    embeddings.failing = true;
    try {
      await expect(embed(u.id, ['再来一次'])).rejects.toThrow();
    } finally {
      embeddings.failing = false;
    }
    expect(await balanceOf(srv, u.headers)).toMatchObject({ balance: 7, held: 0 });
    expect(await spends(u.id)).toEqual([['embedding', -3]]);
    // More than the balance covers: refused before the upstream is asked.
    const asked = embeddings.requests.length;
    await expect(embed(u.id, ['一二三四'])).rejects.toMatchObject({ messageKey: 'credits:error.notEnough' });
    expect(embeddings.requests.length).toBe(asked);
    await expectBooksBalanced(db());
  });
});
