import { createSession } from '../../../src/server/db/queries/sessions';
import { users } from '../../../src/server/db/schema';
import type { RunningServer } from '../../../src/server/server';
import { TEST_CLOCK_HEADER } from '../../../src/server/services/activity/clock';
import { startOfDay } from '../../../src/shared/site-time';

export const TZ = 'Asia/Shanghai';
const HOUR = 3_600_000;

/** The instant `dayOffset` site-local days from today at hh:mm:ss (Asia/Shanghai has no DST). */
export function siteInstant(dayOffset: number, hour: number, minute = 0, second = 0): number {
  return startOfDay(Date.now(), TZ, dayOffset) + hour * HOUR + minute * 60_000 + second * 1000;
}

/** Header moving the server's clock so that "now" is `instant` (NODE_ENV=test only). */
export function clockAt(instant: number): Record<string, string> {
  return { [TEST_CLOCK_HEADER]: String(Math.round(instant - Date.now())) };
}

/** Many users with sessions, fast: no password hashing (the accounts suite covers real sign-up). */
export async function quickUsers(srv: RunningServer, prefix: string, count: number) {
  const db = srv.runtime.database.db;
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `${prefix}${i}@example.com` })))
    .returning({ id: users.id });
  return Promise.all(
    rows.map(async (row) => {
      const token = await createSession(db, { userId: row.id });
      return { id: row.id, token, headers: { authorization: `Bearer ${token}` } };
    }),
  );
}
