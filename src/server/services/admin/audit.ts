import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { toCsv } from '../../../shared/csv';
import { toSafeText } from '../../../shared/safe-text';
import type { Db } from '../../db/client';
import { adminAudit } from '../../db/schema';
import { transaction } from '../../db/transaction';

export interface Actor {
  userId: number;
  email: string | null;
  ip: string;
}

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | number;
  reason?: string;
  before?: unknown;
  after?: unknown;
  requestId?: string;
}

/**
 * Writes an action's one row, in the caller's transaction. With a request id
 * a repeated click finds the row already there: answers false and the caller
 * does not act again.
 */
export async function writeAudit(
  tx: Db,
  // A person's own action the console audits (an MCP tool call) may be a visitor's: no user id.
  actor: Omit<Actor, 'userId'> & { userId: number | null },
  e: AuditEntry,
): Promise<boolean> {
  const rows = await tx
    .insert(adminAudit)
    .values({
      actorId: actor.userId,
      actorEmail: actor.email,
      ip: toSafeText(actor.ip, 64),
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId === undefined ? undefined : String(e.targetId),
      reason: e.reason,
      before: e.before ?? null,
      after: e.after ?? null,
      requestId: e.requestId,
    })
    .onConflictDoNothing()
    .returning({ id: adminAudit.id });
  return rows.length > 0;
}

/** Whether the actor's request already wrote its row (a repeated click). */
export async function auditExists(tx: Db, actorId: number, requestId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: adminAudit.id })
    .from(adminAudit)
    .where(and(eq(adminAudit.actorId, actorId), eq(adminAudit.requestId, requestId)))
    .limit(1);
  return Boolean(row);
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.action ? eq(adminAudit.action, f.action) : undefined,
    f.actor ? ilike(adminAudit.actorEmail, `%${f.actor.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    f.targetId ? eq(adminAudit.targetId, f.targetId) : undefined,
    f.from ? gte(adminAudit.at, f.from) : undefined,
    f.to ? lt(adminAudit.at, f.to) : undefined,
  );
}

export async function listAudit(db: Db, f: AuditFilter, page: number, size: number) {
  const [total] = await db.select({ n: count() }).from(adminAudit).where(where(f));
  const records = await db
    .select()
    .from(adminAudit)
    .where(where(f))
    .orderBy(desc(adminAudit.id))
    .limit(size)
    .offset((page - 1) * size);
  return { records, total: total?.n ?? 0, current: page, size };
}

const CSV_LIMIT = 50_000;

/** The filtered log as CSV (newest first, UTF-8 with a BOM for spreadsheet programs). */
export async function auditCsv(db: Db, f: AuditFilter): Promise<string> {
  const rows = await db.select().from(adminAudit).where(where(f)).orderBy(desc(adminAudit.id)).limit(CSV_LIMIT);
  const head = [
    'id',
    'at',
    'actor_id',
    'actor_email',
    'ip',
    'action',
    'target_type',
    'target_id',
    'reason',
    'before',
    'after',
  ];
  return toCsv(
    head,
    rows.map((r) => [
      r.id,
      r.at.toISOString(),
      r.actorId,
      r.actorEmail,
      r.ip,
      r.action,
      r.targetType,
      r.targetId,
      r.reason,
      r.before,
      r.after,
    ]),
  );
}

/** A repeated request id: the first click already acted, so this transaction is rolled back. */
class Repeated extends Error {}

/**
 * Runs a console action and writes its one audit row in the same transaction.
 * A request id already in the log rolls the action back: repeated or
 * concurrent clicks act once. Answers the action's value, or null when the
 * click was a repeat.
 */
export async function auditedOnce<T>(
  db: Db,
  actor: Actor,
  action: (tx: Db) => Promise<{ value: T; entry: AuditEntry }>,
): Promise<T | null> {
  try {
    return await transaction(db, async (tx) => {
      const { value, entry } = await action(tx);
      if (!(await writeAudit(tx, actor, entry))) throw new Repeated();
      return value;
    });
  } catch (err) {
    if (err instanceof Repeated) return null;
    throw err;
  }
}
