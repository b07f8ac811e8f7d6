import { eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { KnowledgeQuota } from '../../../shared/contract/knowledge';
import type { SiteSettings } from '../../../shared/site-settings';
import { knowledgeConfig } from '../../config/knowledge';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { rowsOf } from './rows';

// What a person may keep in knowledge bases, by membership level (console settings; docs/knowledge.md#quotas).

export interface KnowledgeLimits {
  member: boolean;
  bases: number;
  files: number;
  bytes: number;
  chunks: number;
}

export interface KnowledgeUsage {
  bases: number;
  files: number;
  bytes: number;
  chunks: number;
}

/**
 * The user's limits. `s` is read before any transaction: on PGlite a read outside the transaction
 * would wait for it (one connection).
 */
export async function limitsOf(s: SiteSettings, db: Db, userId: number, now = Date.now()): Promise<KnowledgeLimits> {
  const [user] = await db.select({ vip: users.vipType, end: users.endDate }).from(users).where(eq(users.id, userId));
  const member = user?.vip != null && user.end !== null && user.end.getTime() > now;
  return member
    ? {
        member,
        bases: s.KNOWLEDGE_BASES_MEMBER,
        files: s.KNOWLEDGE_FILES_MEMBER,
        bytes: s.KNOWLEDGE_MB_MEMBER * 1024 * 1024,
        chunks: s.KNOWLEDGE_CHUNKS_MEMBER,
      }
    : {
        member,
        bases: s.KNOWLEDGE_BASES_USER,
        files: s.KNOWLEDGE_FILES_USER,
        bytes: s.KNOWLEDGE_MB_USER * 1024 * 1024,
        chunks: s.KNOWLEDGE_CHUNKS_USER,
      };
}

/** What the user holds now, in one statement. */
export async function usageOf(db: Db, userId: number): Promise<KnowledgeUsage> {
  const [row] = await rowsOf<{ bases: number; files: number; bytes: string; chunks: number }>(
    db,
    sql`
    select (select count(*)::int from knowledge_bases where user_id = ${userId}) as bases,
           count(f.id)::int as files, coalesce(sum(f.size), 0)::text as bytes,
           coalesce(sum(f.chunks), 0)::int as chunks
    from knowledge_files f where f.user_id = ${userId}`,
  );
  return { bases: row?.bases ?? 0, files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0), chunks: row?.chunks ?? 0 };
}

export async function readKnowledgeQuota(rt: Runtime, userId: number): Promise<KnowledgeQuota> {
  const { db } = rt.database;
  const [limits, used] = await Promise.all([limitsOf(await siteSettings(rt), db, userId), usageOf(db, userId)]);
  return {
    member: limits.member,
    bases: { used: used.bases, limit: limits.bases },
    files: { used: used.files, limit: limits.files },
    bytes: { used: used.bytes, limit: limits.bytes },
    chunks: { used: used.chunks, limit: limits.chunks },
    fileMaxBytes: knowledgeConfig(rt.env).KNOWLEDGE_FILE_MAX_BYTES,
    vectors: rt.registry.embeddings !== null,
  };
}

/** The refusal of a quota that is full: 403 with the limit named, nothing changed. */
export function quotaFull(what: 'bases' | 'files' | 'bytes', limit: number) {
  const shown = what === 'bytes' ? `${Math.round(limit / 1024 / 1024)} MB` : limit;
  return new DomainError(Code.FORBIDDEN, `knowledge:quota.${what}`, { status: 403, params: { limit: shown } });
}
