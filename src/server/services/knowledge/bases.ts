import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { KnowledgeBase, KnowledgeBaseList } from '../../../shared/contract/knowledge';
import { registerChannel } from '../../db/queries/push-channels';
import { type KnowledgeBaseRow, knowledgeBases, knowledgeFiles } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { limitsOf, quotaFull, readKnowledgeQuota, usageOf } from './quota';
import { rowsOf } from './rows';

// A person's knowledge bases (docs/knowledge.md): each is theirs alone; any id that is not the
// caller's answers 404, saying nothing about whose it is.

export const baseNotFound = () => new DomainError(Code.NOT_FOUND, 'knowledge:notFound', { status: 404 });

/** The caller's base, or 404. */
export async function ownBase(rt: Runtime, userId: number, baseId: number): Promise<KnowledgeBaseRow> {
  const [row] = await rt.database.db
    .select()
    .from(knowledgeBases)
    .where(and(eq(knowledgeBases.id, baseId), eq(knowledgeBases.userId, userId)));
  if (!row) throw baseNotFound();
  return row;
}

interface BaseStats {
  id: number;
  name: string;
  channel: string;
  created_at: string | Date;
  files: number;
  bytes: string;
  chunks: number;
  failed: number;
}

const baseDto = (r: BaseStats): KnowledgeBase => ({
  id: r.id,
  name: r.name,
  channel: r.channel,
  files: r.files,
  bytes: Number(r.bytes),
  chunks: r.chunks,
  failed: r.failed,
  createdAt: new Date(r.created_at).toISOString(),
});

const statsQuery = (where: ReturnType<typeof sql>) => sql`
  select b.id, b.name, b.channel, b.created_at,
         count(f.id)::int as files, coalesce(sum(f.size), 0)::text as bytes,
         coalesce(sum(f.chunks), 0)::int as chunks, count(f.id) filter (where f.status = 'failed')::int as failed
  from knowledge_bases b left join knowledge_files f on f.base_id = b.id
  where ${where} group by b.id order by b.id`;

export async function listBases(rt: Runtime, userId: number): Promise<KnowledgeBaseList> {
  const rows = await rowsOf<BaseStats>(rt.database.db, statsQuery(sql`b.user_id = ${userId}`));
  return { bases: rows.map(baseDto), quota: await readKnowledgeQuota(rt, userId) };
}

async function oneBase(rt: Runtime, baseId: number): Promise<KnowledgeBase> {
  const [row] = await rowsOf<BaseStats>(rt.database.db, statsQuery(sql`b.id = ${baseId}`));
  if (!row) throw baseNotFound();
  return baseDto(row);
}

/** A new base, within the caller's count; its progress channel is registered private to them. */
export async function createBase(rt: Runtime, userId: number, name: string): Promise<KnowledgeBase> {
  const settings = await siteSettings(rt);
  const id = await transaction(rt.database.db, async (tx) => {
    // Two creations at once must not both pass the count.
    await lockUser(tx, userId);
    const [limits, used] = await Promise.all([limitsOf(settings, tx, userId), usageOf(tx, userId)]);
    if (used.bases >= limits.bases) throw quotaFull('bases', limits.bases);
    const channel = `kb_${randomBytes(16).toString('base64url')}`;
    const [row] = await tx
      .insert(knowledgeBases)
      .values({ userId, name, channel })
      .returning({ id: knowledgeBases.id });
    if (!row) throw new Error('knowledge base not stored');
    await registerChannel(tx, { taskId: channel, userId, kind: 'knowledge' });
    return row.id;
  });
  return oneBase(rt, id);
}

export async function renameBase(rt: Runtime, userId: number, baseId: number, name: string): Promise<KnowledgeBase> {
  const rows = await rt.database.db
    .update(knowledgeBases)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(knowledgeBases.id, baseId), eq(knowledgeBases.userId, userId)))
    .returning({ id: knowledgeBases.id });
  if (rows.length === 0) throw baseNotFound();
  return oneBase(rt, baseId);
}

/** Removes stored files; a failure is logged (the rows are gone, so nothing points at them). */
export async function removeStored(rt: Runtime, keys: string[]) {
  for (const key of keys)
    await rt.storage
      .remove(`/files/${key}`)
      .catch((err: Error) => rt.log.warn('knowledge file not removed from storage', { key, err: err.message }));
}

/** Deletes a base with its files, passages and stored bytes. A file being ingested stops (its row is gone). */
export async function deleteBase(rt: Runtime, userId: number, baseId: number): Promise<void> {
  const keys = await transaction(rt.database.db, async (tx) => {
    const files = await tx
      .select({ key: knowledgeFiles.storageKey })
      .from(knowledgeFiles)
      .where(and(eq(knowledgeFiles.baseId, baseId), eq(knowledgeFiles.userId, userId)));
    const gone = await tx
      .delete(knowledgeBases)
      .where(and(eq(knowledgeBases.id, baseId), eq(knowledgeBases.userId, userId)))
      .returning({ channel: knowledgeBases.channel });
    if (gone.length === 0) throw baseNotFound();
    await tx.execute(sql`delete from push_channels where task_id = ${gone[0]?.channel ?? ''}`);
    return files.map((f) => f.key);
  });
  await removeStored(rt, keys);
}
