import { eq, or } from 'drizzle-orm';
import { DrawingStatus, drawings, SongStatus, songs } from '../db/schema';
import { FILES_PREFIX } from '../providers/storage';
import type { Runtime } from '../runtime';

/** NOTIFY channel: a file's visibility changed (song made private, account deleted); every process forgets. */
export const FILES_CHANNEL = 'miaobi_files';
/** Safety net: a lost notification cannot keep a stale answer longer than this. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 5000;

const DRAWING_KEY = /^drawings\/\d{6}\/([a-z0-9]{1,40})(?:-thumb)?\.webp$/;
const SONG_KEY = /^songs\/(?:(\d{1,10})\/)?[a-f0-9]+\.[a-z0-9]+$/;
/** Public by nature: profile pictures and app icons (shown beside public content, uploaded before it exists). */
const ALWAYS_PUBLIC = /^(?:avatars|app-icons)\//;

interface Cache {
  entries: Map<string, { at: number; open: boolean }>;
  /** Answers are kept only once this process hears the changes of every other one. */
  listening: boolean;
}
const caches = new WeakMap<Runtime, Cache>();

function cacheOf(rt: Runtime): Cache {
  let cache = caches.get(rt);
  if (!cache) {
    const created: Cache = { entries: new Map(), listening: false };
    cache = created;
    caches.set(rt, created);
    rt.database.notifier
      .listen(FILES_CHANNEL, () => created.entries.clear())
      .then(
        () => {
          created.listening = true;
        },
        (err: Error) => rt.log.warn('file access listen failed', { err: err.message }),
      );
  }
  return cache;
}

/** Whether the row owning this file lets anyone read it: a finished public drawing or song. */
async function lookUp(rt: Runtime, key: string): Promise<boolean> {
  if (ALWAYS_PUBLIC.test(key)) return true;
  const url = FILES_PREFIX + key;
  const { db } = rt.database;
  const drawing = DRAWING_KEY.exec(key);
  if (drawing?.[1]) {
    const [d] = await db.select().from(drawings).where(eq(drawings.taskId, drawing[1])).limit(1);
    return Boolean(
      d && d.status === DrawingStatus.DONE && d.publicFlag === 1 && (d.imageUrl === url || d.thumbnailsUrl === url),
    );
  }
  const song = SONG_KEY.exec(key);
  if (song) {
    // New keys carry the song's id; older ones are found by their URL.
    const where = song[1] ? eq(songs.id, Number(song[1])) : or(eq(songs.audioUrl, url), eq(songs.coverUrl, url));
    const [s] = await db.select().from(songs).where(where).limit(1);
    return Boolean(s?.isPublic && s.status === SongStatus.DONE && (s.audioUrl === url || s.coverUrl === url));
  }
  return false;
}

/** The storage provider's per-request check, cached per process until a visibility changes. */
export async function isPublicFile(rt: Runtime, key: string): Promise<boolean> {
  const { entries, listening } = cacheOf(rt);
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.open;
  const open = await lookUp(rt, key);
  if (!listening) return open;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(key, { at: Date.now(), open });
  return open;
}

/** Some file stopped (or started) being public: every process asks the database again. */
export async function forgetFileAccess(rt: Runtime): Promise<void> {
  cacheOf(rt).entries.clear();
  await rt.database.notifier
    .publish(FILES_CHANNEL, '')
    .catch((err: Error) => rt.log.warn('file access notify failed', { err: err.message }));
}

/** The URL the owner is given: as stored when anyone may read it, else signed for a while. */
export function ownerFileUrl(rt: Pick<Runtime, 'storage'>, url: string | null, open: boolean): string | null {
  return url && !open ? rt.storage.signUrl(url) : url;
}
