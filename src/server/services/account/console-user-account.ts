import { and, eq, gt, isNull } from 'drizzle-orm';
import { isLanguage } from '../../../shared/i18n';
import { forgetSessions } from '../../db/queries/session-cache';
import { sessions } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { type Act, act } from './console-users';
import { anonymiseAccount, removeAccountLeftovers } from './profile';
import { sendCode } from './verification-codes';

/**
 * Ends one live session of the user (`sessionId`) or all of them; a console
 * session bound to one ends with it. The audit row names what ended.
 */
export async function revokeUserSessions(rt: Runtime, a: Act & { sessionId?: number }) {
  const live = (userId: number) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));
  let ended: number[] = [];
  const applied = await act(
    rt.database.db,
    a,
    a.sessionId === undefined ? 'user.sessions.revokeAll' : 'user.sessions.revoke',
    async (tx) => {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(live(a.userId), a.sessionId === undefined ? undefined : eq(sessions.id, a.sessionId)))
        .returning({ id: sessions.id });
      if (a.sessionId !== undefined && rows.length === 0)
        throw new DomainError(404, 'admin:users.noSession', { status: 404 });
      ended = rows.map((r) => r.id);
    },
    () => ({ sessions: ended }),
  );
  forgetSessions(rt.database.db, a.userId);
  return applied;
}

/**
 * Mails the user a password-reset code and link: the same mail, limits and
 * 119-second gap as "forgot password" (docs/accounts.md). Sent once per
 * request id, after its audit row; a refused send leaves no row.
 */
export async function sendResetMail(rt: Runtime, a: Act) {
  return act(
    rt.database.db,
    a,
    'user.passwordReset',
    async (_tx, u) => {
      if (!u.email) throw new DomainError(400, 'admin:users.noEmail', { status: 400 });
    },
    (u) => ({ email: u.email }),
    async (tx, u) => {
      const lang = isLanguage(u.language) ? u.language : 'zh-CN';
      // The code row joins the transaction: a failed send undoes it with the audit row.
      const inTx = { ...rt, database: { ...rt.database, db: tx } };
      await sendCode(inTx, { email: u.email ?? '', purpose: 'reset', ip: a.actor.ip, lang, owner: u });
    },
  );
}

/**
 * Deletes an account for its owner (PIPL requests): the deletion the owner's
 * own button runs (docs/accounts.md), with the audit row written in the same
 * transaction as the wipe; files go after it commits. Console accounts are
 * refused (their role is removed first); the actor's own account is out of
 * reach (the guard in `act`).
 */
export async function deleteUser(rt: Runtime, a: Act) {
  let avatar: string | null = null;
  const applied = await act(
    rt.database.db,
    a,
    'user.delete',
    async (tx, u) => {
      if (u.role !== 'user') throw new DomainError(400, 'admin:users.staffDelete', { status: 400 });
      avatar = u.avatarUrl;
      await anonymiseAccount(tx, a.userId);
    },
    // No personal data in the log: the erasure would otherwise live on in it.
    (u) => ({ deleted: u.deletedAt !== null }),
  );
  if (applied) await removeAccountLeftovers(rt, a.userId, avatar);
  return applied;
}
