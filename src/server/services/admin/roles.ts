import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Role, STAFF_ROLES } from '../../../shared/admin';
import type { Db } from '../../db/client';
import { adminSessions, users } from '../../db/schema';

const byEmail = (email: string) =>
  and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt));

/**
 * Sets an account's role (the first admin comes from the CLI). A lowered role
 * ends the account's console sessions at once. Null when no such account.
 */
export async function setRole(db: Db, email: string, role: Role) {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(byEmail(email))
    .returning({ id: users.id, email: users.email, role: users.role });
  if (row && role === 'user') await db.delete(adminSessions).where(eq(adminSessions.userId, row.id));
  return row ?? null;
}

/** Lifts a ban (the CLI's recovery path: a banned admin signs in again). Null when no such account. */
export async function unbanByEmail(db: Db, email: string) {
  const [row] = await db
    .update(users)
    .set({ bannedAt: null, updatedAt: new Date() })
    .where(byEmail(email))
    .returning({ id: users.id, email: users.email });
  return row ?? null;
}

/** Setting a role by id (console), inside a transaction that locked the row. */
export async function setRoleById(db: Db, userId: number, role: Role) {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
  if (role === 'user') await db.delete(adminSessions).where(eq(adminSessions.userId, userId));
}

export async function listStaff(db: Db) {
  return db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(and(inArray(users.role, [...STAFF_ROLES]), isNull(users.deletedAt)))
    .orderBy(users.id);
}
