import { desc, eq } from 'drizzle-orm';
import { signIns } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { phoneOfUser } from './phone';
import { loadUser } from './profile';

/**
 * The account's personal data for its owner (PIPL's right to access and copy): what it holds
 * about the person, the phone number opened from its seal, and the sign-in history (90 days).
 */
export async function exportAccount(rt: Runtime, userId: number) {
  const u = await loadUser(rt, userId);
  const history = await rt.database.db
    .select({ at: signIns.at, method: signIns.method, success: signIns.success, ip: signIns.ip })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.id));
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: u.id,
      email: u.email,
      phone: phoneOfUser(rt, u),
      wechatBound: Boolean(u.wechatOpenId),
      nickname: u.nickname,
      description: u.description,
      avatarUrl: u.avatarUrl,
      language: u.language,
      createdAt: u.createdAt.toISOString(),
    },
    signIns: history.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}
