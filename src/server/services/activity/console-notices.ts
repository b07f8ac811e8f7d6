import { asc, eq, sql } from 'drizzle-orm';
import type { NoticeAudience, NoticeKind } from '../../../shared/notices';
import type { Db } from '../../db/client';
import { type Notice, notices } from '../../db/schema';
import { DomainError } from '../../errors';
import { type Actor, auditedOnce } from '../admin/audit';

/** A notice as the console edits it (docs/console.md). */
export interface NoticeInput {
  kind: NoticeKind;
  page: string | null;
  /** zh-CN required; a missing language falls back to it on the site. */
  content: Record<string, string>;
  audience: NoticeAudience;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
}

export const noticeDto = (n: Notice) => ({
  id: n.id,
  kind: n.kind,
  page: n.page,
  content: n.content,
  audience: n.audience,
  startsAt: n.startsAt?.toISOString() ?? null,
  endsAt: n.endsAt?.toISOString() ?? null,
  enabled: n.enabled,
  revision: n.revision,
  updatedAt: n.updatedAt.toISOString(),
});

/** Every notice, site ones first, as stored (all languages). */
export async function listNotices(db: Db) {
  return (await db.select().from(notices).orderBy(asc(notices.id))).map(noticeDto);
}

/** Languages left empty are dropped, so the site falls back to zh-CN for them. */
function clean(content: Record<string, string>) {
  return Object.fromEntries(Object.entries(content).filter(([, v]) => v.trim() !== ''));
}

// jsonb keeps keys in its own order: compare texts language by language.
const sorted = (c: Record<string, unknown>) => JSON.stringify(Object.entries(c).sort(([a], [b]) => a.localeCompare(b)));

/** Creates a notice; answers it, or null for a repeated click. */
export async function createNotice(db: Db, actor: Actor, input: NoticeInput, requestId: string) {
  return auditedOnce(db, actor, async (tx) => {
    const [n] = await tx
      .insert(notices)
      .values({ ...input, content: clean(input.content) })
      .returning();
    if (!n) throw new Error('notice not inserted');
    const dto = noticeDto(n);
    return {
      value: dto,
      entry: { action: 'notice.create', targetType: 'notice', targetId: n.id, after: dto, requestId },
    };
  });
}

/**
 * Replaces a notice's fields. A changed text gets a new revision, so people
 * who read the old one see it again (as with the CLI). Answers the notice, or
 * null for a repeated click.
 */
export async function updateNotice(db: Db, actor: Actor, id: number, input: NoticeInput, requestId: string) {
  return auditedOnce(db, actor, async (tx) => {
    const [before] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
    if (!before) throw new DomainError(404, 'error.notFound', { status: 404 });
    const content = clean(input.content);
    const changed = sorted(content) !== sorted(before.content);
    const [n] = await tx
      .update(notices)
      .set({
        ...input,
        content,
        revision: changed ? sql`${notices.revision} + 1` : before.revision,
        updatedAt: new Date(),
      })
      .where(eq(notices.id, id))
      .returning();
    if (!n) throw new DomainError(404, 'error.notFound', { status: 404 });
    const after = noticeDto(n);
    return {
      value: after,
      entry: {
        action: before.enabled !== n.enabled ? (n.enabled ? 'notice.enable' : 'notice.disable') : 'notice.edit',
        targetType: 'notice',
        targetId: id,
        before: noticeDto(before),
        after,
        requestId,
      },
    };
  });
}
