import { createHash } from 'node:crypto';
import { Code } from '../../../shared/codes';
import type { ReportBody } from '../../../shared/contract/moderation';
import { hit } from '../../db/queries/rate-limits';
import { contentReports } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { findItem, isPublicItem } from './items';

const HOUR = 3_600_000;
/** Reports one signed-in user may send an hour. */
export const REPORTS_PER_USER_HOURLY = 20;
/** Reports one address may send an hour, signed in or not (scaled by IP_LIMIT_SCALE). */
export const REPORTS_PER_IP_HOURLY = 60;
/** Reports visitors without a login may send an hour from one address (scaled by IP_LIMIT_SCALE). */
export const ANONYMOUS_REPORTS_PER_IP_HOURLY = 5;

/** A report as the route's schema checked it. */
export type ReportInput = ReportBody;

const tooMany = () => new DomainError(Code.TOO_MANY_REQUESTS, 'common:report.tooMany', { status: 429 });

/**
 * Files a report of a public item (docs/state-machines.md, "reports"). Visitors
 * may report too, under a stricter limit by address. A reporter's second
 * report of an item still open answers the same success and adds no row.
 * Anything not public (private, unfinished, pending, hidden, unknown) is 404.
 */
export async function fileReport(rt: Runtime, who: { userId: number | null; ip: string }, r: ReportInput) {
  const { db } = rt.database;
  const scale = rt.env.IP_LIMIT_SCALE;
  const limits =
    who.userId === null
      ? [hit(db, `report:anon:${who.ip}`, { limit: ANONYMOUS_REPORTS_PER_IP_HOURLY * scale, windowMs: HOUR })]
      : [
          hit(db, `report:user:${who.userId}`, { limit: REPORTS_PER_USER_HOURLY, windowMs: HOUR }),
          hit(db, `report:ip:${who.ip}`, { limit: REPORTS_PER_IP_HOURLY * scale, windowMs: HOUR }),
        ];
  for (const result of await Promise.all(limits)) if (!result.allowed) throw tooMany();

  const item = await findItem(db, r.kind, r.id);
  if (!isPublicItem(item)) throw new DomainError(Code.NOT_FOUND, 'error.notFound', { status: 404 });
  // An address is kept only as a hash: the key just tells one visitor's reports apart.
  const reporterKey =
    who.userId === null
      ? `ip:${createHash('sha256').update(who.ip).digest('base64url').slice(0, 22)}`
      : `u:${who.userId}`;
  await db
    .insert(contentReports)
    .values({
      kind: r.kind,
      itemId: r.id,
      reporterId: who.userId,
      reporterKey,
      reason: r.reason,
      text: r.text || null,
    })
    .onConflictDoNothing();
}
