import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { musicConfig } from '../../config/music';
import { type Song, SongStatus, songs } from '../../db/schema';
import type { ComposeContext, ComposeRequest, StoredFile } from '../../providers/music/types';
import type { Runtime } from '../../runtime';
import { MUSIC_WAKE_CHANNEL, musicOf } from './compose';
import { claimSong, failOverdueSongs, failSong, LEASE_MS, LostTask, publishSong, running } from './tasks';

function requestOf(s: Song): ComposeRequest {
  const { mode, prompt, title, tags, lyrics, instrumental } = s;
  return {
    mode: mode === 'custom' ? 'custom' : 'inspiration',
    prompt,
    title,
    tags,
    lyrics,
    instrumental,
    lang: s.meta.lang ?? 'zh-CN',
  };
}

/** Keyed by the song's row id, so a request for the file finds its song (and whether it is public) at once. */
async function store(rt: Runtime, songId: number, file: StoredFile): Promise<string> {
  return rt.storage.put(`songs/${songId}/${randomBytes(12).toString('hex')}.${file.ext}`, file.bytes);
}

/** Composes one claimed song to the end: done with its files, failed with a refund, or left for another worker. */
export async function runSong(rt: Runtime, claim: { song: Song; token: string }, signal: AbortSignal): Promise<void> {
  const { db } = rt.database;
  const { song, token } = claim;
  const mine = and(running(song.id), eq(songs.claimToken, token));
  await publishSong(rt, song, song.status, song.progress);
  const ctx: ComposeContext = {
    signal,
    ref: song.providerRef,
    async progress(percent, phase) {
      const status = phase === 'composing' ? SongStatus.COMPOSING : SongStatus.RENDERING;
      const progress = Math.max(0, Math.min(99, Math.round(percent)));
      const lease = new Date(Date.now() + LEASE_MS);
      const [row] = await db
        .update(songs)
        .set({ status, progress, leaseUntil: lease, updatedAt: new Date() })
        .where(mine)
        .returning({ id: songs.id });
      if (!row) throw new LostTask();
      await publishSong(rt, song, status, progress);
    },
    async saveRef(ref) {
      const [row] = await db.update(songs).set({ providerRef: ref }).where(mine).returning({ id: songs.id });
      if (!row) throw new LostTask();
    },
  };
  try {
    const made = await musicOf(rt).compose(requestOf(song), ctx);
    const audioUrl = await store(rt, song.id, made.audio);
    const coverUrl = made.cover ? await store(rt, song.id, made.cover) : null;
    const now = new Date();
    const [done] = await db
      .update(songs)
      .set({
        status: SongStatus.DONE,
        progress: 100,
        audioUrl,
        coverUrl,
        duration: made.duration,
        title: song.title || made.title,
        tags: song.tags || made.tags,
        lyrics: made.lyrics,
        meta: { ...song.meta, ...made.meta },
        finishedAt: now,
        updatedAt: now,
        claimToken: null,
        leaseUntil: null,
      })
      .where(mine)
      .returning();
    if (!done) {
      // Lost while finishing (deleted or timed out): keep no orphan files.
      for (const url of [audioUrl, coverUrl]) if (url) await rt.storage.remove(url).catch(() => {});
      return;
    }
    await publishSong(rt, done, SongStatus.DONE, 100);
  } catch (err) {
    if (signal.aborted || err instanceof LostTask) return;
    rt.log.warn('song failed', { taskId: song.taskId, err: (err as Error).message });
    // The database may already be closed (shutdown): the song is then resumed by the next process.
    await failSong(rt, song.id, (err as Error).message, token).catch((failErr: Error) =>
      rt.log.warn('song not marked failed', { taskId: song.taskId, err: failErr.message }),
    );
  }
}

const workers = new WeakMap<Runtime, () => void>();

/**
 * The music worker of this process: fails overdue songs, then claims songs
 * (FOR UPDATE SKIP LOCKED) up to MUSIC_WORKER_CONCURRENCY at a time. Wakes on
 * every MUSIC_POLL_MS and on a submit's NOTIFY. Idempotent per runtime;
 * returns the function that stops it (running songs are left to be resumed).
 */
export function startMusicWorker(rt: Runtime): () => void {
  const existing = workers.get(rt);
  if (existing) return existing;
  let stopped = false;
  let ticking = false;
  let again = false;
  const jobs = new Map<string, AbortController>();

  async function tick(): Promise<void> {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        await failOverdueSongs(rt);
        while (!stopped && jobs.size < musicConfig(rt.env).MUSIC_WORKER_CONCURRENCY) {
          const claim = await claimSong(rt);
          if (!claim) break;
          const controller = new AbortController();
          jobs.set(claim.song.taskId, controller);
          void runSong(rt, claim, controller.signal).finally(() => {
            jobs.delete(claim.song.taskId);
            void tick();
          });
        }
      } while (again && !stopped);
    } catch (err) {
      if (!stopped) rt.log.error('music worker tick failed', { err: (err as Error).message });
    } finally {
      ticking = false;
    }
  }

  const timer = setInterval(() => void tick(), musicConfig(rt.env).MUSIC_POLL_MS);
  timer.unref();
  rt.database.notifier
    .listen(MUSIC_WAKE_CHANNEL, () => void tick())
    .catch((err: Error) => rt.log.warn('music wake-up listen failed', { err: err.message }));
  void tick();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
    for (const c of jobs.values()) c.abort(new Error('music worker stopped'));
    workers.delete(rt);
  };
  workers.set(rt, stop);
  return stop;
}
