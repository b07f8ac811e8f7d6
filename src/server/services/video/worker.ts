import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import type { AigcOperator } from '../../../shared/compliance';
import { jobSettings } from '../../config/jobs';
import { videoConfig } from '../../config/video';
import { RUNNING_VIDEO, type Video, VideoStatus, videos } from '../../db/schema';
import type { JobSpec } from '../../jobs/runner';
import { loadSharp } from '../../providers/sharp';
import { fileKey } from '../../providers/storage';
import type { VideoAspect, VideoContext, VideoRequest } from '../../providers/video/types';
import type { Runtime } from '../../runtime';
import { targetOf } from '../channels/order';
import { runOverChannels } from '../channels/tasks';
import { labelVideo, pictureLabel } from '../compliance/labels';
import { aigcOperator } from '../compliance/operator';
import { invalidatePages } from '../pages/channel';
import { claimVideo, failOverdueVideos, failVideo, LostTask, publishVideo, recordVideoUsage, running } from './tasks';

/** NOTIFY channel that wakes the workers when a video is submitted. */
export const VIDEO_WAKE_CHANNEL = 'miaobi_video';

export type VideoClaim = { video: Video; token: string };

const COVER_SIDE = 1280;
const THUMB_SIDE = 360;

async function requestOf(rt: Runtime, v: Video): Promise<VideoRequest> {
  let image: Buffer | null = null;
  const key = v.referenceUrl ? fileKey(v.referenceUrl) : null;
  if (key) {
    const stream = await rt.storage.read(key);
    if (!stream) throw new Error('the reference picture is gone');
    image = await buffer(stream);
  }
  // Upstreams that fetch the picture themselves get a signed address of it, absolute (none without PUBLIC_ORIGIN).
  const signed = v.referenceUrl ? await rt.storage.signUrl(v.referenceUrl) : null;
  const origin = rt.env.PUBLIC_ORIGIN;
  const imageUrl = signed && (URL.canParse(signed) ? signed : origin ? new URL(signed, origin).href : null);
  return { prompt: v.prompt, duration: v.duration, aspect: v.aspect as VideoAspect, image, imageUrl };
}

/** Keyed by the video's row id, so a request for the file finds its video (and whether it is public) at once. */
function store(rt: Runtime, id: number, bytes: Buffer, ext: string, suffix = '') {
  return rt.storage.put(`videos/${id}/${randomBytes(12).toString('hex')}${suffix}.${ext}`, bytes);
}

/** The still as a cover (JPEG, at most 1280 px) and a thumbnail (WebP, 360 px), each with the implicit label. */
async function stillsOf(still: Buffer, op: AigcOperator, produceId: string) {
  const sharp = await loadSharp();
  const { xmp, exif } = pictureLabel(op, produceId);
  const base = () => sharp(still, { failOn: 'error' }).rotate();
  const within = (side: number) => ({ fit: 'inside' as const, withoutEnlargement: true, width: side, height: side });
  const cover = await base().resize(within(COVER_SIDE)).jpeg({ quality: 82 }).withExif(exif).withXmp(xmp).toBuffer();
  const thumb = await base().resize(within(THUMB_SIDE)).webp({ quality: 75 }).withExif(exif).withXmp(xmp).toBuffer();
  return { cover, thumb };
}

/** Makes one claimed video to the end: done with its files, failed with a refund, or left for another worker. */
export async function runVideo(rt: Runtime, claim: VideoClaim, signal: AbortSignal): Promise<void> {
  const { db } = rt.database;
  const { video, token } = claim;
  const mine = and(running(video.id), eq(videos.claimToken, token));
  await publishVideo(rt, video, video.status, video.progress);
  const ctx: VideoContext = {
    signal,
    ref: video.providerRef,
    async progress(percent) {
      const progress = Math.max(1, Math.min(99, Math.round(percent)));
      const lease = new Date(Date.now() + jobSettings(rt.env).JOB_LEASE_MS);
      const [row] = await db
        .update(videos)
        .set({ progress, leaseUntil: lease, updatedAt: new Date() })
        .where(mine)
        .returning({ id: videos.id });
      if (!row) throw new LostTask();
      await publishVideo(rt, video, VideoStatus.GENERATING, progress);
    },
    async saveRef(ref) {
      const [row] = await db.update(videos).set({ providerRef: ref }).where(mine).returning({ id: videos.id });
      if (!row) throw new LostTask();
    },
  };
  const stored: string[] = [];
  try {
    const request = await requestOf(rt, video);
    // A video the environment's maker started stays there; otherwise the console's video channels, if any.
    const onEnv = video.channelId === null && video.providerRef !== null;
    const routed = onEnv
      ? null
      : await runOverChannels(rt, 'video', video.channelId, signal, (cand, taken) =>
          rt.registry.video(targetOf(cand)).generate(request, {
            ...ctx,
            async saveRef(ref) {
              taken();
              const [row] = await db
                .update(videos)
                .set({ providerRef: ref, channelId: cand.channel.id, provider: cand.channel.flavour })
                .where(mine)
                .returning({ id: videos.id });
              if (!row) throw new LostTask();
            },
          }),
        );
    const made = routed ? routed.value : await rt.video.generate(request, ctx);
    const op = await aigcOperator(rt);
    stored.push(await store(rt, video.id, labelVideo(op, made.video, video.taskId), 'mp4'));
    if (made.cover) {
      const { cover, thumb } = await stillsOf(made.cover, op, video.taskId);
      stored.push(await store(rt, video.id, cover, 'jpg'), await store(rt, video.id, thumb, 'webp', '-thumb'));
    }
    const now = new Date();
    const [done] = await db
      .update(videos)
      .set({
        status: VideoStatus.DONE,
        progress: 100,
        videoUrl: stored[0],
        coverUrl: stored[1] ?? null,
        thumbUrl: stored[2] ?? null,
        width: made.width,
        height: made.height,
        seconds: made.duration,
        finishedAt: now,
        updatedAt: now,
        claimToken: null,
        leaseUntil: null,
        ...(routed ? { channelId: routed.channel.id, provider: routed.channel.flavour } : {}),
      })
      .where(mine)
      .returning();
    if (!done) throw new LostTask();
    await publishVideo(rt, done, VideoStatus.DONE, 100);
    // The square's video list (a cached page) now has one more.
    if (done.isPublic) await invalidatePages(rt);
    await recordVideoUsage(rt, done, 'ok');
  } catch (err) {
    // Lost or stopped while finishing: keep no orphan files.
    for (const url of stored) await rt.storage.remove(url).catch(() => {});
    if (signal.aborted || err instanceof LostTask) return;
    rt.log.warn('video failed', { taskId: video.taskId, err: (err as Error).message });
    // The database may already be closed (shutdown): the video is then resumed by the next process.
    await failVideo(rt, video.id, (err as Error).message, token).catch((failErr: Error) =>
      rt.log.warn('video not marked failed', { taskId: video.taskId, err: failErr.message }),
    );
  }
}

/**
 * The video worker (jobs/runner.ts): fails (and refunds) overdue videos, then claims videos up
 * to VIDEO_WORKER_CONCURRENCY at a time; a stopped worker gives its running videos back.
 */
export function videoJob(rt: Runtime): JobSpec<VideoClaim> {
  const leaseMs = jobSettings(rt.env).JOB_LEASE_MS;
  return {
    name: 'video worker',
    log: rt.log,
    pollMs: videoConfig(rt.env).VIDEO_POLL_MS,
    startNow: true,
    sweep: () => failOverdueVideos(rt),
    notify: { notifier: rt.database.notifier, channels: { [VIDEO_WAKE_CHANNEL]: 'wake' } },
    tasks: {
      concurrency: () => videoConfig(rt.env).VIDEO_WORKER_CONCURRENCY,
      async claim(limit, busy) {
        const claims: VideoClaim[] = [];
        while (claims.length < limit) {
          const claim = await claimVideo(rt, new Date(), [...busy, ...claims.map((c) => c.video.id)]);
          if (!claim) break;
          claims.push(claim);
        }
        return claims;
      },
      keyOf: (c) => c.video.id,
      step: (c, signal) => runVideo(rt, c, signal),
      leaseMs,
      async renew({ video, token }) {
        const rows = await rt.database.db
          .update(videos)
          .set({ leaseUntil: new Date(Date.now() + leaseMs) })
          .where(and(running(video.id), eq(videos.claimToken, token)))
          .returning({ id: videos.id });
        return rows.length > 0;
      },
      async release(claims) {
        const ids = claims.map((c) => c.video.id);
        await rt.database.db
          .update(videos)
          .set({ leaseUntil: null })
          .where(and(inArray(videos.id, ids), inArray(videos.status, RUNNING_VIDEO)));
      },
    },
  };
}
