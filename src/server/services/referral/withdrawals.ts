import { and, count, desc, eq } from 'drizzle-orm';
import type { WithdrawalStatus } from '../../../shared/referral';
import type { Db } from '../../db/client';
import { type ReferralWithdrawal, referralWithdrawals, users } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, auditExists, writeAudit } from '../admin/audit';
import { checkReach } from '../admin/hierarchy';
import { siteSettings } from '../site-settings';
import { lockBalance, post } from './ledger';

const yuan = (fen: number) => (fen / 100).toFixed(2);

export interface WithdrawalAsk {
  amount: number;
  method: ReferralWithdrawal['method'];
  account: string;
  realName: string;
}

/** A withdrawal as its owner and the console see it (the console adds who asked). */
export function withdrawalDto(w: ReferralWithdrawal) {
  return {
    id: w.id,
    amount: w.amount,
    method: w.method,
    account: w.account,
    realName: w.realName,
    status: w.status,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
    reviewedAt: w.reviewedAt?.toISOString() ?? null,
  };
}

/**
 * A user asks to withdraw from their available commission: at least the
 * console's minimum, at most what is available, taken into `withdrawing`
 * under the balance lock, so parallel requests never spend the same fen twice.
 */
export async function requestWithdrawal(rt: Runtime, userId: number, ask: WithdrawalAsk) {
  const { REFERRAL_WITHDRAW_MIN_FEN: min } = await siteSettings(rt);
  if (ask.amount < min)
    throw new DomainError(400, 'referral:withdraw.belowMin', { status: 400, params: { min: yuan(min) } });
  return transaction(rt.database.db, async (tx) => {
    const balance = await lockBalance(tx, userId);
    if (ask.amount > balance.available)
      throw new DomainError(400, 'referral:withdraw.tooMuch', {
        status: 400,
        params: { available: yuan(balance.available) },
      });
    const [w] = await tx
      .insert(referralWithdrawals)
      .values({ userId, ...ask })
      .returning();
    if (!w) throw new Error('withdrawal insert returned nothing');
    await post(
      tx,
      'withdraw',
      [
        { userId, account: 'available', amount: -ask.amount },
        { userId, account: 'withdrawing', amount: ask.amount },
      ],
      { withdrawalId: w.id },
    );
    return withdrawalDto(w);
  });
}

/** The caller's withdrawal requests, newest first. */
export async function myWithdrawals(db: Db, userId: number, page: number, size: number) {
  const where = eq(referralWithdrawals.userId, userId);
  const [total] = await db.select({ n: count() }).from(referralWithdrawals).where(where);
  const rows = await db
    .select()
    .from(referralWithdrawals)
    .where(where)
    .orderBy(desc(referralWithdrawals.id))
    .limit(size)
    .offset((page - 1) * size);
  return { records: rows.map(withdrawalDto), total: total?.n ?? 0, current: page, size };
}

/** The console's review queue (or one status), oldest pending first, with who asked. */
export async function consoleWithdrawals(db: Db, status: WithdrawalStatus | undefined, page: number, size: number) {
  const where = status ? eq(referralWithdrawals.status, status) : undefined;
  const [total] = await db.select({ n: count() }).from(referralWithdrawals).where(where);
  const rows = await db
    .select({ w: referralWithdrawals, email: users.email })
    .from(referralWithdrawals)
    .innerJoin(users, eq(users.id, referralWithdrawals.userId))
    .where(where)
    .orderBy(status === 'pending' ? referralWithdrawals.id : desc(referralWithdrawals.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    records: rows.map(({ w, email }) => ({
      ...withdrawalDto(w),
      userId: w.userId,
      email,
      reviewerEmail: w.reviewerEmail,
    })),
    total: total?.n ?? 0,
    current: page,
    size,
  };
}

async function ownerOf(db: Db, id: number) {
  const [w] = await db.select().from(referralWithdrawals).where(eq(referralWithdrawals.id, id));
  if (!w) throw new DomainError(404, 'error.notFound', { status: 404 });
  return w;
}

/** The hierarchy's guard on a withdrawal's owner (never one's own), before a TOTP code is spent. */
export async function checkWithdrawalReach(db: Db, actor: Actor, id: number, action: string, reason?: string) {
  const w = await ownerOf(db, id);
  await checkReach(db, actor, w.userId, action, reason);
}

/**
 * The console's decision on a pending withdrawal: paid (the money was sent by
 * hand; it leaves through the payout account) or rejected with a reason the
 * user sees (the amount returns to available). Audited; a request id already
 * used answers applied false; a withdrawal decided meanwhile is refused.
 */
export async function reviewWithdrawal(
  rt: Runtime,
  actor: Actor,
  id: number,
  d: { decision: 'pay' | 'reject'; reason?: string; requestId: string },
) {
  const { db } = rt.database;
  const action = d.decision === 'pay' ? 'referral.withdrawal.pay' : 'referral.withdrawal.reject';
  await checkWithdrawalReach(db, actor, id, action, d.reason);
  const { userId } = await ownerOf(db, id);
  return transaction(db, async (tx) => {
    if (await auditExists(tx, actor.userId, d.requestId)) return { applied: false };
    await lockBalance(tx, userId);
    const [w] = await tx.select().from(referralWithdrawals).where(eq(referralWithdrawals.id, id)).for('update');
    if (w?.status !== 'pending') throw new DomainError(400, 'referral:withdraw.decided', { status: 400 });
    const pay = d.decision === 'pay';
    await post(
      tx,
      pay ? 'pay' : 'reject',
      [
        { userId, account: 'withdrawing', amount: -w.amount },
        pay ? { account: 'payout', amount: w.amount } : { userId, account: 'available', amount: w.amount },
      ],
      { withdrawalId: w.id },
    );
    const now = new Date();
    const status = pay ? 'paid' : 'rejected';
    await tx
      .update(referralWithdrawals)
      .set({
        status,
        // The user sees a rejection's reason; a payment's note stays in the audit log.
        reason: pay ? null : (d.reason ?? null),
        reviewerId: actor.userId,
        reviewerEmail: actor.email,
        reviewedAt: now,
      })
      .where(and(eq(referralWithdrawals.id, id), eq(referralWithdrawals.status, 'pending')));
    await writeAudit(tx, actor, {
      action,
      targetType: 'user',
      targetId: userId,
      reason: d.reason,
      before: { withdrawal: id, amount: w.amount, status: 'pending' },
      after: { withdrawal: id, status },
      requestId: d.requestId,
    });
    return { applied: true };
  });
}
