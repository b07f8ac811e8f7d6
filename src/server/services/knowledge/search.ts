import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { KnowledgePassage, KnowledgeSearchResult } from '../../../shared/contract/knowledge';
import { knowledgeConfig } from '../../config/knowledge';
import { hit } from '../../db/queries/rate-limits';
import { knowledgeBases } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { baseNotFound } from './bases';
import { keywordRanking } from './keywords';
import { rowsOf } from './rows';
import { embedTexts, nearest } from './vectors';

// Retrieval (docs/knowledge.md#retrieval): the question's jieba words against the passages'
// `simple` tsvector (GIN index, a capped candidate set ranked by ts_rank_cd: keywords.ts), and — when an embeddings endpoint is
// configured — its vector against the passages' (vectors.ts); the two rankings are fused by
// reciprocal rank fusion, so a passage both find comes first and either alone still counts.

/** Candidates each ranking contributes to the fusion. */
const CANDIDATES = 50;
/** RRF's damping constant (Cormack et al.): 60 is the usual choice. */
export const RRF_K = 60;

/** Reciprocal rank fusion: every list adds 1 / (k + rank) for each id it holds. */
export function fuse(lists: number[][], k = RRF_K): Map<number, number> {
  const scores = new Map<number, number>();
  for (const list of lists)
    list.forEach((id, i) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1));
    });
  return scores;
}

/** Checks that every base is the caller's (404 for any that is not). */
export async function ownBases(rt: Runtime, userId: number, baseIds: number[]): Promise<number[]> {
  const unique = [...new Set(baseIds)];
  if (unique.length === 0) return [];
  const rows = await rt.database.db
    .select({ id: knowledgeBases.id })
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.userId, userId), inArray(knowledgeBases.id, unique)));
  if (rows.length !== unique.length) throw baseNotFound();
  return unique;
}

async function vectorRanking(
  rt: Runtime,
  userId: number,
  baseIds: number[],
  question: string,
  signal: AbortSignal,
): Promise<number[] | null> {
  const provider = rt.registry.embeddings;
  if (!provider) return null;
  try {
    const [vector] = await embedTexts(rt, provider, userId, [question], signal, null);
    if (!vector) return null;
    const hits = await nearest(rt, userId, baseIds, provider.model, vector, CANDIDATES);
    return hits.map((h) => h.id);
  } catch (err) {
    signal.throwIfAborted();
    // The endpoint failing must not take the keywords' answer with it.
    rt.log.warn('knowledge vector search failed; keywords only', { err: (err as Error).message });
    return null;
  }
}

/** The passages of the caller's `baseIds` best answering `question`, best first. */
export async function searchPassages(
  rt: Runtime,
  userId: number,
  baseIds: number[],
  question: string,
  limit: number,
  signal: AbortSignal,
): Promise<KnowledgeSearchResult> {
  const bases = await ownBases(rt, userId, baseIds);
  if (bases.length === 0) return { passages: [], mode: 'keyword' };
  const [keywords, vectors] = await Promise.all([
    keywordRanking(rt, userId, bases, question, CANDIDATES),
    vectorRanking(rt, userId, bases, question, signal),
  ]);
  const scores = fuse(vectors ? [keywords, vectors] : [keywords]);
  const top = [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  const mode = vectors ? 'hybrid' : 'keyword';
  if (top.length === 0) return { passages: [], mode };
  const ids = sql.join(
    top.map(([id]) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{
    id: number;
    file_id: number;
    base_id: number;
    name: string;
    page: number | null;
    heading: string | null;
    text: string;
  }>(
    rt.database.db,
    sql`select c.id::int as id, c.file_id, c.base_id, f.name, c.page, c.heading, c.text
        from knowledge_chunks c join knowledge_files f on f.id = c.file_id
        where c.id in (${ids}) and c.user_id = ${userId}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const passages: KnowledgePassage[] = [];
  for (const [id, score] of top) {
    const r = byId.get(id);
    if (!r) continue;
    passages.push({
      id: r.id,
      fileId: r.file_id,
      baseId: r.base_id,
      fileName: r.name,
      page: r.page,
      heading: r.heading,
      text: r.text,
      score: Math.round(score * 1e6) / 1e6,
    });
  }
  return { passages, mode };
}

/** The search route's rate limit: a person's searches a minute. */
export async function searchAllowed(rt: Runtime, userId: number) {
  const limit = knowledgeConfig(rt.env).KNOWLEDGE_SEARCH_PER_MINUTE;
  const r = await hit(rt.database.db, `knowledge-search:${userId}`, { limit, windowMs: 60_000 });
  if (!r.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'knowledge:search.tooFast', { status: 429 });
}
