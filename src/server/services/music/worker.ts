import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AigcOperator } from '../../../shared/compliance';
import { jobSettings } from '../../config/jobs';
import { musicConfig } from '../../config/music';
import { RUNNING_SONG, type Song, SongStatus, songs } from '../../db/schema';
import type { JobSpec } from '../../jobs/runner';
import type { ComposeContext, ComposeRequest, StoredFile } from '../../providers/music/types';
import { loadSharp } from '../../providers/sharp';
import type { Runtime } from '../../runtime';
import { targetOf } from '../channels/order';
import { runOverChannels } from '../channels/tasks';
import { labelAudio, pictureLabel } from '../compliance/labels';
import { aigcOperator } from '../compliance/operator';
import { invalidatePages } from '../pages/channel';
import { MUSIC_WAKE_CHANNEL } from './compose';
import { claimSong, failOverdueSongs, failSong, LostTask, publishSong, recordSongUsage, running } from './tasks';

const COVER_SIDE = 512;

/** A claimed song: the row as claimed and the token that proves the claim is still ours. */
export type SongClaim = { song: Song; token: string };

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

/**
 * A cover as the pages show it: decoded (a file that is no picture fails the song), at most 512 px,
 * WebP, with the song's implicit label (it is made by AI too).
 */
async function coverOf(file: StoredFile, op: AigcOperator, produceId: string): Promise<StoredFile> {
  const sharp = await loadSharp();
  const { xmp, exif } = pictureLabel(op, produceId);
  try {
    const bytes = await sharp(file.bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(COVER_SIDE, COVER_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .withExif(exif)
      .withXmp(xmp)
      .toBuffer();
    return { bytes, ext: 'webp' };
  } catch (err) {
    throw new Error(`the cover could not be read: ${(err as Error).message}`);
  }
}

/** Composes one claimed song to the end: done with its files, failed with a refund, or left for another worker. */
export async function runSong(rt: Runtime, claim: SongClaim, signal: AbortSignal): Promise<void> {
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
      const lease = new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS);
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
    // A song the environment's provider already took stays there; otherwise the console's music channels, if any.
    const onEnv = song.channelId === null && song.providerRef !== null;
    const routed = onEnv
      ? null
      : await runOverChannels(rt, 'music', song.channelId, signal, (cand, taken) =>
          rt.registry.music(targetOf(cand)).compose(requestOf(song), {
            ...ctx,
            async saveRef(ref) {
              taken();
              const [row] = await db
                .update(songs)
                .set({ providerRef: ref, channelId: cand.channel.id, provider: 'suno' })
                .where(mine)
                .returning({ id: songs.id });
              if (!row) throw new LostTask();
            },
          }),
        );
    const made = routed ? routed.value : await rt.music.compose(requestOf(song), ctx);
    const op = await aigcOperator(rt);
    const audioUrl = await store(rt, song.id, labelAudio(op, made.audio, song.taskId));
    const coverUrl = made.cover ? await store(rt, song.id, await coverOf(made.cover, op, song.taskId)) : null;
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
        ...(routed ? { channelId: routed.channel.id, provider: 'suno' } : {}),
      })
      .where(mine)
      .returning();
    if (!done) {
      // Lost while finishing (deleted or timed out): keep no orphan files.
      for (const url of [audioUrl, coverUrl]) if (url) await rt.storage.remove(url).catch(() => {});
      return;
    }
    await publishSong(rt, done, SongStatus.DONE, 100);
    // Its public page (/songsDetail) now has a song to show.
    await invalidatePages(rt);
    await recordSongUsage(rt, done, 'ok');
  } catch (err) {
    if (signal.aborted || err instanceof LostTask) return;
    rt.log.warn('song failed', { taskId: song.taskId, err: (err as Error).message });
    // The database may already be closed (shutdown): the song is then resumed by the next process.
    await failSong(rt, song.id, (err as Error).message, token).catch((failErr: Error) =>
      rt.log.warn('song not marked failed', { taskId: song.taskId, err: failErr.message }),
    );
  }
}

/**
 * The music worker (jobs/runner.ts): fails (and refunds) overdue songs, then
 * claims songs up to MUSIC_WORKER_CONCURRENCY at a time. Looks every
 * MUSIC_POLL_MS and at a submit's NOTIFY from any process; a stopped worker
 * gives its running songs back for the next process to resume.
 */
export function musicJob(rt: Runtime): JobSpec<SongClaim> {
  const leaseMs = jobSettings(rt.env).JOB_LEASE_MS;
  return {
    name: 'music worker',
    log: rt.log,
    pollMs: musicConfig(rt.env).MUSIC_POLL_MS,
    startNow: true,
    sweep: () => failOverdueSongs(rt),
    notify: { notifier: rt.database.notifier, channels: { [MUSIC_WAKE_CHANNEL]: 'wake' } },
    tasks: {
      concurrency: () => musicConfig(rt.env).MUSIC_WORKER_CONCURRENCY,
      async claim(limit, running) {
        const claims: SongClaim[] = [];
        while (claims.length < limit) {
          const claim = await claimSong(rt, new Date(), [...running, ...claims.map((c) => c.song.id)]);
          if (!claim) break;
          claims.push(claim);
        }
        return claims;
      },
      keyOf: (c) => c.song.id,
      step: (c, signal) => runSong(rt, c, signal),
      leaseMs,
      async renew({ song, token }) {
        const rows = await rt.database.db
          .update(songs)
          .set({ leaseUntil: new Date(Date.now() + leaseMs) })
          .where(and(running(song.id), eq(songs.claimToken, token)))
          .returning({ id: songs.id });
        return rows.length > 0;
      },
      // A graceful stop gives the songs back, so the next process need not wait for the lease.
      async release(claims) {
        const ids = claims.map((c) => c.song.id);
        await rt.database.db
          .update(songs)
          .set({ leaseUntil: null })
          .where(and(inArray(songs.id, ids), inArray(songs.status, RUNNING_SONG)));
      },
    },
  };
}
