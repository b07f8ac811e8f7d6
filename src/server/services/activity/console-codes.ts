import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { CodeBatchBody } from '../../../shared/contract/activity-console';
import { toCsv } from '../../../shared/csv';
import type { Db } from '../../db/client';
import { codeBatches, experienceCodes, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { type Actor, auditedOnce, writeAudit } from '../admin/audit';
import { insertBatch } from './experience-codes';

/** A new batch as the console's form sends it (the route's schema checked it). */
export type BatchInput = CodeBatchBody;

const batchDto = (b: typeof codeBatches.$inferSelect) => ({
  id: b.id,
  label: b.label,
  count: b.count,
  trialDays: b.trialDays,
  trialLevel: b.trialLevel,
  expiresAt: b.expiresAt.toISOString(),
  createdAt: b.createdAt.toISOString(),
  disabledAt: b.disabledAt?.toISOString() ?? null,
});

/**
 * Generates a batch in one transaction with its audit row (docs/console.md):
 * the codes exist whole or not at all, and a repeated request id makes none.
 * Answers the batch, or null for a repeated click.
 */
export async function generateBatch(db: Db, actor: Actor, input: BatchInput, now = new Date()) {
  return auditedOnce(db, actor, async (tx) => {
    const { batch, codes } = await insertBatch(tx, { ...input, source: input.label, createdBy: actor.userId }, now);
    const dto = batchDto(batch);
    return {
      value: { ...dto, codes: codes.length },
      entry: {
        action: 'codes.generate',
        targetType: 'code_batch',
        targetId: batch.id,
        after: dto,
        requestId: input.requestId,
      },
    };
  });
}

/** Batches, newest first, with how many of their codes were redeemed or disabled. */
export async function listBatches(db: Db, page: number, size: number) {
  const [total] = await db.select({ n: count() }).from(codeBatches);
  const rows = await db
    .select({
      batch: codeBatches,
      redeemed: sql<number>`count(${experienceCodes.redeemedBy})::int`,
      disabled: sql<number>`count(${experienceCodes.disabledAt})::int`,
    })
    .from(codeBatches)
    .leftJoin(experienceCodes, eq(experienceCodes.batchId, codeBatches.id))
    .groupBy(codeBatches.id)
    .orderBy(desc(codeBatches.id))
    .limit(size)
    .offset((page - 1) * size);
  const records = rows.map((r) => ({ ...batchDto(r.batch), redeemed: r.redeemed, disabled: r.disabled }));
  return { records, total: total?.n ?? 0, current: page, size };
}

export interface CodeFilter {
  batchId?: number;
  /** yes: redeemed only; no: not redeemed only. */
  redeemed?: 'yes' | 'no';
  /** A code (or part of one) or the redeemer's e-mail. */
  q?: string;
}

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

function where(f: CodeFilter): SQL | undefined {
  const q = f.q?.trim();
  return and(
    f.batchId ? eq(experienceCodes.batchId, f.batchId) : undefined,
    f.redeemed === 'yes' ? isNotNull(experienceCodes.redeemedBy) : undefined,
    f.redeemed === 'no' ? isNull(experienceCodes.redeemedBy) : undefined,
    q ? or(ilike(experienceCodes.code, like(q.replace(/[\s-]+/g, ''))), ilike(users.email, like(q))) : undefined,
  );
}

const codeColumns = {
  id: experienceCodes.id,
  code: experienceCodes.code,
  batchId: experienceCodes.batchId,
  source: experienceCodes.source,
  trialDays: experienceCodes.trialDays,
  expiresAt: experienceCodes.expiresAt,
  disabledAt: experienceCodes.disabledAt,
  redeemedAt: experienceCodes.redeemedAt,
  validUntil: experienceCodes.validUntil,
  redeemedBy: experienceCodes.redeemedBy,
  redeemerEmail: users.email,
};
/** Codes joined with their redeemer. */
const selectCodes = (db: Db) =>
  db.select(codeColumns).from(experienceCodes).leftJoin(users, eq(users.id, experienceCodes.redeemedBy));
type CodeRow = Awaited<ReturnType<typeof selectCodes>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;
const codeDto = (r: CodeRow) => ({
  ...r,
  expiresAt: iso(r.expiresAt),
  disabledAt: iso(r.disabledAt),
  redeemedAt: iso(r.redeemedAt),
  validUntil: iso(r.validUntil),
});

/** Codes with their redeemer (who and when), newest first, filtered. */
export async function listCodes(db: Db, f: CodeFilter, page: number, size: number) {
  const [total] = await db
    .select({ n: count() })
    .from(experienceCodes)
    .leftJoin(users, eq(users.id, experienceCodes.redeemedBy))
    .where(where(f));
  const rows = await selectCodes(db)
    .where(where(f))
    .orderBy(desc(experienceCodes.id))
    .limit(size)
    .offset((page - 1) * size);
  return { records: rows.map(codeDto), total: total?.n ?? 0, current: page, size };
}

async function batchOf(db: Db, batchId: number) {
  const [batch] = await db.select().from(codeBatches).where(eq(codeBatches.id, batchId));
  if (!batch) throw new DomainError(404, 'error.notFound', { status: 404 });
  return batch;
}

/** A batch's codes as CSV for handing out; the export is an action on record. */
export async function batchCsv(db: Db, actor: Actor, batchId: number, now = new Date()) {
  await batchOf(db, batchId);
  const rows = await selectCodes(db).where(eq(experienceCodes.batchId, batchId)).orderBy(experienceCodes.id);
  const state = (r: CodeRow) =>
    r.redeemedBy !== null
      ? 'redeemed'
      : r.disabledAt
        ? 'disabled'
        : r.expiresAt && r.expiresAt <= now
          ? 'expired'
          : 'open';
  await writeAudit(db, actor, {
    action: 'codes.export',
    targetType: 'code_batch',
    targetId: batchId,
    after: { rows: rows.length },
  });
  return toCsv(
    ['code', 'state', 'trial_days', 'expires_at', 'redeemed_by', 'redeemer_email', 'redeemed_at'],
    rows.map((r) => [
      r.code,
      state(r),
      r.trialDays,
      iso(r.expiresAt),
      r.redeemedBy,
      r.redeemerEmail,
      iso(r.redeemedAt),
    ]),
  );
}

/**
 * Disables a batch's codes that are not redeemed yet (a leaked batch): one
 * update, so a redemption racing it either came first or finds the code off.
 * Answers how many were disabled, or null for a repeated click.
 */
export async function disableBatch(db: Db, actor: Actor, batchId: number, reason: string, requestId: string) {
  await batchOf(db, batchId);
  return auditedOnce(db, actor, async (tx) => {
    const now = new Date();
    const off = await tx
      .update(experienceCodes)
      .set({ disabledAt: now })
      .where(
        and(
          eq(experienceCodes.batchId, batchId),
          isNull(experienceCodes.redeemedBy),
          isNull(experienceCodes.disabledAt),
        ),
      )
      .returning({ id: experienceCodes.id });
    await tx.update(codeBatches).set({ disabledAt: now }).where(eq(codeBatches.id, batchId));
    return {
      value: { disabled: off.length },
      entry: {
        action: 'codes.disable',
        targetType: 'code_batch',
        targetId: batchId,
        reason,
        after: { disabled: off.length },
        requestId,
      },
    };
  });
}
