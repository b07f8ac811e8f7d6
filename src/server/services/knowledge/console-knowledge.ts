import { sql } from 'drizzle-orm';
import type { KnowledgeConsoleReport } from '../../../shared/contract/knowledge-console';
import type { Runtime } from '../../runtime';
import { rowsOf } from './rows';
import { hasPgvector } from './vectors';

interface Row {
  user_id: number;
  email: string | null;
  nickname: string | null;
  bases: number;
  files: number;
  bytes: string;
  chunks: number;
  failed: number;
  working: number;
  last_added_at: string | Date | null;
  total: number;
}

/**
 * Knowledge bases per person for the console: size, files, failures, biggest first; `search`
 * matches an e-mail address or nickname (docs/console.md#knowledge-bases).
 */
export async function knowledgeReport(
  rt: Runtime,
  q: { search?: string; page: number; size: number },
): Promise<KnowledgeConsoleReport> {
  const { db } = rt.database;
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const who = like ? sql`and (u.email ilike ${like} or u.nickname ilike ${like})` : sql``;
  const rows = await rowsOf<Row>(
    db,
    sql`with per as (
          select b.user_id, count(distinct b.id)::int as bases, count(f.id)::int as files,
                 coalesce(sum(f.size), 0)::text as bytes, coalesce(sum(f.chunks), 0)::int as chunks,
                 count(f.id) filter (where f.status = 'failed')::int as failed,
                 count(f.id) filter (where f.status in ('queued', 'parsing', 'chunking', 'indexing'))::int as working,
                 max(f.created_at) as last_added_at
          from knowledge_bases b left join knowledge_files f on f.base_id = b.id group by b.user_id)
        select per.*, u.email, u.nickname, count(*) over ()::int as total
        from per join users u on u.id = per.user_id where true ${who}
        order by per.bytes::bigint desc, per.user_id limit ${q.size} offset ${(q.page - 1) * q.size}`,
  );
  const [totals] = await rowsOf<{ bases: number; files: number; bytes: string; failed: number }>(
    db,
    sql`select (select count(*)::int from knowledge_bases) as bases, count(*)::int as files,
               coalesce(sum(size), 0)::text as bytes, count(*) filter (where status = 'failed')::int as failed
        from knowledge_files`,
  );
  const vectors = rt.registry.embeddings !== null;
  return {
    users: rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      nickname: r.nickname,
      bases: r.bases,
      files: r.files,
      bytes: Number(r.bytes),
      chunks: r.chunks,
      failed: r.failed,
      working: r.working,
      lastAddedAt: r.last_added_at ? new Date(r.last_added_at).toISOString() : null,
    })),
    total: rows[0]?.total ?? 0,
    totals: {
      bases: totals?.bases ?? 0,
      files: totals?.files ?? 0,
      bytes: Number(totals?.bytes ?? 0),
      failed: totals?.failed ?? 0,
    },
    mode: vectors ? 'hybrid' : 'keyword',
    vectorIndex: !vectors ? 'none' : (await hasPgvector(rt)) ? 'hnsw' : 'exact',
  };
}
