import { and, eq, isNull } from 'drizzle-orm';
import { apps, chatAttachments, chatConversations, chatShares, DrawingStatus, drawings, songs } from '../../db/schema';
import { FILES_PREFIX } from '../../providers/storage';
import type { Runtime } from '../../runtime';
import { forgetStore } from '../apps/store-cache';
import { invalidateSquare } from '../drawing/square';
import { sourceKeyOf } from '../drawing/store';
import { forgetFileAccess } from '../file-access';
import { invalidatePages } from '../pages/channel';

/**
 * Takes down everything a deleted account showed or kept: its drawings (and
 * their square pages), songs, published apps, conversations, shared
 * conversations, chat attachments and their files. Running tasks stop on their
 * own: their workers find the row gone.
 */
export async function removeAccountContent(rt: Runtime, userId: number): Promise<void> {
  const { db } = rt.database;
  const { drawn, sung } = await db.transaction(async (tx) => {
    const drawn = await tx.delete(drawings).where(eq(drawings.userId, userId)).returning({
      imageUrl: drawings.imageUrl,
      thumbnailsUrl: drawings.thumbnailsUrl,
      status: drawings.status,
      publicFlag: drawings.publicFlag,
    });
    const sung = await tx
      .delete(songs)
      .where(eq(songs.userId, userId))
      .returning({ audioUrl: songs.audioUrl, coverUrl: songs.coverUrl });
    // Apps stay as rows (conversations may name them) but leave the store and every reader.
    await tx
      .update(apps)
      .set({ published: false, deletedAt: new Date() })
      .where(and(eq(apps.ownerId, userId), isNull(apps.deletedAt)));
    await tx.delete(chatConversations).where(eq(chatConversations.userId, userId));
    // Shares are snapshots, not links to the conversation: they go themselves (/share/{id} answers 404).
    await tx.delete(chatShares).where(eq(chatShares.userId, userId));
    await tx.delete(chatAttachments).where(eq(chatAttachments.userId, userId));
    return { drawn, sung };
  });
  if (drawn.some((d) => d.status === DrawingStatus.DONE && d.publicFlag === 1)) await invalidateSquare(rt);
  await forgetStore(rt);
  await forgetFileAccess(rt);
  // Share and song pages sit in every process's page cache: each drops them on this notice.
  await invalidatePages(rt);
  const urls = [
    ...drawn.flatMap((d) => {
      const source = sourceKeyOf(d.imageUrl);
      return [d.imageUrl, d.thumbnailsUrl, source && FILES_PREFIX + source];
    }),
    ...sung.flatMap((s) => [s.audioUrl, s.coverUrl]),
  ];
  for (const url of urls) {
    if (url)
      await rt.storage.remove(url).catch((err: Error) => rt.log.warn('file not removed', { url, err: err.message }));
  }
  for (const folder of [`app-icons/${userId}/`, `chat-attachments/${userId}/`, `knowledge/${userId}/`]) {
    await rt.storage
      .removeFolder(folder)
      .catch((err: Error) => rt.log.warn('files not removed', { folder, err: err.message }));
  }
}
