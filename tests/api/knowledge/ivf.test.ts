import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assignLists, probeLists } from '../../../src/server/services/knowledge/ivf';
import { rowsOf } from '../../../src/server/services/knowledge/rows';
import { nearest, storeVectors } from '../../../src/server/services/knowledge/vectors';
import { seededRandom } from '../../../src/shared/seeded-random';
import { createUserWithToken, startTestServer, type TestServer, until } from '../helpers';
import { type FakeEmbeddings, startFakeEmbeddings } from './fake-embeddings';
import { createBase, type Member } from './knowledge-helpers';

// The IVF index used without pgvector (services/knowledge/ivf.ts): built by its job once a base
// reaches KNOWLEDGE_IVF_MIN_PASSAGES, its top 10 must agree with exact search's for ≥ 90% of the
// passages; smaller bases, and passages not in a list yet, are searched exactly.

const DIMS = 64;
const MODEL = 'fake-ivf';
const random = seededRandom(41);
const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const unit = (v: number[]) => {
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
};
// Topics (random directions) and passages near them: like embeddings, clustered but not apart.
const topics = Array.from({ length: 150 }, () => unit(Array.from({ length: DIMS }, gauss)));
const near = (topic: number[]) => unit(topic.map((x) => x + 0.12 * gauss()));
const someTopic = () => topics[Math.floor(random() * topics.length)] as number[];

let srv: TestServer;
let fake: FakeEmbeddings;
let alice: Member;

type Executor = Parameters<typeof rowsOf>[0];

/** A ready file that says it holds `n` passages of MODEL; its passages are written by `passages`. */
async function readyFile(db: Executor, baseId: number, n: number): Promise<number> {
  const [file] = await rowsOf<{ id: number }>(
    db,
    sql`insert into knowledge_files (base_id, user_id, name, kind, size, storage_key, status, lang, chunks, embedded_model)
        values (${baseId}, ${alice.id}, 'synthetic.md', 'md', 1, 'none', 'ready', 'zh-CN', ${n}, ${MODEL}) returning id`,
  );
  return file?.id as number;
}

/** `n` passages with synthetic vectors near the topics. */
async function passages(db: Executor, baseId: number, fileId: number, n: number): Promise<void> {
  const vectors = Array.from({ length: n }, () => `{${near(someTopic()).join(',')}}`);
  await db.execute(sql`insert into knowledge_chunks (file_id, base_id, user_id, ord, text, terms, embedding)
    select ${fileId}::int, ${baseId}::int, ${alice.id}::int, (t.o - 1)::int, 'p', 'p', t.e::real[]
    from jsonb_array_elements_text(${JSON.stringify(vectors)}::jsonb) with ordinality as t(e, o)`);
}

/** A ready file with its passages, in one transaction as ingestion writes them: the job never sees one without the other. */
const seed = (baseId: number, n: number) =>
  srv.runtime.database.db.transaction(async (tx) => passages(tx, baseId, await readyFile(tx, baseId, n), n));

/** The exact top `k` (every passage of the base, no lists). */
async function exact(baseId: number, query: number[], k: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    srv.runtime.database.db,
    sql`select c.id::int as id from knowledge_chunks c where c.base_id = ${baseId}
        order by (select sum(a * b) from unnest(c.embedding, ${`{${query.join(',')}}`}::real[]) as t(a, b)) desc, c.id
        limit ${k}`,
  );
  return rows.map((r) => r.id);
}

const approx = async (baseId: number, query: number[], k: number) =>
  (await nearest(srv.runtime, alice.id, [baseId], MODEL, query, k)).map((h) => h.id);

async function indexed(baseId: number): Promise<boolean> {
  const [row] = await rowsOf<{ model: string | null }>(
    srv.runtime.database.db,
    sql`select ivf_model as model from knowledge_bases where id = ${baseId}`,
  );
  return row?.model === MODEL;
}

let big: number;
let small: number;

beforeAll(async () => {
  fake = await startFakeEmbeddings();
  srv = await startTestServer({
    EMBEDDINGS_BASE_URL: fake.url,
    EMBEDDINGS_MODEL: MODEL,
    KNOWLEDGE_IVF_MIN_PASSAGES: '1000',
  });
  alice = await createUserWithToken(srv, 'kb-ivf@example.com');
  big = (await createBase(srv, alice, '大')).id;
  small = (await createBase(srv, alice, '小')).id;
  await seed(big, 3000);
  await seed(small, 600);
}, 120_000);
afterAll(async () => {
  await srv?.dispose();
  await fake?.close();
});

/** A passage of the base's first file without a vector yet, as chunking writes it before embedding. */
async function addPassage(baseId: number): Promise<number> {
  const db = srv.runtime.database.db;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`insert into knowledge_chunks (file_id, base_id, user_id, ord, text, terms)
        select f.id, ${baseId}, ${alice.id}, 0, 'new', 'new' from knowledge_files f where f.base_id = ${baseId}
        order by f.id limit 1 returning id::int as id`,
  );
  return row?.id as number;
}

describe('IVF vector index', () => {
  it('is built by its job for a base past the threshold, and its top 10 agree with exact search', async () => {
    const query = near(someTopic());
    // Before the build every passage is in no list: exact search.
    expect(await probeLists(srv.runtime.database, [big], MODEL, query)).toBeNull();
    expect(await approx(big, query, 10)).toEqual(await exact(big, query, 10));

    srv.runtime.jobs.knowledgeIndex.wake();
    await until('the base to be indexed', async () => ((await indexed(big)) ? true : undefined), 90_000);

    const [lists] = await rowsOf<{ n: number; unlisted: number }>(
      srv.runtime.database.db,
      sql`select count(distinct ivf_list)::int as n, count(*) filter (where ivf_list is null)::int as unlisted
          from knowledge_chunks where base_id = ${big}`,
    );
    expect(lists?.unlisted).toBe(0);
    expect(lists?.n).toBeGreaterThanOrEqual(20);

    let found = 0;
    let read = 0;
    const QUERIES = 30;
    for (let i = 0; i < QUERIES; i++) {
      const q = near(someTopic());
      const truth = await exact(big, q, 10);
      const got = new Set(await approx(big, q, 10));
      found += truth.filter((id) => got.has(id)).length;
      const probes = (await probeLists(srv.runtime.database, [big], MODEL, q)) ?? [];
      const [row] = await rowsOf<{ n: number }>(
        srv.runtime.database.db,
        sql`select count(*)::int as n from knowledge_chunks where ivf_list = any(${`{${probes.join(',')}}`}::bigint[])`,
      );
      read += row?.n ?? 0;
    }
    expect(found / (QUERIES * 10)).toBeGreaterThanOrEqual(0.9);
    // And it reads a fraction of the base, not all of it.
    expect(read / QUERIES).toBeLessThan(3000 * 0.4);
  }, 120_000);

  it('leaves a base below the threshold to exact search', async () => {
    srv.runtime.jobs.knowledgeIndex.wake();
    await sleep(500);
    expect(await indexed(small)).toBe(false);
    expect(await probeLists(srv.runtime.database, [small], MODEL, near(someTopic()))).toBeNull();
    for (let i = 0; i < 5; i++) {
      const q = near(someTopic());
      expect(await approx(small, q, 10)).toEqual(await exact(small, q, 10));
    }
  });

  it('lets a base it found without vectors go at once: indexed as soon as they are there, not a lease later', async () => {
    const db = srv.runtime.database.db;
    const late = (await createBase(srv, alice, '迟')).id;
    // The row's version (xmin) tells that the job's look claimed it; its lease, that it let it go.
    const row = async () =>
      (
        await rowsOf<{ version: string; lease: Date | null }>(
          db,
          sql`select xmin::text as version, ivf_lease_until as lease from knowledge_bases where id = ${late}`,
        )
      )[0];
    const before = (await row())?.version;
    // Counted but not written yet: the job's look reads no vector and builds nothing.
    const file = await readyFile(db, late, 1000);
    srv.runtime.jobs.knowledgeIndex.wake();
    await until('the job to look at the base', async () => ((await row())?.version !== before ? true : undefined));
    await until('the base to be let go', async () => ((await row())?.lease === null ? true : undefined), 10_000);
    await passages(db, late, file, 1000);
    srv.runtime.jobs.knowledgeIndex.wake();
    // Well inside the job's lease (JOB_LEASE_MS, 30 s) and its next look (a minute).
    await until('the late base to be indexed', async () => ((await indexed(late)) ? true : undefined), 10_000);
  });

  it('finds passages added after the build: in no list (exact), or put in their nearest list at ingestion', async () => {
    const db = srv.runtime.database.db;
    const topic = someTopic();
    const add = () => addPassage(big);
    // One written without a list (as before any index), one through ingestion's path.
    const unlisted = await add();
    await db.execute(
      sql`update knowledge_chunks set embedding = ${`{${topic.join(',')}}`}::real[] where id = ${unlisted}`,
    );
    const assigned = await add();
    await storeVectors(srv.runtime, big, MODEL, [assigned], [topic]);
    const [row] = await rowsOf<{ list: number | null }>(
      db,
      sql`select ivf_list::bigint as list from knowledge_chunks where id = ${assigned}`,
    );
    expect(row?.list).not.toBeNull();
    const probes = (await probeLists(srv.runtime.database, [big], MODEL, topic)) ?? [];
    expect(probes).toContain(Number(row?.list));
    const top = await approx(big, topic, 2);
    expect(new Set(top)).toEqual(new Set([unlisted, assigned]));
  });
});

describe.skipIf(!inject('postgresUrl'))('IVF vector index, rebuilt during an ingestion (PostgreSQL)', () => {
  it('stores a vector whose list a rebuild deletes meanwhile in no list, where exact search still finds it', async () => {
    await until('the base to be indexed', async () => ((await indexed(big)) ? true : undefined), 90_000);
    const db = srv.runtime.database.db;
    const topic = someTopic();
    const passage = await addPassage(big);
    const [list] = await assignLists(srv.runtime.database, big, MODEL, [topic]);
    expect(list).toEqual(expect.any(Number));

    // A rebuild's last step, deleting the old generation, holds the list until it commits...
    const rebuild = new pg.Client({ connectionString: srv.runtime.env.DATABASE_URL });
    // (pg_stat_activity is read once per transaction: the waits are watched from a connection of their own.)
    const watcher = new pg.Client({ connectionString: srv.runtime.env.DATABASE_URL });
    await Promise.all([rebuild.connect(), watcher.connect()]);
    try {
      await rebuild.query('begin');
      const deleted = await rebuild.query('delete from knowledge_centroids where id = $1', [list]);
      expect(deleted.rowCount).toBe(1);
      // ...while ingestion writes the vector into it: its foreign key waits for the delete...
      const storing = storeVectors(srv.runtime, big, MODEL, [passage], [topic]);
      await expect
        .poll(
          async () =>
            (
              await watcher.query(`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and query like 'update knowledge_chunks c set embedding%'`)
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBe(1);
      // ...and finds the list gone once it commits.
      await rebuild.query('commit');
      await storing;
    } finally {
      await Promise.all([rebuild.end(), watcher.end()]);
    }
    const [row] = await rowsOf<{ list: number | null; dims: number }>(
      db,
      sql`select ivf_list::bigint as list, cardinality(embedding)::int as dims from knowledge_chunks where id = ${passage}`,
    );
    expect(row).toEqual({ list: null, dims: DIMS });
    expect(await approx(big, topic, 3)).toContain(passage);
  });
});
