import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { INVITE_CODE_PATTERN } from '../../../shared/referral';
import type { Db } from '../../db/client';
import { referralCodes, referralInvites, users } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Logger } from '../../log';

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** How far up the invite chain a cycle is looked for; chains are short (one account invites at registration). */
const CHAIN_MAX = 50;

const newCode = () => Array.from({ length: 8 }, () => ALNUM[randomInt(ALNUM.length)]).join('');

/** The user's invite code, made on first ask (a clash with another user's code draws again). */
export async function inviteCodeOf(db: Db, userId: number): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const [row] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    if (row) return row.code;
    await db.insert(referralCodes).values({ userId, code: newCode() }).onConflictDoNothing();
  }
  throw new Error('no free invite code');
}

/** A user agent as the console compares it: a short hash, so farms show up without keeping the text. */
export const uaHash = (userAgent: string | null | undefined) =>
  createHash('sha256')
    .update(userAgent ?? '')
    .digest('hex')
    .slice(0, 16);

/** Whether `ancestor` is `userId` or invited it, directly or through others. */
async function inChain(db: Db, userId: number, ancestor: number): Promise<boolean> {
  let at: number | undefined = userId;
  for (let i = 0; at !== undefined && i < CHAIN_MAX; i++) {
    if (at === ancestor) return true;
    const [row] = await db
      .select({ inviter: referralInvites.inviterId })
      .from(referralInvites)
      .where(eq(referralInvites.inviteeId, at));
    at = row?.inviter;
  }
  return false;
}

/**
 * Records who invited a new account (`code` is the inviter's), with the
 * registration's address and user-agent hash for the console. Refused: an
 * unknown code, one's own code, an inviter the account itself invited
 * (a cycle), an account that already has an inviter.
 */
export async function attachInviter(
  db: Db,
  inviteeId: number,
  code: string,
  signals: { ip: string; userAgent?: string | null },
): Promise<number> {
  if (!INVITE_CODE_PATTERN.test(code)) throw new DomainError(400, 'referral:invite.unknown', { status: 400 });
  const [owner] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(and(eq(referralCodes.code, code), sql`${users.deletedAt} is null`));
  if (!owner) throw new DomainError(400, 'referral:invite.unknown', { status: 400 });
  if (owner.userId === inviteeId) throw new DomainError(400, 'referral:invite.self', { status: 400 });
  if (await inChain(db, owner.userId, inviteeId)) throw new DomainError(400, 'referral:invite.cycle', { status: 400 });
  const rows = await db
    .insert(referralInvites)
    .values({ inviteeId, inviterId: owner.userId, ip: signals.ip.slice(0, 64), uaHash: uaHash(signals.userAgent) })
    .onConflictDoNothing()
    .returning({ inviterId: referralInvites.inviterId });
  if (rows.length === 0) throw new DomainError(400, 'referral:invite.already', { status: 400 });
  return owner.userId;
}

/**
 * At account creation: an invite code that does not hold (unknown, self,
 * cycle) never stops a registration or login; it is logged and dropped.
 */
export async function inviteAtSignUp(
  db: Db,
  log: Logger,
  inviteeId: number,
  code: string | undefined,
  signals: { ip: string; userAgent?: string | null },
) {
  if (!code) return;
  await attachInviter(db, inviteeId, code, signals).catch((err: Error) =>
    log.warn('invite not recorded', { inviteeId, reason: err.message }),
  );
}

/** The caller's invites: how many signed up, converted (paid), and the days they earned. */
export async function inviteCounts(db: Db, userId: number) {
  const [row] = await db
    .select({
      invitees: sql<number>`count(*)::int`,
      converted: sql<number>`count(${referralInvites.convertedAt})::int`,
      rewardDays: sql<number>`coalesce(sum(${referralInvites.inviterDays}) filter (where ${referralInvites.reward} = 'rewarded'), 0)::int`,
    })
    .from(referralInvites)
    .where(eq(referralInvites.inviterId, userId));
  return row ?? { invitees: 0, converted: 0, rewardDays: 0 };
}

/** Converted invites (for the dashboard): how many first orders came through an invite. */
export async function convertedInvites(db: Db, from?: Date, to?: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referralInvites)
    .where(
      and(
        isNotNull(referralInvites.convertedAt),
        from ? sql`${referralInvites.convertedAt} >= ${from}` : undefined,
        to ? sql`${referralInvites.convertedAt} < ${to}` : undefined,
      ),
    );
  return row?.n ?? 0;
}
