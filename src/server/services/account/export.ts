import { desc, eq } from 'drizzle-orm';
import { generationLogs, signIns } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { phoneOfUser } from './phone';
import { loadUser } from './profile';

/** Generation records in one export: six months of a busy account, without an unbounded reply. */
const GENERATIONS_MAX = 10_000;

/**
 * The account's personal data for its owner (PIPL's right to access and copy): what it holds
 * about the person, the phone number opened from its seal, the sign-in history (90 days) and
 * the generation records kept as the law requires (the newest 10,000).
 */
export async function exportAccount(rt: Runtime, userId: number) {
  const u = await loadUser(rt, userId);
  const history = await rt.database.db
    .select({ at: signIns.at, method: signIns.method, success: signIns.success, ip: signIns.ip })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.id));
  const generations = await rt.database.db
    .select({
      at: generationLogs.at,
      kind: generationLogs.kind,
      prompt: generationLogs.prompt,
      outputRef: generationLogs.outputRef,
    })
    .from(generationLogs)
    .where(eq(generationLogs.userId, userId))
    .orderBy(desc(generationLogs.id))
    .limit(GENERATIONS_MAX);
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
    generations: generations.map((r) => ({ ...r, at: r.at.toISOString() })),
  };
}
