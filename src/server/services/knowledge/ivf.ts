import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildLists, nearestLists, nearestOf, type Vectors } from './kmeans';
import { rowsOf } from './rows';

// An IVF index of our own for vector search without pgvector (docs/knowledge.md#retrieval): a
// base's vectors of one model are clustered by k-means into lists of about LIST_SIZE passages
// (knowledge_centroids, one generation at a time; knowledge_chunks.ivf_list names a passage's
// list). A query reads the PROBES lists whose centroids are nearest, plus every passage in no
// list (added before the index, or whose list went), and ranks those exactly. The centroids are
// kept in memory per database and generation: choosing lists costs no round trip of vectors.

/** Lists a query reads in each generation of a base's centroids. */
export const PROBES = 4;
const READ_BATCH = 5000;
const WRITE_BATCH = 2000;

interface CentroidSet {
  ids: number[];
  vectors: Vectors;
}

const sets = new WeakMap<Database, Map<string, Promise<CentroidSet>>>();

/** `{0.1,-0.2}` (real[]'s text) as numbers. */
export function parseVector(text: string): Float32Array {
  return Float32Array.from(text.slice(1, -1).split(','), Number);
}

const keyOf = (baseId: number, gen: number, model: string, dims: number) => `${baseId}:${gen}:${dims}:${model}`;

function loadSet(database: Database, baseId: number, gen: number, model: string, dims: number): Promise<CentroidSet> {
  let byKey = sets.get(database);
  if (!byKey) {
    byKey = new Map();
    sets.set(database, byKey);
  }
  const key = keyOf(baseId, gen, model, dims);
  let set = byKey.get(key);
  if (!set) {
    set = rowsOf<{ id: number; c: string }>(
      database.db,
      sql`select id::bigint as id, centroid::text as c from knowledge_centroids
          where base_id = ${baseId} and gen = ${gen} and model = ${model} and dims = ${dims} order by ord`,
    ).then((rows) => {
      const data = new Float32Array(rows.length * dims);
      rows.forEach((r, i) => {
        data.set(parseVector(r.c), i * dims);
      });
      return { ids: rows.map((r) => Number(r.id)), vectors: { data, dims, n: rows.length } };
    });
    set.catch(() => byKey?.delete(key));
    byKey.set(key, set);
  }
  return set;
}

/** The generations of centroids each base has for this model and size (two while one is rebuilt). */
async function generations(database: Database, baseIds: number[], model: string, dims: number) {
  const ids = sql.join(
    baseIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ base_id: number; gen: number }>(
    database.db,
    sql`select distinct base_id, gen from knowledge_centroids
        where base_id in (${ids}) and model = ${model} and dims = ${dims} order by base_id, gen`,
  );
  // Sets of generations no longer there are dropped from memory.
  const live = new Set(rows.map((r) => keyOf(r.base_id, r.gen, model, dims)));
  const byKey = sets.get(database);
  for (const key of byKey?.keys() ?? [])
    if (baseIds.some((b) => key.startsWith(`${b}:`)) && !live.has(key)) byKey?.delete(key);
  return rows;
}

/** The centroid ids of the lists to read for `query`, or null when no base searched has an index. */
export async function probeLists(
  database: Database,
  baseIds: number[],
  model: string,
  query: number[],
): Promise<number[] | null> {
  const gens = await generations(database, baseIds, model, query.length);
  if (gens.length === 0) return null;
  const q = Float32Array.from(query);
  const out: number[] = [];
  for (const { base_id, gen } of gens) {
    const set = await loadSet(database, base_id, gen, model, query.length);
    for (const c of nearestLists(q, set.vectors, PROBES)) out.push(set.ids[c] as number);
  }
  return out;
}

/** The list each new vector of `baseId` joins: its nearest centroid of the newest generation, or null. */
export async function assignLists(
  database: Database,
  baseId: number,
  model: string,
  vectors: number[][],
): Promise<Array<number | null>> {
  const dims = vectors[0]?.length ?? 0;
  const gens = dims > 0 ? await generations(database, [baseId], model, dims) : [];
  const newest = gens.at(-1);
  if (!newest) return vectors.map(() => null);
  const set = await loadSet(database, baseId, newest.gen, model, dims);
  if (set.vectors.n === 0) return vectors.map(() => null);
  return vectors.map((v) =>
    v.length === dims ? (set.ids[nearestOf(Float32Array.from(v), 0, set.vectors)] ?? null) : null,
  );
}

/** The base's vectors of `model` (those of the first vector's size), read in id order. */
async function readVectors(database: Database, baseId: number, model: string, signal: AbortSignal) {
  const ids: number[] = [];
  const parts: Float32Array[] = [];
  let dims = 0;
  for (let after = 0; ; ) {
    signal.throwIfAborted();
    const rows = await rowsOf<{ id: number; e: string }>(
      database.db,
      sql`select c.id::int as id, c.embedding::text as e from knowledge_chunks c
          join knowledge_files f on f.id = c.file_id
          where c.base_id = ${baseId} and f.embedded_model = ${model} and c.embedding is not null and c.id > ${after}
          order by c.id limit ${READ_BATCH}`,
    );
    for (const r of rows) {
      const v = parseVector(r.e);
      if (dims === 0) dims = v.length;
      if (v.length !== dims) continue;
      ids.push(r.id);
      parts.push(v);
    }
    if (rows.length < READ_BATCH) break;
    after = rows.at(-1)?.id ?? after;
  }
  const data = new Float32Array(parts.length * dims);
  parts.forEach((v, i) => {
    data.set(v, i * dims);
  });
  return { ids, vectors: { data, dims, n: parts.length } };
}

/**
 * (Re)builds a base's index for `model`: k-means over its vectors, a new generation of
 * centroids, every passage moved to its list in batches (searches read both generations
 * meanwhile), then the old generation deleted (a passage still in it falls back to exact search).
 */
export async function buildIndex(
  database: Database,
  baseId: number,
  model: string,
  signal: AbortSignal,
): Promise<number> {
  const { db } = database;
  const { ids, vectors } = await readVectors(database, baseId, model, signal);
  if (vectors.n === 0) return 0;
  const { centroids, listOf } = buildLists(vectors, baseId);
  signal.throwIfAborted();
  // Generation numbers are never reused: a process's centroids in memory are known by theirs.
  const [next] = await rowsOf<{ gen: number }>(
    db,
    sql`select greatest(b.ivf_gen, coalesce(max(k.gen), 0)) + 1 as gen from knowledge_bases b
        left join knowledge_centroids k on k.base_id = b.id where b.id = ${baseId} group by b.ivf_gen`,
  );
  if (!next) return 0;
  // A build that died half-way left a generation nobody uses: it goes first.
  await db.execute(sql`delete from knowledge_centroids k using knowledge_bases b
    where b.id = ${baseId} and k.base_id = b.id and k.gen > b.ivf_gen`);
  const texts: string[] = [];
  for (let c = 0; c < centroids.n; c++)
    texts.push(`{${Array.from(centroids.data.subarray(c * vectors.dims, (c + 1) * vectors.dims)).join(',')}}`);
  const made = await rowsOf<{ id: number; ord: number }>(
    db,
    sql`insert into knowledge_centroids (base_id, gen, model, dims, ord, centroid)
        select ${baseId}, ${next.gen}, ${model}, ${vectors.dims}, (t.o - 1)::int, t.e::real[]
        from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as t(e, o)
        returning id::bigint as id, ord`,
  );
  const idOf = new Map(made.map((r) => [r.ord, Number(r.id)]));
  for (let i = 0; i < ids.length; i += WRITE_BATCH) {
    signal.throwIfAborted();
    const rows = ids.slice(i, i + WRITE_BATCH).map((id, j) => ({ id, l: idOf.get(listOf[i + j] as number) }));
    await db.execute(sql`update knowledge_chunks c set ivf_list = x.l
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id bigint, l bigint) where c.id = x.id`);
  }
  await db.execute(sql`update knowledge_bases set ivf_gen = ${next.gen}, ivf_model = ${model},
    ivf_passages = ${vectors.n}, ivf_lease_until = null where id = ${baseId}`);
  await db.execute(sql`delete from knowledge_centroids where base_id = ${baseId} and gen <> ${next.gen}`);
  // Every passage of the base was rewritten: the old versions (all in no list) stay in the heap and
  // the indexes, and the statistics still say "no list", until a vacuum, which PGlite never runs
  // by itself. Without it a query reads the lists' index through 100,000 dead entries.
  await db.execute(sql`vacuum (analyze) knowledge_chunks`);
  return centroids.n;
}

/** Drops a base's index (it fell below the size worth one): its vectors are searched exactly. */
export async function dropIndex(database: Database, baseId: number): Promise<void> {
  const { db } = database;
  await db.execute(sql`delete from knowledge_centroids where base_id = ${baseId}`);
  await db.execute(sql`update knowledge_bases set ivf_model = null, ivf_passages = 0, ivf_lease_until = null
    where id = ${baseId}`);
}
