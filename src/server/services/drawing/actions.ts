import { asc, eq } from 'drizzle-orm';
import { Code } from '../../../shared/codes';
import {
  type ActionParams,
  actionKeyOf,
  type DrawAction,
  type PanDirection,
  type VaryStrength,
} from '../../../shared/drawing';
import { type Drawing, DrawingStatus, drawingReferences } from '../../db/schema';
import { DomainError } from '../../errors';
import type { AspectRatio, DrawQuality } from '../../providers/image/types';
import type { Runtime } from '../../runtime';
import { actionsOf } from './capabilities';
import { ownDrawing } from './lists';
import { decodeMask } from './references';
import { seedOf, startTask, type TaskSpec } from './submit';

export interface ActionInput extends ActionParams {
  /** The picture acted on. */
  id: string;
  prompt?: string;
  mask?: string;
  drawPublicFlag?: 1 | 2;
}

/** Actions that draw something new where a prompt says what: the user may give another one. */
const PROMPTED: ReadonlySet<DrawAction> = new Set(['zoom', 'pan', 'inpaint']);

const refused = (key: string) => new DomainError(Code.BAD_REQUEST, key);

/** The row's settings an action or a retry carries over. */
function inherited(d: Drawing): Omit<TaskSpec, 'prompt' | 'seed' | 'publicFlag' | 'references' | 'mask'> {
  return {
    source: d.source,
    negativePrompt: d.negativePrompt,
    drawRate: d.drawRate as AspectRatio,
    drawQuality: d.drawQuality as DrawQuality,
    drawSteps: d.drawSteps,
    state: d.state,
    action: d.action,
    parentTaskId: d.parentTaskId,
    actionParams: d.actionParams,
    channelId: d.channelId,
    provider: d.provider,
  };
}

/**
 * Starts an action on a finished picture of the caller (docs/drawing-actions.md): a new task on
 * the engine and channel that drew the picture, paid like a drawing. The button must be one the
 * picture offers there (DrawingMessage.actions); inpaint needs a mask with something painted.
 */
export async function submitAction(rt: Runtime, userId: number, input: ActionInput): Promise<Drawing> {
  const parent = await ownDrawing(rt, userId, input.id);
  if (parent.status !== DrawingStatus.DONE || !parent.width || !parent.height) throw refused('drawing:action.notDone');
  const key = actionKeyOf(input);
  if (!key) throw refused('drawing:action.invalid');
  if (!actionsOf(parent).includes(key)) throw refused('drawing:action.unavailable');
  if (input.action === 'inpaint' && !input.mask) throw refused('drawing:action.maskRequired');
  const { width, height } = parent;
  return startTask(rt, userId, async () => ({
    ...inherited(parent),
    prompt: (PROMPTED.has(input.action) && input.prompt?.trim()) || parent.prompt,
    seed: seedOf(),
    publicFlag: input.drawPublicFlag ?? (parent.publicFlag as 1 | 2),
    action: input.action,
    parentTaskId: parent.taskId,
    actionParams: paramsOf(input),
    references: [],
    mask: input.action === 'inpaint' && input.mask ? await decodeMask(input.mask, width, height) : null,
  }));
}

/** Only the fields the action uses are kept (a retry repeats exactly these). */
function paramsOf(p: ActionParams): Omit<ActionParams, 'action'> {
  switch (p.action) {
    case 'upscale':
    case 'variation':
      return p.index === undefined ? {} : { index: p.index };
    case 'vary':
      return { strength: p.strength ?? ('strong' as VaryStrength) };
    case 'zoom':
      return { zoom: p.zoom };
    case 'pan':
      return { direction: p.direction as PanDirection };
    default:
      return {};
  }
}

/**
 * Runs a failed task of the caller again as a new task: the same prompt, settings, seed,
 * pictures and action (on the same parent). The failed one stays in the list as it ended.
 */
export async function retryDrawing(rt: Runtime, userId: number, taskId: string): Promise<Drawing> {
  const failed = await ownDrawing(rt, userId, taskId);
  if (failed.status !== DrawingStatus.FAILED) throw refused('drawing:retry.notFailed');
  return startTask(rt, userId, async () => {
    const pictures = await rt.database.db
      .select({ role: drawingReferences.role, data: drawingReferences.data })
      .from(drawingReferences)
      .where(eq(drawingReferences.drawingId, failed.id))
      .orderBy(asc(drawingReferences.position));
    const mask = pictures.find((p) => p.role === 'mask');
    return {
      ...inherited(failed),
      // A drawing from the prompt is routed afresh; an action must go back to its picture's engine.
      ...(failed.action === null ? { channelId: null, provider: rt.image.mode } : {}),
      prompt: failed.prompt,
      seed: failed.seed,
      publicFlag: failed.publicFlag as 1 | 2,
      references: pictures.filter((p) => p.role === 'reference').map((p) => Buffer.from(p.data, 'base64')),
      mask: mask ? Buffer.from(mask.data, 'base64') : null,
    };
  });
}
