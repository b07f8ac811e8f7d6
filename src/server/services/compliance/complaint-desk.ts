import { and, asc, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { ComplaintStatus } from '../../../shared/compliance';
import type {
  ComplaintDetail,
  ComplaintQueue,
  ComplaintRow,
  ComplaintTakedownBody,
} from '../../../shared/contract/compliance';
import type { Db } from '../../db/client';
import { type Complaint, complaintReplies, complaints } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, auditedOnce } from '../admin/audit';
import { moderateItem } from '../moderation/actions';
import { sendReplyMail } from './complaint-mail';
import { targetOf } from './targets';

const STATES: Record<'active' | 'open' | 'replied' | 'closed', ComplaintStatus[]> = {
  active: ['open', 'replied'],
  open: ['open'],
  replied: ['replied'],
  closed: ['closed'],
};

const notFound = () => new DomainError(Code.NOT_FOUND, 'error.notFound', { status: 404 });
const refuse = (key: string) => new DomainError(Code.BAD_REQUEST, key, { status: 400 });

function rowOf(c: Complaint, replies: number, now: number): ComplaintRow {
  return {
    id: c.id,
    ticket: c.ticket,
    category: c.category,
    address: c.address,
    email: c.email,
    status: c.status,
    createdAt: c.createdAt.toISOString(),
    dueAt: c.dueAt.toISOString(),
    overdue: c.status !== 'closed' && c.dueAt.getTime() < now,
    replies,
  };
}

async function replyCounts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: complaintReplies.complaintId, n: count() })
    .from(complaintReplies)
    .where(inArray(complaintReplies.complaintId, ids))
    .groupBy(complaintReplies.complaintId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The console's queue (docs/compliance.md): soonest due first, so the overdue lead. */
export async function complaintQueue(
  rt: Runtime,
  q: { state: keyof typeof STATES; pageNum: number; pageSize: number },
): Promise<ComplaintQueue> {
  const { db } = rt.database;
  const where: SQL = inArray(complaints.status, STATES[q.state]);
  const rows = await db
    .select()
    .from(complaints)
    .where(where)
    .orderBy(asc(complaints.dueAt), asc(complaints.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [all] = await db.select({ n: count() }).from(complaints).where(where);
  const counts = await replyCounts(
    db,
    rows.map((r) => r.id),
  );
  const now = Date.now();
  return {
    records: rows.map((r) => rowOf(r, counts.get(r.id) ?? 0, now)),
    total: Number(all?.n ?? 0),
    current: q.pageNum,
    size: q.pageSize,
  };
}

async function find(db: Db, id: number): Promise<Complaint> {
  const [c] = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
  if (!c) throw notFound();
  return c;
}

/** One ticket whole, with its replies and the public item its address names (for a takedown). */
export async function complaintDetail(rt: Runtime, id: number): Promise<ComplaintDetail> {
  const { db } = rt.database;
  const c = await find(db, id);
  const replies = await db
    .select()
    .from(complaintReplies)
    .where(eq(complaintReplies.complaintId, id))
    .orderBy(asc(complaintReplies.id));
  return {
    ...rowOf(c, replies.length, Date.now()),
    description: c.description,
    language: c.language,
    closedAt: c.closedAt?.toISOString() ?? null,
    replyList: replies.map((r) => ({ text: r.text, createdAt: r.createdAt.toISOString() })),
    target: targetOf(c.address, rt.env.PUBLIC_ORIGIN),
  };
}

/**
 * An operator's reply: stored, the ticket marked replied, audited, then e-mailed to the filer.
 * A closed ticket takes no reply. Answers false for a repeated request id (nothing sent twice).
 */
export async function replyToComplaint(
  rt: Runtime,
  actor: Actor,
  id: number,
  r: { text: string; requestId: string },
): Promise<boolean> {
  const c = await find(rt.database.db, id);
  if (c.status === 'closed') throw refuse('compliance:error.closed');
  const done = await auditedOnce(rt.database.db, actor, async (tx) => {
    const [changed] = await tx
      .update(complaints)
      .set({ status: 'replied', updatedAt: new Date() })
      .where(and(eq(complaints.id, id), ne(complaints.status, 'closed')))
      .returning({ id: complaints.id });
    if (!changed) throw refuse('compliance:error.closed');
    await tx.insert(complaintReplies).values({ complaintId: id, text: r.text, authorId: actor.userId });
    return {
      value: true,
      entry: {
        action: 'complaint.reply',
        targetType: 'complaint',
        targetId: c.ticket,
        before: { status: c.status },
        after: { status: 'replied', reply: r.text },
        requestId: r.requestId,
      },
    };
  });
  if (!done) return false;
  await sendReplyMail(rt, c, r.text);
  return true;
}

/** Closes a ticket, with the reason in the audit log. */
export async function closeComplaint(
  rt: Runtime,
  actor: Actor,
  id: number,
  r: { reason: string; requestId: string },
): Promise<boolean> {
  const c = await find(rt.database.db, id);
  if (c.status === 'closed') throw refuse('compliance:error.closed');
  const done = await auditedOnce(rt.database.db, actor, async (tx) => {
    const now = new Date();
    const [changed] = await tx
      .update(complaints)
      .set({ status: 'closed', closedAt: now, updatedAt: now })
      .where(and(eq(complaints.id, id), ne(complaints.status, 'closed')))
      .returning({ id: complaints.id });
    if (!changed) throw refuse('compliance:error.closed');
    return {
      value: true,
      entry: {
        action: 'complaint.close',
        targetType: 'complaint',
        targetId: c.ticket,
        reason: r.reason,
        before: { status: c.status },
        after: { status: 'closed' },
        requestId: r.requestId,
      },
    };
  });
  return done !== null;
}

/**
 * Takes down the item a complaint names through moderation's own action (hide: audited as
 * `report.hide`, the author told, every process forgets the item), the ticket named in the reason.
 */
export async function takedownFromComplaint(
  rt: Runtime,
  actor: Actor,
  id: number,
  b: ComplaintTakedownBody,
): Promise<boolean> {
  const c = await find(rt.database.db, id);
  return moderateItem(rt, {
    actor,
    kind: b.kind,
    id: b.itemId,
    action: 'hide',
    reason: `${c.ticket}: ${b.reason}`.slice(0, 500),
    requestId: b.requestId,
  });
}
