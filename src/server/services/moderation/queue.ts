import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { ReportedItem, ReportQueue } from '../../../shared/contract/moderation';
import { ReviewState } from '../../../shared/moderation';
import type { ReportKind } from '../../../shared/moderation-reports';
import { apps, chatShares, contentReports, drawings, songs, videos } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { authorsOf, findItem, moderatorMedia, moderatorPreview, verdictOf } from './items';

/** Reports shown per item (the count says how many there are). */
const REPORTS_SHOWN = 20;
/** Characters of an item's texts shown: enough to judge a hidden share or song without opening it. */
const TEXT_SHOWN = 2000;

interface Group {
  kind: ReportKind;
  id: string;
  open: number;
  last: Date | null;
}

/**
 * The console's report queue (docs/console.md, "reports"): `open` lists the
 * items with open reports, most recently reported first; `hidden` the items
 * taken down, most recently changed first, to restore them.
 */
export async function reportQueue(
  rt: Runtime,
  q: { state: 'open' | 'hidden'; pageNum: number; pageSize: number },
): Promise<ReportQueue> {
  const { groups, total } = q.state === 'open' ? await openGroups(rt, q) : await hiddenGroups(rt, q);
  const records = await Promise.all(groups.map((g) => describe(rt, g, q.state)));
  return { records, total, current: q.pageNum, size: q.pageSize };
}

async function openGroups(rt: Runtime, q: { pageNum: number; pageSize: number }) {
  const { db } = rt.database;
  const open = isNull(contentReports.closedAt);
  const rows = await db
    .select({
      kind: contentReports.kind,
      id: contentReports.itemId,
      open: count(),
      last: max(contentReports.createdAt),
    })
    .from(contentReports)
    .where(open)
    .groupBy(contentReports.kind, contentReports.itemId)
    .orderBy(desc(max(contentReports.createdAt)), contentReports.itemId)
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [all] = await db
    .select({ n: sql<number>`count(distinct (${contentReports.kind}, ${contentReports.itemId}))::int` })
    .from(contentReports)
    .where(open);
  return { groups: rows as Group[], total: Number(all?.n ?? 0) };
}

/** Hidden items of every kind, merged by when they changed. */
async function hiddenGroups(rt: Runtime, q: { pageNum: number; pageSize: number }) {
  const { db } = rt.database;
  const take = q.pageNum * q.pageSize;
  const hidden = ReviewState.HIDDEN;
  const [d, s, v, a, sh, counts] = await Promise.all([
    db
      .select({ id: drawings.taskId, at: drawings.updatedAt })
      .from(drawings)
      .where(eq(drawings.review, hidden))
      .orderBy(desc(drawings.updatedAt))
      .limit(take),
    db
      .select({ id: songs.taskId, at: songs.updatedAt })
      .from(songs)
      .where(eq(songs.review, hidden))
      .orderBy(desc(songs.updatedAt))
      .limit(take),
    db
      .select({ id: videos.taskId, at: videos.updatedAt })
      .from(videos)
      .where(eq(videos.review, hidden))
      .orderBy(desc(videos.updatedAt))
      .limit(take),
    db
      .select({ id: sql<string>`${apps.id}::text`, at: apps.updatedAt })
      .from(apps)
      .where(and(eq(apps.review, hidden), isNull(apps.deletedAt)))
      .orderBy(desc(apps.updatedAt))
      .limit(take),
    db
      .select({ id: chatShares.id, at: chatShares.updatedAt })
      .from(chatShares)
      .where(eq(chatShares.review, hidden))
      .orderBy(desc(chatShares.updatedAt))
      .limit(take),
    Promise.all([
      db.select({ n: count() }).from(drawings).where(eq(drawings.review, hidden)),
      db.select({ n: count() }).from(songs).where(eq(songs.review, hidden)),
      db.select({ n: count() }).from(videos).where(eq(videos.review, hidden)),
      db
        .select({ n: count() })
        .from(apps)
        .where(and(eq(apps.review, hidden), isNull(apps.deletedAt))),
      db.select({ n: count() }).from(chatShares).where(eq(chatShares.review, hidden)),
    ]),
  ]);
  const merged = [
    ...d.map((r) => ({ kind: 'drawing' as const, ...r })),
    ...s.map((r) => ({ kind: 'song' as const, ...r })),
    ...v.map((r) => ({ kind: 'video' as const, ...r })),
    ...a.map((r) => ({ kind: 'app' as const, ...r })),
    ...sh.map((r) => ({ kind: 'share' as const, ...r })),
  ].sort((x, y) => y.at.getTime() - x.at.getTime());
  const groups = merged
    .slice((q.pageNum - 1) * q.pageSize, take)
    .map((g): Group => ({ kind: g.kind, id: g.id, open: 0, last: null }));
  const total = counts.reduce((sum, [c]) => sum + (c?.n ?? 0), 0);
  return { groups, total };
}

/** One queue entry: the item's preview, author, reports and the moderation verdict on its texts. */
async function describe(rt: Runtime, g: Group, state: 'open' | 'hidden'): Promise<ReportedItem> {
  const { db } = rt.database;
  const item = await findItem(db, g.kind, g.id);
  const reports = await db
    .select()
    .from(contentReports)
    .where(
      and(
        eq(contentReports.kind, g.kind),
        eq(contentReports.itemId, g.id),
        state === 'open' ? isNull(contentReports.closedAt) : eq(contentReports.outcome, 'hidden'),
      ),
    )
    .orderBy(desc(contentReports.createdAt))
    .limit(REPORTS_SHOWN);
  const author = (await authorsOf(db, [item?.ownerId ?? null])).get(item?.ownerId ?? -1);
  return {
    kind: g.kind,
    id: g.id,
    review: item?.review ?? null,
    title: item?.title ?? '',
    text: (item?.texts ?? []).join('\n').slice(0, TEXT_SHOWN),
    preview: item ? await moderatorPreview(rt, item) : null,
    media: item ? await moderatorMedia(rt, item) : null,
    href: item?.href ?? null,
    author: author
      ? {
          id: author.id,
          nickname: author.nickname || author.email || `#${author.id}`,
          banned: Boolean(author.bannedAt),
        }
      : null,
    openReports: g.open,
    lastReportAt: g.last ? new Date(g.last).toISOString() : (reports[0]?.createdAt.toISOString() ?? null),
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
      reporterId: r.reporterId,
    })),
    verdict: await verdictOf(rt, item),
  };
}
