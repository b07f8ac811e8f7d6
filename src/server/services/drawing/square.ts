import { createHash } from 'node:crypto';
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { Page } from '../../../shared/contract/common';
import type { PublicPicture } from '../../../shared/contract/drawing';
import { ReviewState } from '../../../shared/moderation';
import type { Db } from '../../db/client';
import { prepared } from '../../db/queries/prepared';
import { containsText, countUpToQuery, matchesUpTo, searchPage } from '../../db/queries/text-search';
import { DrawingStatus, drawings } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { notifiedCache } from '../notified-cache';
import { publicColumns, publicPicture } from './dto';

/** NOTIFY channel: a public picture was added or removed, every process drops its square cache. */
export const SQUARE_CHANNEL = 'miaobi_square';
/** The square shows 30 a page (docs/routes-and-screens.md). */
export const SQUARE_PAGE_SIZE = 30;
/** Safety net: a lost notification cannot keep stale pages longer than this. */
const TTL_MS = 5 * 60_000;
const MAX_PAGES = 200;

export interface SquarePage extends Page<PublicPicture> {
  /** Changes whenever the page's content changes (HTTP ETag). */
  etag: string;
}

const cache = notifiedCache({ name: 'square', channel: SQUARE_CHANNEL, ttlMs: TTL_MS, maxEntries: MAX_PAGES });

const publicWhere = and(
  eq(drawings.status, DrawingStatus.DONE),
  eq(drawings.publicFlag, 1),
  eq(drawings.review, ReviewState.PUBLISHED),
);

// A search's statements, built once per database handle (db/queries/prepared.ts): building them
// again per request cost more CPU than the rows they return. PostgreSQL plans each execution for
// its term (planEachCall): a rare term goes through the trigram index, a common one walks the
// newest-first index.
const matching = and(publicWhere, containsText(drawings.searchText, sql.placeholder('term')));

const pictureId = (db: Db) =>
  prepared(db, 'square_picture_id', (db, name) =>
    db
      .select({ id: drawings.id })
      .from(drawings)
      .where(and(publicWhere, eq(drawings.taskId, sql.placeholder('taskId'))))
      .limit(1)
      .prepare(name),
  );

/** A search page: after a picture (`before`, keyset) or at an offset; counted up to `cap` or not. */
const searchRows = (db: Db, after: boolean, counted: boolean) =>
  prepared(
    db,
    `square_search${after ? '_after' : ''}${counted ? '_counted' : ''}`,
    (db, name) =>
      db
        .select({
          row: publicColumns,
          total: matchesUpTo(drawings, matching, counted ? sql.placeholder('cap') : 0),
        })
        .from(drawings)
        .where(after ? and(matching, lt(drawings.id, sql.placeholder('before'))) : matching)
        .orderBy(desc(drawings.id))
        .limit(sql.placeholder('limit'))
        .offset(after ? 0 : sql.placeholder('offset'))
        .prepare(name),
    { planEachCall: true },
  );

const searchCount = (db: Db) =>
  prepared(
    db,
    'square_search_count',
    (db, name) => countUpToQuery(db, drawings, matching, sql.placeholder('cap')).prepare(name),
    { planEachCall: true },
  );

/**
 * Public pictures, newest first; `content` searches prompts (uncached, with a bounded count:
 * db/queries/text-search.ts), and a search's `cursor` (the last picture shown) pages by keyset.
 */
export async function listPublic(db: Db, p: { pageNum: number; pageSize: number; content?: string; cursor?: string }) {
  const term = p.content?.trim();
  if (term) {
    const [from] = p.cursor ? await pictureId(db).execute({ taskId: p.cursor }) : [];
    const page = await searchPage(p, {
      rows: (limit, offset, cap) =>
        searchRows(db, from !== undefined, cap > 0).execute({ term, cap, before: from?.id, limit, offset }),
      count: async (cap) => (await searchCount(db).execute({ term, cap }))[0]?.n ?? 0,
    });
    return { ...page, records: page.records.map(publicPicture) };
  }
  const [total] = await db.select({ n: count() }).from(drawings).where(publicWhere);
  const rows = await db
    .select(publicColumns)
    .from(drawings)
    .where(publicWhere)
    .orderBy(desc(drawings.id))
    .limit(p.pageSize)
    .offset((p.pageNum - 1) * p.pageSize);
  return { records: rows.map(publicPicture), total: total?.n ?? 0, current: p.pageNum, size: p.pageSize };
}

/** One page of the square, cached per process until a public picture is added or removed. */
export function squarePage(rt: Runtime, pageNum: number, pageSize = SQUARE_PAGE_SIZE): Promise<SquarePage> {
  return cache.get(rt, `page:${pageNum}:${pageSize}`, async () => {
    const page = await listPublic(rt.database.db, { pageNum, pageSize });
    const etag = createHash('sha1')
      .update(`${page.total}:${page.records.map((r) => r.id).join(',')}`)
      .digest('base64url')
      .slice(0, 16);
    return { ...page, etag };
  });
}

/**
 * The page after the picture `cursor` (keyset: an index range from that id, where an
 * offset would walk every earlier picture). An unknown cursor (the picture was taken
 * down) falls back to `pageNum`. Cached like the numbered pages.
 */
export function squarePageAfter(rt: Runtime, cursor: string, pageNum: number, pageSize = SQUARE_PAGE_SIZE) {
  return cache.get(rt, `after:${cursor}:${pageSize}`, async (): Promise<Page<PublicPicture>> => {
    const { db } = rt.database;
    const [from] = await pictureId(db).execute({ taskId: cursor });
    if (!from) {
      const { etag: _etag, ...page } = await squarePage(rt, pageNum, pageSize);
      return page;
    }
    const [rows, total] = await Promise.all([
      db
        .select(publicColumns)
        .from(drawings)
        .where(and(publicWhere, lt(drawings.id, from.id)))
        .orderBy(desc(drawings.id))
        .limit(pageSize),
      squareTotal(rt),
    ]);
    return { records: rows.map(publicPicture), total, current: pageNum, size: pageSize };
  });
}

/** How many public pictures there are (one count per content generation). */
function squareTotal(rt: Runtime): Promise<number> {
  return cache.get(rt, 'total', async () => {
    const [total] = await rt.database.db.select({ n: count() }).from(drawings).where(publicWhere);
    return total?.n ?? 0;
  });
}

/** A public picture by its id, or null (unknown, private, unfinished or deleted). */
export function squarePicture(rt: Runtime, id: string): Promise<PublicPicture | null> {
  return cache.get(rt, `picture:${id}`, async () => {
    const [row] = await rt.database.db
      .select(publicColumns)
      .from(drawings)
      .where(and(publicWhere, eq(drawings.taskId, id)))
      .limit(1);
    return row ? publicPicture(row) : null;
  });
}

/** Every public picture's id and date, newest first, for the sitemap (at most 45,000). */
export function sitemapEntries(rt: Runtime): Promise<Array<{ id: string; updated: string }>> {
  return cache.get(rt, 'sitemap', async () => {
    const rows = await rt.database.db
      .select({ id: drawings.taskId, at: drawings.updatedAt })
      .from(drawings)
      .where(publicWhere)
      .orderBy(desc(drawings.id))
      .limit(45_000);
    return rows.map((r) => ({ id: r.id, updated: r.at.toISOString() }));
  });
}

/** A public picture was added or removed: every process rebuilds its square pages. */
export function invalidateSquare(rt: Runtime): Promise<void> {
  return cache.invalidate(rt);
}
