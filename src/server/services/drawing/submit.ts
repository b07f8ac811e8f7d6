import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import type { ActionParams, DrawAction } from '../../../shared/drawing';
import { ReviewState } from '../../../shared/moderation';
import { drawConfig } from '../../config/drawing';
import type { Db } from '../../db/client';
import { failedWith, UNIQUE_VIOLATION } from '../../db/errors';
import { registerChannel } from '../../db/queries/push-channels';
import { hit } from '../../db/queries/rate-limits';
import { type Drawing, DrawingStatus, drawingReferences, drawings, UNFINISHED_STATUSES } from '../../db/schema';
import { DomainError } from '../../errors';
import type { AspectRatio, DrawQuality, ImageMode } from '../../providers/image/types';
import type { Runtime } from '../../runtime';
import { logGeneration } from '../compliance/generation-log';
import { rateKey } from '../credits/rates';
import { freeOrHold, holdForTask } from '../credits/spend';
import { reviewFirst } from '../moderation/publishing';
import { refundDrawQuota, takeDrawQuota } from './quota';
import { decodeReferences } from './references';
import { pushTask } from './tasks';

export interface SubmitInput {
  prompt: string;
  negativePrompt?: string;
  drawRate: AspectRatio;
  drawQuality: DrawQuality;
  drawSteps: number;
  drawPublicFlag: 1 | 2;
  /** -1 or absent: a random seed. */
  seed?: number;
  base64Array: string[];
  state?: string;
  source: 'draw' | 'midjourney' | 'sd';
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** 'd' + 19 random lower-case letters and digits: a push taskId, storage key and URL part. */
export function newTaskId(): string {
  const bytes = randomBytes(19);
  let id = 'd';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

const busy = () => new DomainError(Code.BAD_REQUEST, 'drawing:submit.busy');

/** A task's row as its submit or action decides it; the rest (ids, status, deadline) is the queue's. */
export interface TaskSpec {
  source: string;
  prompt: string;
  negativePrompt: string | null;
  drawRate: AspectRatio;
  drawQuality: DrawQuality;
  drawSteps: number;
  seed: number;
  publicFlag: 1 | 2;
  state: string | null;
  action: DrawAction | null;
  parentTaskId: string | null;
  actionParams: Omit<ActionParams, 'action'> | null;
  /** An action runs where its picture was drawn: that channel, and that engine. */
  channelId: number | null;
  provider: string;
  references: Buffer[];
  mask: Buffer | null;
}

/** A random seed, or the asked one (-1 or absent: random). */
export const seedOf = (seed?: number) => (seed === undefined || seed < 0 ? randomInt(0, 2 ** 31 - 1) : seed);

/**
 * Queues a drawing task for a logged-in user: rate limit and one task at a time first, then
 * `prepare` (decoding what the user sent), a drawing of today's quota used or credits held, then
 * the task row (status 1) with its pictures and its private push channel. The worker takes it from there.
 */
export async function startTask(rt: Runtime, userId: number, prepare: () => Promise<TaskSpec>): Promise<Drawing> {
  const { db } = rt.database;
  const perMinute = await hit(db, `draw:rate:${userId}`, { limit: 10, windowMs: 60_000 });
  if (!perMinute.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'error.tooManyRequests', { status: 429 });
  if (await hasRunning(db, userId)) throw busy();
  const spec = await prepare();
  const config = drawConfig(rt.env);
  const taskId = newTaskId();
  // The day's free drawings first; past them a priced engine and quality is paid in credits, held until the task ends.
  const paid = await freeOrHold(
    () => takeDrawQuota(rt, userId),
    () => holdForTask(rt, userId, 'drawing', rateKey.drawing(spec.provider as ImageMode, spec.drawQuality), taskId),
  );
  const now = new Date();
  const { references, mask, ...row } = spec;
  const values = {
    ...row,
    taskId,
    userId,
    // A public picture under "review first" waits for a moderator once drawn (docs/state-machines.md).
    review: spec.publicFlag === 1 && (await reviewFirst(rt, 'drawing')) ? ReviewState.PENDING : ReviewState.PUBLISHED,
    status: DrawingStatus.SUBMITTED,
    progress: 0,
    hookToken: randomBytes(18).toString('base64url'),
    deadlineAt: new Date(now.getTime() + config.DRAW_TASK_TIMEOUT_MS),
    createdAt: now,
    updatedAt: now,
  };
  const pictures = [
    ...references.map((b, position) => ({ position, role: 'reference' as const, data: b.toString('base64') })),
    ...(mask ? [{ position: 0, role: 'mask' as const, data: mask.toString('base64') }] : []),
  ];
  let drawing: Drawing;
  try {
    drawing = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(drawings).values(values).returning();
      if (!inserted) throw new Error('drawing insert returned nothing');
      if (pictures.length > 0)
        await tx.insert(drawingReferences).values(pictures.map((p) => ({ ...p, drawingId: inserted.id })));
      await registerChannel(tx as unknown as Db, { taskId: inserted.taskId, userId, kind: 'drawing' });
      return inserted;
    });
  } catch (err) {
    await (paid.hold ? paid.hold.release() : refundDrawQuota(rt, userId, now));
    // Another request of this user won the race for the one running task.
    if (failedWith(err, UNIQUE_VIOLATION)) throw busy();
    throw err;
  }
  await logGeneration(db, { userId, kind: 'drawing', prompt: drawing.prompt, outputRef: drawing.taskId });
  await pushTask(rt, drawing);
  rt.jobs.drawing.wake();
  return drawing;
}

/** Starts a drawing from a prompt (and reference pictures) on the site's engine. */
export async function submitDrawing(rt: Runtime, userId: number, input: SubmitInput): Promise<Drawing> {
  return startTask(rt, userId, async () => ({
    source: input.source,
    prompt: input.prompt,
    negativePrompt: input.negativePrompt || null,
    drawRate: input.drawRate,
    drawQuality: input.drawQuality,
    drawSteps: input.drawSteps,
    seed: seedOf(input.seed),
    publicFlag: input.drawPublicFlag,
    state: input.state || null,
    action: null,
    parentTaskId: null,
    actionParams: null,
    channelId: null,
    provider: rt.image.mode,
    references: await decodeReferences(input.base64Array),
    mask: null,
  }));
}

async function hasRunning(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drawings.id })
    .from(drawings)
    .where(and(eq(drawings.userId, userId), inArray(drawings.status, [...UNFINISHED_STATUSES])))
    .limit(1);
  return Boolean(row);
}
