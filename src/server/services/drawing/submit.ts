import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import { ReviewState } from '../../../shared/moderation';
import { drawConfig } from '../../config/drawing';
import type { Db } from '../../db/client';
import { registerChannel } from '../../db/queries/push-channels';
import { hit } from '../../db/queries/rate-limits';
import { type Drawing, DrawingStatus, drawingReferences, drawings, UNFINISHED_STATUSES } from '../../db/schema';
import { DomainError } from '../../errors';
import type { AspectRatio, DrawQuality } from '../../providers/image/types';
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

const isUniqueViolation = (err: unknown) =>
  [(err as { code?: string }).code, (err as { cause?: { code?: string } }).cause?.code].includes('23505');

const busy = () => new DomainError(Code.BAD_REQUEST, 'drawing:submit.busy');

/**
 * Starts a drawing for a logged-in user: rate limit, one task at a time,
 * reference images decoded, a drawing of today's quota used, then the task
 * row (status 1) and its private push channel. The worker takes it from there.
 */
export async function submitDrawing(rt: Runtime, userId: number, input: SubmitInput): Promise<Drawing> {
  const { db } = rt.database;
  const perMinute = await hit(db, `draw:rate:${userId}`, { limit: 10, windowMs: 60_000 });
  if (!perMinute.allowed) throw new DomainError(Code.TOO_MANY_REQUESTS, 'error.tooManyRequests', { status: 429 });
  if (await hasRunning(db, userId)) throw busy();
  const references = await decodeReferences(input.base64Array);
  const config = drawConfig(rt.env);
  const taskId = newTaskId();
  // The day's free drawings first; past them a priced engine and quality is paid in credits, held until the task ends.
  const paid = await freeOrHold(
    () => takeDrawQuota(rt, userId),
    () => holdForTask(rt, userId, 'drawing', rateKey.drawing(rt.image.mode, input.drawQuality), taskId),
  );
  const now = new Date();
  const values = {
    taskId,
    userId,
    source: input.source,
    prompt: input.prompt,
    negativePrompt: input.negativePrompt || null,
    drawRate: input.drawRate,
    drawQuality: input.drawQuality,
    drawSteps: input.drawSteps,
    seed: input.seed === undefined || input.seed < 0 ? randomInt(0, 2 ** 31 - 1) : input.seed,
    publicFlag: input.drawPublicFlag,
    // A public picture under "review first" waits for a moderator once drawn (docs/state-machines.md).
    review:
      input.drawPublicFlag === 1 && (await reviewFirst(rt, 'drawing')) ? ReviewState.PENDING : ReviewState.PUBLISHED,
    state: input.state || null,
    status: DrawingStatus.SUBMITTED,
    progress: 0,
    provider: rt.image.mode,
    hookToken: randomBytes(18).toString('base64url'),
    deadlineAt: new Date(now.getTime() + config.DRAW_TASK_TIMEOUT_MS),
    createdAt: now,
    updatedAt: now,
  };
  let drawing: Drawing;
  try {
    drawing = await db.transaction(async (tx) => {
      const [row] = await tx.insert(drawings).values(values).returning();
      if (!row) throw new Error('drawing insert returned nothing');
      if (references.length > 0)
        await tx
          .insert(drawingReferences)
          .values(references.map((b, position) => ({ drawingId: row.id, position, data: b.toString('base64') })));
      await registerChannel(tx as unknown as Db, { taskId: row.taskId, userId, kind: 'drawing' });
      return row;
    });
  } catch (err) {
    await (paid.hold ? paid.hold.release() : refundDrawQuota(rt, userId, now));
    // Another request of this user won the race for the one running task.
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
  await logGeneration(db, { userId, kind: 'drawing', prompt: drawing.prompt, outputRef: drawing.taskId });
  await pushTask(rt, drawing);
  rt.jobs.drawing.wake();
  return drawing;
}

async function hasRunning(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drawings.id })
    .from(drawings)
    .where(and(eq(drawings.userId, userId), inArray(drawings.status, [...UNFINISHED_STATUSES])))
    .limit(1);
  return Boolean(row);
}
