import type { DrawingMessage, PublicPicture } from '../../../shared/contract/drawing';
import { type Drawing, drawings } from '../../db/schema';
import type { Runtime } from '../../runtime';
import { isOpenDrawing, ownerFileUrl } from '../file-access';
import { actionsOf } from './capabilities';

/** The owner's files: signed for a while unless anyone may read them. */
type Files = Pick<Runtime, 'storage'>;

/** The columns a public picture shows: the square's lists select only these. */
export const publicColumns = {
  taskId: drawings.taskId,
  prompt: drawings.prompt,
  thumbnailsUrl: drawings.thumbnailsUrl,
  imageUrl: drawings.imageUrl,
  width: drawings.width,
  height: drawings.height,
  drawRate: drawings.drawRate,
  drawQuality: drawings.drawQuality,
  drawSteps: drawings.drawSteps,
  createdAt: drawings.createdAt,
};

/** The columns a drawing message shows: a list selects only these (a row has twice as many). */
export const messageColumns = {
  ...publicColumns,
  negativePrompt: drawings.negativePrompt,
  status: drawings.status,
  progress: drawings.progress,
  publicFlag: drawings.publicFlag,
  review: drawings.review,
  seed: drawings.seed,
  source: drawings.source,
  state: drawings.state,
  action: drawings.action,
  parentTaskId: drawings.parentTaskId,
  grid: drawings.grid,
  provider: drawings.provider,
  providerButtons: drawings.providerButtons,
};
type MessageRow = Pick<Drawing, keyof typeof messageColumns>;

/** Drawing message, with the settings it was drawn with: what the owner sees (docs/api.md). */
export async function drawingMessage(d: MessageRow, rt: Files): Promise<DrawingMessage> {
  const open = isOpenDrawing(d);
  return {
    id: d.taskId,
    prompt: d.prompt,
    content: d.prompt,
    negativePrompt: d.negativePrompt,
    status: d.status,
    progress: d.progress,
    thumbnailsUrl: await ownerFileUrl(rt, d.thumbnailsUrl, open),
    imageUrl: await ownerFileUrl(rt, d.imageUrl, open),
    width: d.width,
    height: d.height,
    drawRate: d.drawRate,
    drawQuality: d.drawQuality,
    drawSteps: d.drawSteps,
    drawPublicFlag: d.publicFlag,
    review: d.review,
    seed: d.seed,
    source: d.source,
    state: d.state,
    action: d.action,
    parentId: d.parentTaskId,
    grid: d.grid,
    actions: actionsOf(d),
    createTime: d.createdAt.getTime(),
  };
}

/** Drawing square picture: only what may be shown to anyone (no owner, seed or state; docs/api.md). */
export function publicPicture(d: Pick<Drawing, keyof typeof publicColumns>): PublicPicture {
  return {
    id: d.taskId,
    content: d.prompt,
    prompt: d.prompt,
    thumbnailsUrl: d.thumbnailsUrl ?? '',
    imageUrl: d.imageUrl ?? '',
    width: d.width ?? 0,
    height: d.height ?? 0,
    drawRate: d.drawRate,
    drawQuality: d.drawQuality,
    drawSteps: d.drawSteps,
    createTime: d.createdAt.getTime(),
  };
}

/** The push a status change sends to the owner's socket (the drawing push of docs/api.md). */
export async function progressPush(
  d: Pick<Drawing, 'taskId' | 'status' | 'progress' | 'imageUrl' | 'thumbnailsUrl' | 'publicFlag' | 'review'>,
  rt: Files,
) {
  const message: Record<string, unknown> = { id: d.taskId, status: d.status, progress: d.progress };
  if (d.imageUrl) {
    const open = isOpenDrawing(d);
    message.imageUrl = await ownerFileUrl(rt, d.imageUrl, open);
    message.thumbnailsUrl = await ownerFileUrl(rt, d.thumbnailsUrl, open);
  }
  return message;
}
