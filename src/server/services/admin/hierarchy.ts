import { eq } from 'drizzle-orm';
import { AdminCode, type Ranked, type Role, reachRefusal } from '../../../shared/admin';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { DomainError } from '../../errors';
import { type Actor, writeAudit } from './audit';

/**
 * A console action refused by the hierarchy. Thrown inside an action's
 * transaction it rolls the change back; `recordRefusal` then writes its audit
 * row outside it, so the row outlives the rollback.
 */
export class OutOfReach extends DomainError {
  constructor(
    key: string,
    readonly actor: Actor,
    readonly entry: { action: string; targetId: number; actorRole: Role; targetRole: Role; reason?: string },
  ) {
    super(AdminCode.OUT_OF_REACH, key, { status: 403 });
  }
}

async function roleOf(db: Db, userId: number): Promise<Role> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return (row?.role as Role | undefined) ?? 'user';
}

/**
 * The one guard every console action on an account passes through (`act` in
 * users.ts, refunds in orders.ts): throws OutOfReach when the rule of
 * `reachRefusal` refuses. The actor's role is read again here, in the
 * caller's transaction, not taken from the request.
 */
export async function assertMayActOn(
  db: Db,
  actor: Actor,
  target: Ranked,
  action: string,
  reason?: string,
): Promise<void> {
  const actorRole = await roleOf(db, actor.userId);
  const key = reachRefusal({ id: actor.userId, role: actorRole }, target);
  if (key)
    throw new OutOfReach(key, actor, { action, targetId: target.id, actorRole, targetRole: target.role, reason });
}

/**
 * Writes a refusal's audit row (`console.refused`: the action asked, both
 * roles, the message) when `err` is one, then hands the error back to be
 * thrown. Refusals carry no request id, so a later allowed try with the
 * same form still acts.
 */
export async function recordRefusal(db: Db, err: unknown): Promise<unknown> {
  if (err instanceof OutOfReach) {
    const { action, targetId, actorRole, targetRole, reason } = err.entry;
    await writeAudit(db, err.actor, {
      action: 'console.refused',
      targetType: 'user',
      targetId,
      reason,
      before: { action, actorRole, targetRole },
      after: { refused: err.messageKey },
    });
  }
  return err;
}

/** For routes that must refuse before spending a TOTP code or calling a provider: checks, audits a refusal. */
export async function checkReach(db: Db, actor: Actor, targetId: number, action: string, reason?: string) {
  try {
    await assertMayActOn(db, actor, { id: targetId, role: await roleOf(db, targetId) }, action, reason);
  } catch (err) {
    throw await recordRefusal(db, err);
  }
}

/** The viewer's refusal for a target, shown on the user page instead of actions it may not take. */
export async function viewerRefusal(db: Db, viewerId: number, target: Ranked) {
  return reachRefusal({ id: viewerId, role: await roleOf(db, viewerId) }, target);
}
