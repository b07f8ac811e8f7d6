import { and, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { GrantKind, Role } from '../../../shared/admin';
import { normalizePhone } from '../../../shared/phone';
import type { Db } from '../../db/client';
import { forgetSessions } from '../../db/queries/session-cache';
import { creditAccounts, orders, sessions, users } from '../../db/schema';
import { lockUser, transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { assertMayActOn, recordRefusal, viewerRefusal } from '../admin/hierarchy';
import { setRoleById } from '../admin/roles';
import { orderDto } from '../shop/orders';
import { userInsights } from './console-user-insights';
import { maskedPhoneOf } from './phone';
import { phoneHash } from './phone-box';

const DAY = 86_400_000;
const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

/** Search by id, e-mail, nickname, WeChat openId or whole phone number (docs/console.md). */
export async function searchUsers(rt: Runtime, q: string, limit = 50) {
  const { db } = rt.database;
  const term = q.trim();
  const conditions: SQL[] = [];
  if (/^\d{1,9}$/.test(term)) conditions.push(eq(users.id, Number(term)));
  if (term) {
    conditions.push(ilike(users.email, like(term)), ilike(users.nickname, like(term)), eq(users.wechatOpenId, term));
  }
  // Numbers are sealed: only a whole number is found, through its keyed hash.
  const phone = normalizePhone(term);
  if (phone) conditions.push(eq(users.phoneHash, phoneHash(rt, phone)));
  return db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      role: users.role,
      vipType: users.vipType,
      endDate: users.endDate,
      bannedAt: users.bannedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(isNull(users.deletedAt), conditions.length ? or(...conditions) : undefined))
    .orderBy(desc(users.id))
    .limit(limit);
}

/** Membership fields as the audit log records them (before and after). */
function membership(u: typeof users.$inferSelect) {
  return {
    vipType: u.vipType,
    endDate: u.endDate?.toISOString() ?? null,
    plusType: u.plusType,
    endDatePlus: u.endDatePlus?.toISOString() ?? null,
    compositionsLeft: u.compositionsLeft,
  };
}

/** A user's page for a console viewer; `refusal` says why the viewer may take no action on it (or null). */
/** The user's credit balance and what is held of it (no account yet: none). */
async function creditsOf(db: Db, userId: number) {
  const [a] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: a?.balance ?? 0, held: a?.held ?? 0 };
}

export async function userDetail(rt: Runtime, userId: number, viewerId: number) {
  const { db } = rt.database;
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!u) throw new DomainError(404, 'error.notFound', { status: 404 });
  const recent = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.id)).limit(50);
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    wechatOpenId: u.wechatOpenId,
    phone: maskedPhoneOf(rt, u),
    role: u.role,
    language: u.language,
    createdAt: u.createdAt.toISOString(),
    bannedAt: u.bannedAt?.toISOString() ?? null,
    startDate: u.startDate?.toISOString() ?? null,
    startDatePlus: u.startDatePlus?.toISOString() ?? null,
    lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
    ...membership(u),
    credits: await creditsOf(db, userId),
    refusal: await viewerRefusal(db, viewerId, { id: u.id, role: u.role as Role }),
    orders: recent.map(orderDto),
    ...(await userInsights(rt, userId)),
  };
}

export interface Act {
  actor: Actor;
  userId: number;
  reason: string;
  requestId: string;
}

/** A repeated request id: the first click already acted, so this transaction is rolled back. */
class Repeated extends Error {}

/**
 * One console action on a user: lock the row, ask the hierarchy's guard
 * (hierarchy.ts) whether the actor may act on it, change it, and write the
 * one audit row with the before- and after-state (the log is append-only, so
 * the row is written complete). A refusal is audited after the rollback. A
 * request id already in the log undoes the change: concurrent clicks queue
 * on the row lock and only the first acts. Answers whether this call acted.
 */
export async function act(
  db: Db,
  a: Act,
  action: string,
  change: (tx: Db, u: typeof users.$inferSelect) => Promise<void>,
  snapshot: (u: typeof users.$inferSelect) => Record<string, unknown>,
  /** What must happen once only (a mail): runs after the audit row proved the request new. */
  effect?: (tx: Db, u: typeof users.$inferSelect) => Promise<void>,
) {
  try {
    return await transaction(db, async (tx) => {
      const before = await lockUser(tx, a.userId);
      if (!before || before.deletedAt) throw new DomainError(404, 'error.notFound', { status: 404 });
      await assertMayActOn(tx, a.actor, { id: before.id, role: before.role as Role }, action, a.reason);
      await change(tx, before);
      const after = await lockUser(tx, a.userId);
      const fresh = await writeAudit(tx, a.actor, {
        action,
        targetType: 'user',
        targetId: a.userId,
        reason: a.reason,
        before: snapshot(before),
        after: after ? snapshot(after) : null,
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
      if (effect) await effect(tx, before);
      return true;
    });
  } catch (err) {
    if (err instanceof Repeated) return false;
    throw await recordRefusal(db, err);
  }
}

const banState = (u: typeof users.$inferSelect) => ({ bannedAt: u.bannedAt?.toISOString() ?? null });

/** Ban ends every session of the user at once; login then answers with the ban message. */
export async function setBanned(db: Db, a: Act, banned: boolean) {
  const applied = await act(
    db,
    a,
    banned ? 'user.ban' : 'user.unban',
    async (tx, u) => {
      if (Boolean(u.bannedAt) === banned) throw new DomainError(400, 'admin:users.unchanged', { status: 400 });
      const now = new Date();
      await tx
        .update(users)
        .set({ bannedAt: banned ? now : null, updatedAt: now })
        .where(eq(users.id, a.userId));
      if (banned)
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, a.userId), isNull(sessions.revokedAt)));
    },
    banState,
  );
  if (banned) forgetSessions(db, a.userId);
  return applied;
}

/** Adds (or with a negative amount removes) membership days or compositions; never ends before now. */
export async function adjustMembership(db: Db, a: Act & { kind: GrantKind; amount: number }) {
  return act(
    db,
    a,
    `membership.${a.kind}`,
    async (tx, u) => {
      const now = new Date();
      if (a.kind === 'compositions') {
        await tx
          .update(users)
          .set({ compositionsLeft: Math.max(0, u.compositionsLeft + a.amount), updatedAt: now })
          .where(eq(users.id, a.userId));
        return;
      }
      const plus = a.kind === 'plus';
      const end = plus ? u.endDatePlus : u.endDate;
      const active = end !== null && end > now;
      if (!active && a.amount < 0) throw new DomainError(400, 'admin:users.noMembership', { status: 400 });
      const next = new Date(Math.max(now.getTime(), (active ? end.getTime() : now.getTime()) + a.amount * DAY));
      const set = plus
        ? { plusType: u.plusType ?? 1, startDatePlus: active ? u.startDatePlus : now, endDatePlus: next }
        : { vipType: u.vipType ?? 1, startDate: active ? u.startDate : now, endDate: next };
      await tx
        .update(users)
        .set({ ...set, updatedAt: now })
        .where(eq(users.id, a.userId));
    },
    membership,
  );
}

/** One's own role is out of reach like every own-account action (the guard in `act`). */
export async function changeRole(db: Db, a: Act & { role: Role }) {
  return act(
    db,
    a,
    'user.role',
    async (tx) => setRoleById(tx, a.userId, a.role),
    (u) => ({ role: u.role }),
  );
}
