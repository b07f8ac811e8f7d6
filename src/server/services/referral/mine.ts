import { eq } from 'drizzle-orm';
import { referralBalances } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { siteSettings } from '../site-settings';
import { inviteCodeOf, inviteCounts } from './invites';

/** The caller's invite page: code, counts, rewards, balances and the rules that apply to them. */
export async function myReferral(rt: Runtime, userId: number) {
  const { db } = rt.database;
  const s = await siteSettings(rt);
  const [balance] = await db.select().from(referralBalances).where(eq(referralBalances.userId, userId));
  return {
    code: await inviteCodeOf(db, userId),
    ...(await inviteCounts(db, userId)),
    held: balance?.held ?? 0,
    available: balance?.available ?? 0,
    withdrawing: balance?.withdrawing ?? 0,
    debt: balance?.debt ?? 0,
    rules: {
      inviterDays: s.REFERRAL_INVITER_DAYS,
      inviteeDays: s.REFERRAL_INVITEE_DAYS,
      inviterCredits: s.REFERRAL_INVITER_CREDITS,
      inviteeCredits: s.REFERRAL_INVITEE_CREDITS,
      level1Bp: s.REFERRAL_LEVEL1_BP,
      level2Bp: s.REFERRAL_LEVEL2_BP,
      holdDays: s.REFERRAL_HOLD_DAYS,
      withdrawMin: s.REFERRAL_WITHDRAW_MIN_FEN,
    },
  };
}
