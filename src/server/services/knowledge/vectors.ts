import { sql } from 'drizzle-orm';
import { knowledgeConfig } from '../../config/knowledge';
import { FOREIGN_KEY_VIOLATION, failedWith } from '../../db/errors';
import type { EmbeddingsProvider } from '../../providers/embeddings';
import type { Runtime } from '../../runtime';
import { holdForEmbedding, settleEmbedding } from '../credits/spend';
import { recordUsage } from '../ledger/record';
import { assignLists, probeLists } from './ivf';
import { rowsOf } from './rows';

// Vectors are stored as unit-length real[] on every database, so one dot product is the cosine.
// On PostgreSQL with pgvector installed, an HNSW index per dimension count answers the nearest
// passages (an expression index over `embedding::vector(n)`); elsewhere (PGlite, PostgreSQL
// without the extension) the dot product is computed exactly in SQL, over a big base's nearest
// IVF lists (ivf.ts) or over a small base's every passage. Never a second server.

/** A vector as a PostgreSQL array literal (`{0.1,-0.2}`): one text parameter on both drivers. */
export const arrayLiteral = (v: number[]) => `{${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}}`;

const pgvector = new WeakMap<Runtime, Promise<boolean>>();
const indexed = new WeakMap<Runtime, Map<number, Promise<void>>>();

/** Whether pgvector is usable here: PostgreSQL with the extension installed (created when available). */
export function hasPgvector(rt: Runtime): Promise<boolean> {
  let known = pgvector.get(rt);
  if (!known) {
    known = (async () => {
      if (rt.database.kind !== 'postgres') return false;
      const { db } = rt.database;
      const [row] = await rowsOf<{ installed: boolean; available: boolean }>(
        db,
        sql`select exists(select 1 from pg_extension where extname = 'vector') as installed,
                   exists(select 1 from pg_available_extensions where name = 'vector') as available`,
      );
      if (row?.installed) return true;
      if (!row?.available) return false;
      try {
        await db.execute(sql`create extension if not exists vector`);
        return true;
      } catch (err) {
        rt.log.warn('pgvector is available but could not be created; exact vector search', {
          err: (err as Error).message,
        });
        return false;
      }
    })().catch(() => false);
    pgvector.set(rt, known);
  }
  return known;
}

/** The HNSW index for vectors of `dims` dimensions, made once per process. */
function hnswIndex(rt: Runtime, dims: number): Promise<void> {
  let byDims = indexed.get(rt);
  if (!byDims) {
    byDims = new Map();
    indexed.set(rt, byDims);
  }
  let made = byDims.get(dims);
  if (!made) {
    const n = sql.raw(String(Math.trunc(dims)));
    made = rt.database.db
      .execute(
        sql`create index if not exists ${sql.raw(`knowledge_chunks_hnsw_${Math.trunc(dims)}`)} on knowledge_chunks
            using hnsw ((embedding::vector(${n})) vector_cosine_ops) where array_length(embedding, 1) = ${n}`,
      )
      .then(() => undefined);
    byDims.set(dims, made);
  }
  return made;
}

export interface VectorHit {
  id: number;
  similarity: number;
}

/** The passages of `baseIds` (the user's) nearest to `query`, best first. */
export async function nearest(
  rt: Runtime,
  userId: number,
  baseIds: number[],
  model: string,
  query: number[],
  limit: number,
): Promise<VectorHit[]> {
  const { db } = rt.database;
  const q = arrayLiteral(query);
  const ids = sql.join(
    baseIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const own = sql`c.user_id = ${userId} and c.base_id in (${ids}) and c.embedding is not null`;
  if (await hasPgvector(rt)) {
    const dims = query.length;
    await hnswIndex(rt, dims);
    const n = sql.raw(String(dims));
    return rowsOf<VectorHit>(
      db,
      sql`select c.id::int as id, 1 - (c.embedding::vector(${n}) <=> ${q}::real[]::vector(${n})) as similarity
          from knowledge_chunks c join knowledge_files f on f.id = c.file_id
          where ${own} and f.embedded_model = ${model} and array_length(c.embedding, 1) = ${n}
          order by c.embedding::vector(${n}) <=> ${q}::real[]::vector(${n}) limit ${limit}`,
    );
  }
  // Without pgvector: the bases' IVF lists nearest to the query (ivf.ts) and every passage in no
  // list; without an index (a small base), every passage. Either way ranked exactly.
  const lists = await probeLists(rt.database, baseIds, model, query);
  // The candidates come first, each part on its own index: the probed lists (ivf_idx) and the
  // passages in no list (unlisted_idx). Joined to their files in one statement, the planner
  // AND-ed the lists' bitmap with the file's every passage (a 100,000-row index scan).
  const candidates = lists
    ? sql`select c.id, c.file_id, c.embedding from knowledge_chunks c
          where c.ivf_list = any(${`{${lists.join(',')}}`}::bigint[]) and ${own}
          union all
          select c.id, c.file_id, c.embedding from knowledge_chunks c where c.ivf_list is null and ${own}`
    : sql`select c.id, c.file_id, c.embedding from knowledge_chunks c where ${own}`;
  return rowsOf<VectorHit>(
    db,
    sql`with cand as materialized (${candidates})
        select id, similarity from (
          select c.id::int as id, (select sum(a * b) from unnest(c.embedding, ${q}::real[]) as t(a, b)) as similarity
          from cand c join knowledge_files f on f.id = c.file_id where f.embedded_model = ${model}) s
        where similarity is not null order by similarity desc, id limit ${limit}`,
  );
}

/** Embeds texts and writes the tokens and their cost to the usage ledger. */
export async function embedTexts(
  rt: Runtime,
  provider: EmbeddingsProvider,
  userId: number,
  texts: string[],
  signal: AbortSignal,
  taskId: string | null,
): Promise<number[][]> {
  const started = Date.now();
  const hold = await holdForEmbedding(rt, userId, texts);
  const out = await provider.embed(texts, signal).catch(async (err) => {
    await hold?.release();
    throw err;
  });
  const price = knowledgeConfig(rt.env).EMBEDDINGS_PRICE_PER_1K;
  await recordUsage(rt, {
    userId,
    kind: 'embedding',
    taskId,
    model: provider.model,
    channelId: null,
    provider: 'openai-embeddings',
    inputTokens: out.tokens,
    outputTokens: 0,
    tokenSource: out.tokenSource,
    durationMs: Date.now() - started,
    costMicros: Math.round((out.tokens * price) / 1000),
    outcome: 'ok',
  });
  await settleEmbedding(rt, hold, out.tokens);
  return out.vectors;
}

/**
 * Writes vectors onto a base's passages, one statement per batch, each in the IVF list of its
 * nearest centroid when the base has an index for the model (a list deleted meanwhile: none).
 */
export async function storeVectors(rt: Runtime, baseId: number, model: string, ids: number[], vectors: number[][]) {
  const lists = await assignLists(rt.database, baseId, model, vectors);
  const write = (listOf: (i: number) => number | null) => {
    const rows = ids.map((id, i) => ({ id, e: arrayLiteral(vectors[i] ?? []), l: listOf(i) }));
    return rt.database.db.execute(sql`update knowledge_chunks c set embedding = x.e::real[],
        ivf_list = (select k.id from knowledge_centroids k where k.id = x.l)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id bigint, e text, l bigint) where c.id = x.id`);
  };
  try {
    await write((i) => lists[i] ?? null);
  } catch (err) {
    // A rebuild deleted a list after this statement read it and before its foreign key was checked
    // (the old generation goes once every passage has moved): these passages go in no list, searched
    // exactly like any added before an index, until the next build puts them in one.
    if (!failedWith(err, FOREIGN_KEY_VIOLATION)) throw err;
    await write(() => null);
  }
}
