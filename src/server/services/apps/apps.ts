import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { UploadAigcMark } from '../../../shared/compliance';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import { ReviewState } from '../../../shared/moderation';
import type { Db } from '../../db/client';
import { pageTotal, totalOf } from '../../db/queries/page-total';
import { prepared } from '../../db/queries/prepared';
import { containsText, countUpTo, matchesUpTo, searchPage } from '../../db/queries/text-search';
import { type App, apps, uploadLabels } from '../../db/schema';
import { seedApps, seedAppText, seedKeysMatching } from '../../db/seed/apps';
import { DomainError } from '../../errors';
import { loadSharp } from '../../providers/sharp';
import type { Runtime } from '../../runtime';
import { aigcMarkOf } from '../compliance/upload-labels';
import { baseNotFound } from '../knowledge/bases';
import { takenDown } from '../moderation/items';
import { checkTexts, refuseHidden, reviewFirst, reviewOnPublish } from '../moderation/publishing';
import { pictureRefused } from '../pictures';
import { checkAuthorBase, isBaseGone } from './app-knowledge';
import { forgetStore, storeCache } from './store-cache';

const seeded = new WeakMap<Db, Promise<void>>();

/** Adds the built-in applications once; a second run (or another process) adds nothing. */
export function seedAppsIfEmpty(db: Db): Promise<void> {
  let done = seeded.get(db);
  if (!done) {
    done = db
      .insert(apps)
      .values(seedApps.map((a) => ({ ...a, published: true })))
      .onConflictDoNothing({ target: apps.seedKey })
      .then(() => undefined);
    seeded.set(db, done);
  }
  return done;
}

/** What the icon's upload was found to carry (upload_labels), read in the app's own write. */
const iconMark = (iconUrl: string) =>
  sql<UploadAigcMark | null>`(select ${uploadLabels.mark} from ${uploadLabels} where ${uploadLabels.url} = ${iconUrl})`;

export interface AppInput {
  promptTitle: string;
  promptContent: string;
  promptDescription: string;
  iconUrl: string;
  published: boolean;
  /** One of the author's bases; null detaches, undefined keeps (docs/knowledge.md#an-apps-base). */
  knowledgeBaseId?: number | null;
}

/** A write naming a base deleted meanwhile answers as a base not found, not a 500. */
async function baseKept<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isBaseGone(err)) throw baseNotFound();
    throw err;
  }
}

/** A seeded application reads in the viewer's language (zh-CN when untranslated); a user's stays as written. */
export const storeDto = (a: App, lang: Language = DEFAULT_LANGUAGE) => ({
  id: a.id,
  promptTitle: a.promptTitle,
  promptContent: a.promptContent,
  promptDescription: a.promptDescription,
  iconUrl: a.iconUrl,
  iconAigc: a.iconAigc ?? null,
  category: a.category,
  ...(a.seedKey ? seedAppText(a.seedKey, a.category, lang) : undefined),
});

export const ownDto = (a: App, lang: Language = DEFAULT_LANGUAGE) => ({
  ...storeDto(a, lang),
  published: a.published,
  review: a.review,
  updatedAt: a.updatedAt.toISOString(),
  knowledgeBaseId: a.knowledgeBaseId,
});

// /api/prompt/list/all: published applications, in the store's order.
const live = and(eq(apps.published, true), eq(apps.review, ReviewState.PUBLISHED), isNull(apps.deletedAt));
const order = [asc(apps.sortOrder), desc(apps.id)];

const storePage = (db: Db) =>
  prepared(db, 'store_page', (db, name) =>
    db
      .select({ app: apps, total: totalOf(apps, live) })
      .from(apps)
      .where(live)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );

/**
 * A page of the store in `lang`, kept until the apps table changes (store-cache.ts); `content` searches
 * title, description and prompt as stored and, for seeded ones, as shown in `lang` (docs/api.md).
 */
export function listStore(
  rt: Runtime,
  q: { pageNum: number; pageSize: number; content?: string },
  lang: Language = DEFAULT_LANGUAGE,
) {
  const key = `${lang}:${q.pageNum}:${q.pageSize}:${q.content?.trim() ?? ''}`;
  return storeCache.get(rt, key, () => loadStore(rt.database.db, q, lang));
}

async function loadStore(db: Db, q: { pageNum: number; pageSize: number; content?: string }, lang: Language) {
  await seedAppsIfEmpty(db);
  const term = q.content?.trim();
  if (!term) {
    const rows = await storePage(db).execute({ limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
    const total = await pageTotal(rows, q.pageNum, async () => {
      const [all] = await db.select({ n: count() }).from(apps).where(live);
      return all?.n ?? 0;
    });
    return { records: rows.map((r) => storeDto(r.app, lang)), current: q.pageNum, total, size: q.pageSize };
  }
  const translated = seedKeysMatching(term, lang);
  const where = and(
    live,
    or(containsText(apps.searchText, term), translated.length ? inArray(apps.seedKey, translated) : undefined),
  );
  const page = await searchPage(q, {
    rows: (limit, offset, cap) =>
      db
        .select({ row: apps, total: matchesUpTo(apps, where, cap) })
        .from(apps)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    count: (cap) => countUpTo(db, apps, where, cap),
  });
  return { ...page, records: page.records.map((a) => storeDto(a, lang)) };
}

export async function listOwn(db: Db, ownerId: number, lang: Language = DEFAULT_LANGUAGE) {
  const rows = await db
    .select()
    .from(apps)
    .where(and(eq(apps.ownerId, ownerId), isNull(apps.deletedAt)))
    .orderBy(desc(apps.updatedAt))
    .limit(500);
  return rows.map((a) => ownDto(a, lang));
}

/** Anyone may read a published app; a draft only its owner. */
export async function readApp(db: Db, id: number, userId: number | null) {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, id), isNull(apps.deletedAt)));
  if (row?.published && row.review === ReviewState.HIDDEN && row.ownerId !== userId) throw takenDown();
  if (!row || ((!row.published || row.review !== ReviewState.PUBLISHED) && row.ownerId !== userId))
    throw new DomainError(Code.NOT_FOUND, 'chat:app.notFound', { status: 404 });
  return row;
}

async function ownApp(db: Db, id: number, ownerId: number) {
  const row = await readApp(db, id, ownerId);
  if (row.ownerId !== ownerId) throw new DomainError(Code.FORBIDDEN, 'chat:app.notOwner', { status: 403 });
  return row;
}

const MAX_APPS_PER_USER = 200;

const texts = (a: Pick<AppInput, 'promptTitle' | 'promptDescription' | 'promptContent'>) => [
  a.promptTitle,
  a.promptDescription,
  a.promptContent,
];

export async function createApp(rt: Runtime, ownerId: number, input: AppInput) {
  const { db } = rt.database;
  await checkTexts(rt, texts(input), 'chat:app.refused');
  if (input.knowledgeBaseId) await checkAuthorBase(db, ownerId, input.knowledgeBaseId);
  // Published under "review first": the store shows it once a moderator approves (docs/state-machines.md).
  const review = input.published && (await reviewFirst(rt, 'app')) ? ReviewState.PENDING : ReviewState.PUBLISHED;
  const [mine] = await db
    .select({ n: count() })
    .from(apps)
    .where(and(eq(apps.ownerId, ownerId), isNull(apps.deletedAt)));
  if ((mine?.n ?? 0) >= MAX_APPS_PER_USER) throw new DomainError(Code.BAD_REQUEST, 'chat:app.tooMany', { status: 400 });
  const [row] = await baseKept(
    db
      .insert(apps)
      .values({ ...input, iconAigc: iconMark(input.iconUrl), review, ownerId, sortOrder: 100_000 })
      .returning(),
  );
  if (!row) throw new Error('app insert returned nothing');
  await forgetStore(rt);
  return ownDto(row);
}

export async function updateApp(rt: Runtime, ownerId: number, id: number, input: AppInput) {
  const { db } = rt.database;
  const old = await ownApp(db, id, ownerId);
  await checkTexts(rt, texts(input), 'chat:app.refused');
  if (input.knowledgeBaseId) await checkAuthorBase(db, ownerId, input.knowledgeBaseId);
  if (input.published) refuseHidden(old.review);
  // Newly published, or its texts changed while published: under "review first" a moderator looks again.
  const changed = !old.published || texts(old).join('\n') !== texts(input).join('\n');
  const review = input.published && changed ? await reviewOnPublish(rt, 'app', old.review) : old.review;
  const [row] = await baseKept(
    db
      .update(apps)
      .set({ ...input, iconAigc: iconMark(input.iconUrl), review, updatedAt: new Date() })
      .where(eq(apps.id, id))
      .returning(),
  );
  if (!row) throw new DomainError(Code.NOT_FOUND, 'chat:app.notFound', { status: 404 });
  await forgetStore(rt);
  return ownDto(row);
}

export async function deleteApp(rt: Runtime, ownerId: number, id: number) {
  const { db } = rt.database;
  await ownApp(db, id, ownerId);
  await db.update(apps).set({ deletedAt: new Date(), published: false }).where(eq(apps.id, id));
  await forgetStore(rt);
}

export const ICON_MAX_BYTES = 512 * 1024;
const ICON_MAX_PIXELS = 4096 * 4096;

/** An uploaded icon: decoded (so only real images pass), squared to 128 px WebP, stored. */
export async function storeIcon(rt: Runtime, userId: number, bytes: Buffer): Promise<string> {
  const sharp = await loadSharp();
  if (bytes.length === 0 || bytes.length > ICON_MAX_BYTES)
    throw new DomainError(Code.BAD_REQUEST, 'chat:app.iconTooLarge', { status: 400 });
  let webp: Buffer;
  let mark: UploadAigcMark | null;
  try {
    const image = sharp(bytes, { limitInputPixels: ICON_MAX_PIXELS, animated: false });
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    // The icon's implicit AI labels, read before the re-encode drops its metadata.
    mark = aigcMarkOf(meta, bytes);
    webp = await image.rotate().resize(128, 128, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
  } catch (err) {
    throw pictureRefused(
      err,
      ICON_MAX_PIXELS,
      new DomainError(Code.BAD_REQUEST, 'chat:app.iconInvalid', { status: 400 }),
    );
  }
  const url = await rt.storage.put(`app-icons/${userId}/${randomBytes(8).toString('hex')}.webp`, webp);
  if (mark) await rt.database.db.insert(uploadLabels).values({ url, mark }).onConflictDoNothing();
  return url;
}
