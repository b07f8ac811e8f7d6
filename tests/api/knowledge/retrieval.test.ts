import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLedger } from '../../../src/server/db/schema';
import { CORPUS, corpusMarkdown, hitAt, QUESTIONS } from '../../fixtures/knowledge-corpus';
import { createTestDatabase, createUserWithToken, startTestServerOn, type TestServer } from '../helpers';
import { type FakeEmbeddings, startFakeEmbeddings } from './fake-embeddings';
import { addAndSettle, createBase, type Member, search } from './knowledge-helpers';

// Retrieval quality on a Chinese corpus made for the test (docs/knowledge.md#figures): keyword
// search alone, then hybrid with a local embeddings server, each must put the answer in the top 3
// for at least 90% of the questions. Then a changed embedding model re-embeds in the background.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let srv: TestServer | undefined;
let fake: FakeEmbeddings;
let alice: Member;
let baseId: number;

const start = (env: Record<string, string> = {}) =>
  startTestServerOn(database, { KNOWLEDGE_CHUNKS_USER: '10000', KNOWLEDGE_SEARCH_PER_MINUTE: '10000', ...env });

async function hitAt3(): Promise<{ hit: number; modes: Set<string> }> {
  const modes = new Set<string>();
  const results = [];
  for (const { q, answer } of QUESTIONS) {
    const found = await search(srv as TestServer, alice, baseId, q, 3);
    modes.add(found.mode);
    results.push({ answer, texts: found.passages.map((p) => p.text) });
  }
  return { hit: hitAt(3, results), modes };
}

beforeAll(async () => {
  fake = await startFakeEmbeddings();
  database = await createTestDatabase();
  srv = await start();
  alice = await createUserWithToken(srv, 'kb-retrieval@example.com');
  baseId = (await createBase(srv, alice, '语料')).id;
  for (const doc of CORPUS) {
    const file = await addAndSettle(srv, alice, baseId, { name: doc.name, bytes: corpusMarkdown(doc) });
    expect(file.status, JSON.stringify(file)).toBe('ready');
  }
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await database?.drop();
  await fake?.close();
});

describe('knowledge retrieval', () => {
  it('has a corpus of at least 30 passages and the questions to ask it', () => {
    expect(CORPUS.flatMap((d) => d.passages).length).toBeGreaterThanOrEqual(30);
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(30);
  });

  it('keywords alone (jieba words, simple tsvector, ts_rank_cd) put the answer in the top 3 for ≥ 90%', async () => {
    const { hit, modes } = await hitAt3();
    expect([...modes]).toEqual(['keyword']);
    expect(hit).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('hybrid (keywords and vectors fused by RRF) does too, after the files are embedded', async () => {
    await srv?.dispose();
    srv = await start({ EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: 'fake-a', EMBEDDINGS_PRICE_PER_1K: '2000' });
    // Ready files without vectors of the configured model are embedded in the background.
    const until = Date.now() + 60_000;
    while (Date.now() < until && fake.requests.filter((r) => r.model === 'fake-a').length < CORPUS.length)
      await new Promise((r) => setTimeout(r, 50));
    const { db } = srv.runtime.database;
    const waitEmbedded = async (model: string) => {
      while (Date.now() < until) {
        const rows = await srv?.runtime.database.db.execute(
          `select count(*)::int as n from knowledge_files where embedded_model is distinct from '${model}'` as never,
        );
        if ((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n === 0) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('files were not embedded');
    };
    await waitEmbedded('fake-a');
    const { hit, modes } = await hitAt3();
    expect([...modes]).toEqual(['hybrid']);
    expect(hit).toBeGreaterThanOrEqual(0.9);
    // Every embedding call is in the ledger with its tokens and cost (2000 micro-yuan per 1k tokens).
    const [row] = await db
      .select({ tokens: sum(usageLedger.inputTokens), cost: sum(usageLedger.costMicros) })
      .from(usageLedger)
      .where(and(eq(usageLedger.kind, 'embedding'), eq(usageLedger.userId, alice.id)));
    const sent = fake.requests.flatMap((r) => r.input).reduce((n, t) => n + Array.from(t).length, 0);
    expect(Number(row?.tokens)).toBe(sent);
    expect(Number(row?.cost)).toBe(Math.round((sent * 2000) / 1000));

    // A changed model re-embeds every file in the background; search keeps working meanwhile.
    await srv.dispose();
    srv = await start({ EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: 'fake-b' });
    await waitEmbedded('fake-b');
    expect(fake.requests.filter((r) => r.model === 'fake-b').length).toBeGreaterThanOrEqual(CORPUS.length);
    expect((await hitAt3()).hit).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('an embeddings endpoint that fails leaves search to the keywords', async () => {
    fake.failing = true;
    try {
      const found = await search(srv as TestServer, alice, baseId, '泰山的主峰海拔多少米？', 3);
      expect(found.mode).toBe('keyword');
      expect(found.passages[0]?.text).toContain('一千五百四十五米');
    } finally {
      fake.failing = false;
    }
  });
});
