import { desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orders, referralBalances, referralCommissions, referralInvites, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { checkReferralLedger, rowsOf } from './ledger';
import { reversalShare, reversalSplit } from './order-hooks';

const inviter = alias(users, 'inviter');
const invitee = alias(users, 'invitee');
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** One side of an invite matches an e-mail (contains) or a user id. */
function whoMatches(user: string | undefined): SQL | undefined {
  const u = user?.trim();
  if (!u) return undefined;
  const id = /^\d{1,9}$/.test(u) ? Number(u) : null;
  return or(
    ilike(inviter.email, like(u)),
    ilike(invitee.email, like(u)),
    id === null ? undefined : eq(referralInvites.inviterId, id),
    id === null ? undefined : eq(referralInvites.inviteeId, id),
  );
}

/**
 * Invites for the console, newest first: both accounts, the registration's
 * signals with how many invites share each (a farm shows as many on one
 * address or device), converted and rewarded.
 */
export async function listInvites(db: Db, user: string | undefined, page: number, size: number) {
  const where = whoMatches(user);
  const base = db
    .select({
      i: referralInvites,
      inviterEmail: inviter.email,
      inviteeEmail: invitee.email,
      sameIp: sql<number>`(select count(*) from referral_invites x where x.ip = ${referralInvites.ip})::int`,
      sameDevice: sql<number>`(select count(*) from referral_invites x where x.ua_hash = ${referralInvites.uaHash})::int`,
    })
    .from(referralInvites)
    .innerJoin(inviter, eq(inviter.id, referralInvites.inviterId))
    .innerJoin(invitee, eq(invitee.id, referralInvites.inviteeId))
    .where(where);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralInvites)
    .innerJoin(inviter, eq(inviter.id, referralInvites.inviterId))
    .innerJoin(invitee, eq(invitee.id, referralInvites.inviteeId))
    .where(where);
  const rows = await base
    .orderBy(desc(referralInvites.createdAt), desc(referralInvites.inviteeId))
    .limit(size)
    .offset((page - 1) * size);
  return {
    records: rows.map((r) => ({
      inviterId: r.i.inviterId,
      inviterEmail: r.inviterEmail,
      inviteeId: r.i.inviteeId,
      inviteeEmail: r.inviteeEmail,
      ip: r.i.ip,
      uaHash: r.i.uaHash,
      sameIp: r.sameIp,
      sameDevice: r.sameDevice,
      createdAt: r.i.createdAt.toISOString(),
      convertedAt: r.i.convertedAt?.toISOString() ?? null,
      reward: r.i.reward,
      inviterDays: r.i.inviterDays,
      inviteeDays: r.i.inviteeDays,
    })),
    total: total?.n ?? 0,
    current: page,
    size,
  };
}

/**
 * The commission overview in fen: accrued, still held, released (available
 * or being withdrawn), paid out, reversed by refunds, and debt; with whether
 * the ledger's invariant holds.
 */
export async function commissionOverview(db: Db) {
  const [b] = await rowsOf<Record<string, number>>(
    db,
    sql`select coalesce(sum(held), 0)::int as held, coalesce(sum(available), 0)::int as available,
      coalesce(sum(withdrawing), 0)::int as withdrawing, coalesce(sum(debt), 0)::int as debt from referral_balances`,
  );
  const [e] = await rowsOf<Record<string, number>>(
    db,
    sql`select
      coalesce(-sum(amount) filter (where kind = 'accrue' and account = 'commission'), 0)::int as accrued,
      coalesce(sum(amount) filter (where kind = 'reverse' and account = 'commission'), 0)::int as reversed,
      coalesce(-sum(amount) filter (where kind = 'release' and account = 'held'), 0)::int as released,
      coalesce(sum(amount) filter (where account = 'payout'), 0)::int as paid
      from referral_entries`,
  );
  const [conv] = await db
    .select({ n: sql<number>`count(${referralInvites.convertedAt})::int`, all: sql<number>`count(*)::int` })
    .from(referralInvites);
  const problems = await checkReferralLedger(db);
  return {
    held: b?.held ?? 0,
    available: b?.available ?? 0,
    withdrawing: b?.withdrawing ?? 0,
    debt: b?.debt ?? 0,
    accrued: e?.accrued ?? 0,
    released: e?.released ?? 0,
    paid: e?.paid ?? 0,
    reversed: e?.reversed ?? 0,
    invites: conv?.all ?? 0,
    converted: conv?.n ?? 0,
    ledgerOk: problems.length === 0,
  };
}

/**
 * What refunding `amount` fen of an order would reverse of its commissions,
 * and how much of that its owners already withdrew (it would become their
 * debt): the console shows it before the admin confirms the refund.
 */
export async function reversalPreview(db: Db, orderNo: string, amount: number) {
  const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!o) throw new DomainError(404, 'error.notFound', { status: 404 });
  const rows = await db
    .select({ c: referralCommissions, held: referralBalances.held, available: referralBalances.available })
    .from(referralCommissions)
    .innerJoin(referralBalances, eq(referralBalances.userId, referralCommissions.userId))
    .where(eq(referralCommissions.orderId, o.id));
  const after = Math.min(o.orderPrice, o.refundedAmount + amount);
  let reversed = 0;
  let debt = 0;
  for (const { c, held, available } of rows) {
    const share = reversalShare(c, o.orderPrice, { before: o.refundedAmount, after });
    if (share <= 0) continue;
    reversed += share;
    debt += reversalSplit(c, { held, available }, share).debt;
  }
  return { reversed, debt };
}

/** The dashboard's referral figures: commission held now; released, paid out and invites converted within the range. */
export async function referralFigures(db: Db, within: (col: string) => SQL) {
  const [r] = await rowsOf<Record<string, number>>(
    db,
    sql`select
      (select coalesce(sum(held), 0) from referral_balances)::int as held,
      (select coalesce(-sum(amount), 0) from referral_entries
        where kind = 'release' and account = 'held' and ${within('created_at')})::int as released,
      (select coalesce(sum(amount), 0) from referral_entries where account = 'payout' and ${within('created_at')})::int as paid,
      (select count(*) from referral_invites where ${within('converted_at')})::int as converted`,
  );
  return {
    heldFen: r?.held ?? 0,
    releasedFen: r?.released ?? 0,
    paidFen: r?.paid ?? 0,
    convertedInvites: r?.converted ?? 0,
  };
}
