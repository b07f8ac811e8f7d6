import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { VideoExhausted, Video as VideoInfo, VideoInput } from '../../../shared/contract/video';
import { ReviewState } from '../../../shared/moderation';
import { videoConfig } from '../../config/video';
import type { Db } from '../../db/client';
import { registerChannel } from '../../db/queries/push-channels';
import { hit } from '../../db/queries/rate-limits';
import { type Video, videos } from '../../db/schema';
import { DomainError } from '../../errors';
import type { Runtime } from '../../runtime';
import { logGeneration } from '../compliance/generation-log';
import type { Hold } from '../credits/holds';
import { rateKey } from '../credits/rates';
import { holdForTask } from '../credits/spend';
import { decodeReferences } from '../drawing/references';
import { checkTexts, reviewFirst } from '../moderation/publishing';
import { siteSettings } from '../site-settings';
import { videoDto } from './dto';
import { readVideoQuota, takeFreeVideo } from './quota';
import { VIDEO_WAKE_CHANNEL } from './worker';

export function newVideoTaskId(): string {
  return `video_${randomBytes(12).toString('base64url')}`;
}

const tooMany = () => new DomainError(Code.TOO_MANY_REQUESTS, 'error.tooManyRequests', { status: 429 });

interface Task {
  prompt: string;
  duration: number;
  aspect: string;
  isPublic: boolean;
  /** Pending when made public under "review first" (docs/state-machines.md). */
  review: ReviewState;
  /** The reference picture's stored URL (private: only its owner gets it, signed). */
  reference: string | null;
}

/**
 * Takes one of today's free videos (past them, a credit hold when videos are priced) and queues
 * the task, all or nothing; `replacing` (a retry) is deleted in the same transaction.
 */
async function queue(rt: Runtime, userId: number, task: Task, lang: string, replacing?: Video): Promise<VideoInfo> {
  const { db } = rt.database;
  const now = Date.now();
  const taskId = newVideoTaskId();
  const cfg = videoConfig(rt.env);
  // The console's free allowance, read before the transaction (docs/console.md).
  const free = await siteSettings(rt);
  let hold: Hold | null = null;
  const create = () =>
    db.transaction(async (tx) => {
      const charged = hold
        ? { charge: 'credits', chargeDay: null }
        : await takeFreeVideo(rt, tx as unknown as Db, userId, free, now);
      if (!charged) return null;
      const [row] = await tx
        .insert(videos)
        .values({
          taskId,
          userId,
          mode: task.reference ? 'image' : 'text',
          prompt: task.prompt,
          duration: task.duration,
          aspect: task.aspect,
          referenceUrl: task.reference,
          isPublic: task.isPublic,
          review: task.review,
          provider: rt.video.mode,
          meta: { lang },
          charge: charged.charge,
          chargeDay: charged.chargeDay,
          deadline: new Date(now + cfg.VIDEO_TASK_TIMEOUT_SECONDS * 1000),
          createdAt: new Date(now),
        })
        .returning();
      if (replacing) await tx.delete(videos).where(eq(videos.id, replacing.id));
      await registerChannel(tx as unknown as Db, { taskId, userId, kind: 'video' });
      return row ?? null;
    });
  let row = await create();
  if (!row) {
    hold = await holdForTask(rt, userId, 'video', rateKey.video, taskId);
    if (hold)
      row = await create().catch(async (err) => {
        await hold?.release();
        throw err;
      });
  }
  if (!row) {
    const quota = await readVideoQuota(rt, userId, now);
    throw new DomainError(Code.TOO_MANY_REQUESTS, 'video:quota.exhausted', {
      data: { quota, link: '/credits' } satisfies VideoExhausted,
    });
  }
  await logGeneration(db, { userId, kind: 'video', prompt: task.prompt, outputRef: taskId });
  await rt.database.notifier
    .publish(VIDEO_WAKE_CHANNEL, taskId)
    .catch((err: Error) => rt.log.warn('video wake-up failed', { err: err.message }));
  return videoDto(row, userId, rt);
}

const publishedOrPending = async (rt: Runtime, isPublic: boolean) =>
  isPublic && (await reviewFirst(rt, 'video')) ? ReviewState.PENDING : ReviewState.PUBLISHED;

/** Checks the request (texts, reference picture) and queues a video. */
export async function submitVideo(rt: Runtime, userId: number, input: VideoInput, lang: string): Promise<VideoInfo> {
  if (!(await hit(rt.database.db, `video:submit:${userId}`, { limit: 10, windowMs: 60_000 })).allowed) throw tooMany();
  const prompt = input.prompt.trim();
  await checkTexts(rt, [prompt], 'video:submit.refused');
  const [picture] = input.image ? await decodeReferences([input.image]) : [];
  // Stored before the task exists, so a worker that claims it at once finds it; dropped if none is queued.
  const reference = picture ? await rt.storage.put(`videos/ref/${randomBytes(12).toString('hex')}.png`, picture) : null;
  const task = {
    prompt,
    duration: input.duration ?? 5,
    aspect: input.aspect ?? '16:9',
    isPublic: input.isPublic ?? false,
    review: await publishedOrPending(rt, input.isPublic ?? false),
    reference,
  };
  return queue(rt, userId, task, lang).catch(async (err) => {
    if (reference) await rt.storage.remove(reference).catch(() => {});
    throw err;
  });
}

/** A failed video of the caller asked again: a new task with the same request, charged like any other. */
export async function retryVideo(rt: Runtime, failed: Video, lang: string): Promise<VideoInfo> {
  if (!(await hit(rt.database.db, `video:submit:${failed.userId}`, { limit: 10, windowMs: 60_000 })).allowed)
    throw tooMany();
  const { prompt, duration, aspect, isPublic, referenceUrl } = failed;
  // A retried video a moderator took down stays down; else it is published like a new one.
  const review = failed.review === ReviewState.HIDDEN ? failed.review : await publishedOrPending(rt, isPublic);
  const task = { prompt, duration, aspect, isPublic, review, reference: referenceUrl };
  return queue(rt, failed.userId, task, lang, failed);
}
