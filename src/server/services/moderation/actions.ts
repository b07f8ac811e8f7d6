import { and, eq, isNull } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { ReviewState } from '../../../shared/moderation';
import type { ReportAction, ReportKind, ReportOutcome } from '../../../shared/moderation-reports';
import type { Db } from '../../db/client';
import { contentReports } from '../../db/schema';
import { transaction } from '../../db/transaction';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { setBanned } from '../account/console-users';
import { type Actor, auditExists, writeAudit } from '../admin/audit';
import { noticeAuthor } from './author-notice';
import { findItem, forgetItem, type ModeratedItem, setReview } from './items';

export interface ModerationAct {
  actor: Actor;
  kind: ReportKind;
  id: string;
  action: ReportAction;
  reason: string;
  /** One per opened form: a repeated click acts once. */
  requestId: string;
}

/** A repeated request id: the first click already acted, so this transaction is rolled back. */
class Repeated extends Error {}

const refuse = (key: string) => new DomainError(Code.BAD_REQUEST, key, { status: 400 });

/** Closes the item's open reports; answers how many. */
async function closeReports(tx: Db, a: ModerationAct, outcome: ReportOutcome) {
  const rows = await tx
    .update(contentReports)
    .set({ closedAt: new Date(), closedBy: a.actor.userId, outcome })
    .where(and(eq(contentReports.kind, a.kind), eq(contentReports.itemId, a.id), isNull(contentReports.closedAt)))
    .returning({ id: contentReports.id });
  return rows.length;
}

/**
 * A moderator's action on a reported item (docs/console.md, "reports"), with
 * its audit row in the same transaction: hide takes it down (closing its
 * reports), restore publishes it again, dismiss closes the reports and leaves
 * the item, ban bans its author (the console's user ban, audited as such).
 * After a hide or restore every process forgets the item and the author is
 * told. Answers whether this call acted (false: a repeated request id).
 */
export async function moderateItem(rt: Runtime, a: ModerationAct): Promise<boolean> {
  const item = await findItem(rt.database.db, a.kind, a.id);
  if (a.action === 'ban') {
    if (!item?.ownerId) throw refuse('admin:reports.noAuthor');
    return setBanned(rt.database.db, { ...a, userId: item.ownerId }, true);
  }
  if (!item && a.action !== 'dismiss') throw new DomainError(Code.NOT_FOUND, 'error.notFound', { status: 404 });
  let changed = false;
  try {
    await transaction(rt.database.db, async (tx) => {
      // A repeated click finds its row before the state it already changed refuses it.
      if (await auditExists(tx, a.actor.userId, a.requestId)) throw new Repeated();
      let closed = 0;
      if (a.action === 'hide') {
        changed = await setReview(tx, a.kind, a.id, ReviewState.HIDDEN, [ReviewState.PUBLISHED, ReviewState.PENDING]);
        closed = await closeReports(tx, a, 'hidden');
        if (!changed && closed === 0) throw refuse('admin:reports.alreadyHidden');
      } else if (a.action === 'restore') {
        changed = await setReview(tx, a.kind, a.id, ReviewState.PUBLISHED, [ReviewState.HIDDEN]);
        if (!changed) throw refuse('admin:reports.notHidden');
      } else {
        closed = await closeReports(tx, a, 'dismissed');
        if (closed === 0) throw refuse('admin:reports.noneOpen');
      }
      const fresh = await writeAudit(tx, a.actor, {
        action: `report.${a.action}`,
        targetType: a.kind,
        targetId: a.id,
        reason: a.reason,
        before: { review: item?.review ?? null },
        after: {
          review: changed ? (a.action === 'hide' ? ReviewState.HIDDEN : ReviewState.PUBLISHED) : (item?.review ?? null),
          reportsClosed: closed,
        },
        requestId: a.requestId,
      });
      if (!fresh) throw new Repeated();
    });
  } catch (err) {
    if (err instanceof Repeated) return false;
    throw err;
  }
  if (changed && item) await afterChange(rt, item, a.action === 'hide' ? 'hidden' : 'restored');
  return true;
}

async function afterChange(rt: Runtime, item: ModeratedItem, action: 'hidden' | 'restored') {
  await forgetItem(rt, item.kind);
  if (item.ownerId) await noticeAuthor(rt, { userId: item.ownerId, kind: item.kind, title: item.title, action });
}
