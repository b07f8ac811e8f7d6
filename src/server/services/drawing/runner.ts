import { asc, eq } from 'drizzle-orm';
import { drawConfig } from '../../config/drawing';
import { type Drawing, DrawingStatus, drawingReferences, drawings } from '../../db/schema';
import {
  type AspectRatio,
  type DrawHooks,
  type DrawJob,
  type DrawQuality,
  pictureSize,
} from '../../providers/image/types';
import type { Runtime } from '../../runtime';
import { targetOf } from '../channels/order';
import { imageMode, runOverChannels } from '../channels/tasks';
import { hookUrl, waitForHook } from './hook';
import { removePicture, storePicture } from './store';
import { finishTask, moveTask } from './tasks';

/** Pushes at most this often while drawing (the last step always goes out). */
const PROGRESS_EVERY_MS = 200;

async function references(rt: Runtime, drawingId: number): Promise<Buffer[]> {
  const rows = await rt.database.db
    .select({ data: drawingReferences.data })
    .from(drawingReferences)
    .where(eq(drawingReferences.drawingId, drawingId))
    .orderBy(asc(drawingReferences.position));
  return rows.map((r) => Buffer.from(r.data, 'base64'));
}

export async function jobOf(rt: Runtime, d: Drawing): Promise<DrawJob> {
  const aspect = d.drawRate as AspectRatio;
  const quality = d.drawQuality as DrawQuality;
  return {
    taskId: d.taskId,
    prompt: d.prompt,
    negativePrompt: d.negativePrompt,
    aspect,
    quality,
    ...pictureSize(aspect, quality),
    steps: d.drawSteps,
    seed: d.seed,
    references: await references(rt, d.id),
    // The image chat lays pictures out as Midjourney does: four candidates in a 2×2 grid.
    grid: d.source === 'midjourney',
    edit: null,
  };
}

/**
 * Moves one claimed task to its end: 1 submitted → 13 compliance check
 * (moderation; 12 or 14 end it) → 2 drawing (provider, progress pushed) →
 * 10 done with the labelled, re-hosted picture. A task resumed after a
 * restart continues from the status it reached. Throws on failure; the
 * worker decides between 11 and giving the task back.
 */
export async function runTask(rt: Runtime, claimed: Drawing, signal: AbortSignal): Promise<void> {
  let task: Drawing | null = claimed;
  if (task.status === DrawingStatus.SUBMITTED) task = await moveTask(rt, task, { status: DrawingStatus.CHECKING });
  if (task?.status === DrawingStatus.CHECKING) {
    const verdict = await rt.moderation.check([task.prompt, task.negativePrompt ?? ''].filter(Boolean), signal);
    if (verdict.verdict !== 'pass') {
      const status = verdict.verdict === 'violation' ? DrawingStatus.VIOLATION : DrawingStatus.SENSITIVE;
      await finishTask(rt, task, status, { failReason: verdict.reason.slice(0, 300) });
      return;
    }
    task = await moveTask(rt, task, { status: DrawingStatus.DRAWING, progress: 0 });
  }
  if (!task || task.status !== DrawingStatus.DRAWING) return;

  let current: Drawing = task;
  let sentAt = 0;
  const hooks: DrawHooks = {
    signal,
    async progress(percent) {
      const p = Math.max(0, Math.min(99, Math.round(percent)));
      if (p <= current.progress || Date.now() - sentAt < PROGRESS_EVERY_MS) return;
      sentAt = Date.now();
      const moved = await moveTask(rt, current, { progress: p });
      if (moved) current = moved;
    },
    providerTaskId: task.providerTaskId,
    async rememberProviderTaskId(id) {
      await rt.database.db.update(drawings).set({ providerTaskId: id }).where(eq(drawings.id, current.id));
    },
    notifyHook: hookUrl(drawConfig(rt.env).publicOrigin, task),
    wait: (ms) => waitForHook(claimed.taskId, ms, signal),
  };
  const job = await jobOf(rt, task);
  // A task the environment's provider already took stays there; otherwise the console's image channels, if any.
  const onEnv = task.channelId === null && task.providerTaskId !== null;
  const routed = onEnv
    ? null
    : await runOverChannels(rt, 'image', task.channelId, signal, (cand, taken) => {
        const provider = rt.registry.image(targetOf(cand));
        return provider.draw(job, {
          ...hooks,
          async rememberProviderTaskId(id) {
            taken();
            await rt.database.db
              .update(drawings)
              .set({ providerTaskId: id, channelId: cand.channel.id, provider: provider.mode })
              .where(eq(drawings.id, current.id));
            current = { ...current, providerTaskId: id, channelId: cand.channel.id, provider: provider.mode };
          },
        });
      });
  const result = routed ? routed.value : await rt.image.draw(job, hooks);
  signal.throwIfAborted();
  const stored = await storePicture(rt, current, result.image);
  const servedBy = routed ? { channelId: routed.channel.id, provider: imageMode(routed.channel.flavour) } : {};
  const done = await finishTask(rt, current, DrawingStatus.DONE, { ...stored, ...servedBy });
  // Deleted or timed out while the picture was being stored: drop the files.
  if (!done) await removePicture(rt, stored);
}
