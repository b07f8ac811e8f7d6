import { eq, or } from 'drizzle-orm';
import { ReviewState } from '../../shared/moderation';
import {
  type Drawing,
  DrawingStatus,
  drawings,
  type Song,
  SongStatus,
  songs,
  type Video,
  VideoStatus,
  videos,
} from '../db/schema';
import { FILES_PREFIX } from '../providers/storage';
import type { Runtime } from '../runtime';
import { notifiedCache } from './notified-cache';

/** NOTIFY channel: a file's visibility changed (song made private, account deleted); every process forgets. */
export const FILES_CHANNEL = 'miaobi_files';
/** Safety net: a lost notification cannot keep a stale answer longer than this. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 5000;

const DRAWING_KEY = /^drawings\/\d{6}\/([a-z0-9]{1,40})(?:-thumb)?\.webp$/;
const SONG_KEY = /^songs\/(?:(\d{1,10})\/)?[a-f0-9]+\.[a-z0-9]+$/;
const VIDEO_KEY = /^videos\/(\d{1,10})\/[a-f0-9]+(?:-[a-z]+)?\.[a-z0-9]+$/;
/** Public by nature: profile pictures, app icons (shown beside public content, uploaded before it exists) and the site's QR images. */
const ALWAYS_PUBLIC = /^(?:avatars|app-icons|site)\//;

/** Public for good (never made private), so a CDN may serve them straight from the bucket (S3_PUBLIC_BASE_URL). */
export const isAlwaysPublicKey = (key: string) => ALWAYS_PUBLIC.test(key);

const cache = notifiedCache({ name: 'file access', channel: FILES_CHANNEL, ttlMs: TTL_MS, maxEntries: MAX_ENTRIES });

/** Anyone may read a finished public picture's files, unless moderators hold it back. */
export const isOpenDrawing = (d: Pick<Drawing, 'status' | 'publicFlag' | 'review'>) =>
  d.status === DrawingStatus.DONE && d.publicFlag === 1 && d.review === ReviewState.PUBLISHED;

/** Anyone may read a finished public song's files, unless moderators hold it back. */
export const isOpenSong = (s: Pick<Song, 'status' | 'isPublic' | 'review'>) =>
  s.isPublic && s.status === SongStatus.DONE && s.review === ReviewState.PUBLISHED;

/** Anyone may read a finished public video's files (never its reference picture), unless moderators hold it back. */
export const isOpenVideo = (v: Pick<Video, 'status' | 'isPublic' | 'review'>) =>
  v.isPublic && v.status === VideoStatus.DONE && v.review === ReviewState.PUBLISHED;

/** Whether the row owning this file lets anyone read it: a finished public drawing, song or video. */
async function lookUp(rt: Runtime, key: string): Promise<boolean> {
  if (ALWAYS_PUBLIC.test(key)) return true;
  const url = FILES_PREFIX + key;
  const { db } = rt.database;
  const drawing = DRAWING_KEY.exec(key);
  if (drawing?.[1]) {
    const [d] = await db
      .select({
        status: drawings.status,
        publicFlag: drawings.publicFlag,
        review: drawings.review,
        imageUrl: drawings.imageUrl,
        thumbnailsUrl: drawings.thumbnailsUrl,
      })
      .from(drawings)
      .where(eq(drawings.taskId, drawing[1]))
      .limit(1);
    return Boolean(d && isOpenDrawing(d) && (d.imageUrl === url || d.thumbnailsUrl === url));
  }
  const song = SONG_KEY.exec(key);
  if (song) {
    // New keys carry the song's id; older ones are found by their URL.
    const where = song[1] ? eq(songs.id, Number(song[1])) : or(eq(songs.audioUrl, url), eq(songs.coverUrl, url));
    const [s] = await db
      .select({
        status: songs.status,
        isPublic: songs.isPublic,
        review: songs.review,
        audioUrl: songs.audioUrl,
        coverUrl: songs.coverUrl,
      })
      .from(songs)
      .where(where)
      .limit(1);
    return Boolean(s && isOpenSong(s) && (s.audioUrl === url || s.coverUrl === url));
  }
  const video = VIDEO_KEY.exec(key);
  if (video) {
    const [v] = await db
      .select()
      .from(videos)
      .where(eq(videos.id, Number(video[1])))
      .limit(1);
    return Boolean(v && isOpenVideo(v) && [v.videoUrl, v.coverUrl, v.thumbUrl].includes(url));
  }
  return false;
}

/** The storage provider's per-request check, cached per process until a visibility changes. */
export function isPublicFile(rt: Runtime, key: string): Promise<boolean> {
  return cache.get(rt, key, () => lookUp(rt, key));
}

/** Some file stopped (or started) being public: every process asks the database again. */
export function forgetFileAccess(rt: Runtime): Promise<void> {
  return cache.invalidate(rt);
}

/**
 * The URL the owner is given: as stored when anyone may read it, else signed
 * for a while (a signed /files URL on local disk, a presigned bucket URL on S3).
 */
export async function ownerFileUrl(
  rt: Pick<Runtime, 'storage'>,
  url: string | null,
  open: boolean,
): Promise<string | null> {
  return url && !open ? rt.storage.signUrl(url) : url;
}
