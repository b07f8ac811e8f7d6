import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { UNLABELLED_LINK_HOURS, type UnlabelledKind } from '../../../shared/compliance';
import type { UnlabelledBody, UnlabelledLink, UnlabelledLog } from '../../../shared/contract/unlabelled';
import { DrawingStatus, drawings, SongStatus, songs, unlabelledDownloads, users } from '../../db/schema';
import { DomainError } from '../../errors';
import { hashKey, newKey } from '../../one-time-key';
import { FILES_PREFIX } from '../../providers/storage';
import type { Runtime } from '../../runtime';
import { type Actor, writeAudit } from '../admin/audit';
import { checkReach } from '../admin/hierarchy';
import { sourceKeyOf } from '../drawing/store';
import { type DownloadFile, MAX_PICTURE_BYTES, readStored, songAudio, songFileName } from './downloads';

const missing = () => new DomainError(Code.NOT_FOUND, 'compliance:unlabelled.missing', { status: 404 });
const spent = () => new DomainError(Code.NOT_FOUND, 'compliance:unlabelled.spent', { status: 404 });

/** The finished item and its owner; a drawing also its unlabelled original's key. */
async function itemOf(rt: Runtime, kind: UnlabelledKind, itemId: string) {
  const { db } = rt.database;
  if (kind === 'drawing') {
    const [d] = await db
      .select({ ownerId: drawings.userId, imageUrl: drawings.imageUrl })
      .from(drawings)
      .where(and(eq(drawings.taskId, itemId), eq(drawings.status, DrawingStatus.DONE)))
      .limit(1);
    if (!d) return null;
    return { ownerId: d.ownerId, sourceKey: sourceKeyOf(d.imageUrl), audioUrl: null };
  }
  const [s] = await db
    .select({ ownerId: songs.userId, audioUrl: songs.audioUrl, title: songs.title })
    .from(songs)
    .where(and(eq(songs.taskId, itemId), eq(songs.status, SongStatus.DONE)))
    .limit(1);
  return s ? { ownerId: s.ownerId, sourceKey: null, audioUrl: s.audioUrl, title: s.title } : null;
}

/** The item's owner, for the hierarchy's check before a TOTP code is spent; 404 for no finished item. */
export async function unlabelledOwner(rt: Runtime, body: Pick<UnlabelledBody, 'kind' | 'itemId'>): Promise<number> {
  const item = await itemOf(rt, body.kind, body.itemId);
  if (!item) throw missing();
  return item.ownerId;
}

/**
 * Allows one download of the item without its visible label, for its owner's request: the
 * hierarchy decides on the owner (an operator for plain users only, nobody for their own), the
 * allowance is audited, and the one-time link is answered once (only its hash is kept).
 */
export async function allowUnlabelled(
  rt: Runtime,
  actor: Actor,
  body: Omit<UnlabelledBody, 'code'>,
): Promise<UnlabelledLink> {
  const item = await itemOf(rt, body.kind, body.itemId);
  if (!item) throw missing();
  await checkReach(rt.database.db, actor, item.ownerId, 'unlabelled.allow', body.reason);
  // Pictures made before originals were kept have only their labelled file: nothing to hand out.
  if (body.kind === 'drawing' && (!item.sourceKey || (await rt.storage.size(item.sourceKey)) === null))
    throw new DomainError(Code.BAD_REQUEST, 'compliance:unlabelled.noOriginal', { status: 400 });
  const key = newKey();
  const expiresAt = new Date(Date.now() + UNLABELLED_LINK_HOURS * 3_600_000);
  const id = await rt.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(unlabelledDownloads)
      .values({ ...body, ownerId: item.ownerId, allowedBy: actor.userId, keyHash: hashKey(key), expiresAt })
      .returning({ id: unlabelledDownloads.id });
    if (!row) throw new Error('unlabelled download not stored');
    await writeAudit(tx, actor, {
      action: 'unlabelled.allow',
      targetType: 'user',
      targetId: item.ownerId,
      reason: body.reason,
      after: { id: row.id, kind: body.kind, itemId: body.itemId },
    });
    return row.id;
  });
  return { applied: true, id, url: `/api/unlabelled/${key}`, expiresAt: expiresAt.toISOString() };
}

/**
 * The file a one-time link allows, once: a picture's original (implicit label only) or a song as
 * stored (no tone, no label in its name). The link is spent by the same statement that finds it
 * unused and unexpired, so two requests at once get one file; its use is logged on its row.
 */
export async function useUnlabelled(rt: Runtime, key: string, ip: string): Promise<DownloadFile> {
  const { db } = rt.database;
  const live = and(
    eq(unlabelledDownloads.keyHash, hashKey(key)),
    isNull(unlabelledDownloads.usedAt),
    gt(unlabelledDownloads.expiresAt, sql`now()`),
  );
  const [row] = await db.select().from(unlabelledDownloads).where(live).limit(1);
  if (!row) throw spent();
  const item = await itemOf(rt, row.kind, row.itemId);
  if (!item) throw missing();
  let file: DownloadFile;
  if (row.kind === 'drawing') {
    const bytes = await readStored(rt, item.sourceKey && FILES_PREFIX + item.sourceKey, MAX_PICTURE_BYTES);
    if (!bytes) throw missing();
    file = { bytes, filename: `miaobi-${row.itemId}.webp`, fallback: `miaobi-${row.itemId}.webp`, type: 'image/webp' };
  } else {
    const { bytes, ext, type } = await songAudio(rt, { audioUrl: item.audioUrl });
    const filename = songFileName(item.title ?? '', ext, false);
    file = { bytes, filename, fallback: `song-${row.itemId}.${ext}`, type };
  }
  const [claimed] = await db
    .update(unlabelledDownloads)
    .set({ usedAt: new Date(), usedIp: ip.slice(0, 64) })
    .where(and(eq(unlabelledDownloads.id, row.id), live))
    .returning({ id: unlabelledDownloads.id });
  if (!claimed) throw spent();
  return file;
}

/** The console's log of allowed unlabelled downloads, newest first. */
export async function unlabelledLog(rt: Runtime, page: { pageNum: number; pageSize: number }): Promise<UnlabelledLog> {
  const { db } = rt.database;
  const owner = sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.id} = ${unlabelledDownloads.ownerId})`;
  const staff = sql<
    string | null
  >`(select ${users.email} from ${users} where ${users.id} = ${unlabelledDownloads.allowedBy})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: unlabelledDownloads, ownerEmail: owner, allowedByEmail: staff })
      .from(unlabelledDownloads)
      .orderBy(desc(unlabelledDownloads.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(unlabelledDownloads),
  ]);
  return {
    records: rows.map(({ row: { keyHash: _k, ...r }, ownerEmail, allowedByEmail }) => ({
      ...r,
      ownerEmail,
      allowedByEmail,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      usedAt: r.usedAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    current: page.pageNum,
    size: page.pageSize,
  };
}
