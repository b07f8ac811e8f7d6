import { Code } from '../../../shared/codes';
import type { DrawingPage } from '../../../shared/contract/drawing';
import { DomainError } from '../../errors';
import { labelledPicture } from '../../services/compliance/downloads';
import { retryDrawing, submitAction } from '../../services/drawing/actions';
import { drawingMessage } from '../../services/drawing/dto';
import { receiveHook } from '../../services/drawing/hook';
import {
  deleteDrawing,
  listMyPictures,
  listMyRunning,
  ownDrawing,
  setDrawingVisibility,
} from '../../services/drawing/lists';
import { readDrawQuota } from '../../services/drawing/quota';
import { listPublic, SQUARE_PAGE_SIZE, squarePage, squarePageAfter } from '../../services/drawing/square';
import { submitDrawing } from '../../services/drawing/submit';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { attachment } from '../download';
import { keptReply, reply, sharedReply } from '../errors';
import * as r from './sd.routes';

/** Steps default to 20 when empty (docs/validation-and-limits.md). */
const DEFAULT_STEPS = 20;

/** Drawing API (the sd calls of docs/api.md): submit, lists, one task, delete, quota, and the provider's notifyHook. */
export function registerSd(app: ApiApp) {
  app.openapi(r.submitImagine, async (c) => {
    const id = userIdOf(c);
    const body = c.req.valid('json');
    const drawing = await submitDrawing(c.get('runtime'), id, {
      prompt: body.prompt,
      negativePrompt: body.negativePrompt,
      drawRate: body.drawRate,
      drawQuality: body.drawQuality as 1 | 2 | 3,
      drawSteps: body.drawSteps ?? DEFAULT_STEPS,
      drawPublicFlag: body.drawPublicFlag as 1 | 2,
      seed: body.seed,
      base64Array: body.base64Array,
      state: body.state,
      source: body.mode,
    });
    const message = await drawingMessage(drawing, c.get('runtime'));
    return c.json(
      { code: Code.SUCCESS, result: c.get('t')('drawing:submit.accepted'), data: message, mjChatMessage: message },
      200,
    );
  });

  app.openapi(r.submitAction, async (c) => {
    const rt = c.get('runtime');
    const { drawPublicFlag, ...body } = c.req.valid('json');
    const drawing = await submitAction(rt, userIdOf(c), {
      ...body,
      drawPublicFlag: drawPublicFlag as 1 | 2 | undefined,
    });
    return reply(c, await drawingMessage(drawing, rt), c.get('t')('drawing:submit.accepted'), Code.SUCCESS);
  });

  app.openapi(r.retryDrawing, async (c) => {
    const rt = c.get('runtime');
    const drawing = await retryDrawing(rt, userIdOf(c), c.req.valid('json').id);
    return reply(c, await drawingMessage(drawing, rt), c.get('t')('drawing:submit.accepted'), Code.SUCCESS);
  });

  app.openapi(r.listPicture, async (c) => {
    const { pageNum, pageSize, content, cursor } = c.req.valid('json');
    const rt = c.get('runtime');
    if (!content && cursor) return reply(c, await squarePageAfter(rt, cursor, pageNum, pageSize));
    if (!content && pageSize === SQUARE_PAGE_SIZE) {
      const cached = await squarePage(rt, pageNum);
      const { etag: _etag, ...page } = cached;
      return sharedReply(c, cached, page);
    }
    return reply(c, await listPublic(rt.database.db, { pageNum, pageSize, content, cursor }));
  });

  app.openapi(r.listUserDrawing, async (c) => {
    const id = userIdOf(c);
    return reply(c, await listMyRunning(c.get('runtime'), id));
  });

  app.openapi(r.listUserPicture, async (c) => {
    const id = userIdOf(c);
    const { pageNum, pageSize, content } = c.req.valid('json');
    return keptReply<DrawingPage>(c, await listMyPictures(c.get('runtime'), id, { pageNum, pageSize, content }));
  });

  app.openapi(r.taskDetail, async (c) => {
    const id = userIdOf(c);
    const drawing = await ownDrawing(c.get('runtime'), id, c.req.valid('json').id);
    return reply(c, await drawingMessage(drawing, c.get('runtime')));
  });

  app.openapi(r.downloadPicture, async (c) =>
    attachment(c, await labelledPicture(c.get('runtime'), c.req.valid('query').id, viewerOf(c))),
  );

  app.openapi(r.deleteDrawing, async (c) => {
    const id = userIdOf(c);
    await deleteDrawing(c.get('runtime'), id, c.req.valid('json').id);
    return reply(c, null, c.get('t')('drawing:delete.done'), Code.DELETE_RESULT);
  });

  app.openapi(r.setVisibility, async (c) => {
    const id = userIdOf(c);
    const { id: taskId, drawPublicFlag } = c.req.valid('json');
    return reply(c, await setDrawingVisibility(c.get('runtime'), id, taskId, drawPublicFlag as 1 | 2));
  });

  app.openapi(r.readQuota, async (c) => {
    const id = userIdOf(c);
    return reply(c, await readDrawQuota(c.get('runtime'), id));
  });

  app.openapi(r.notifyHook, async (c) => {
    const { taskId, token } = c.req.valid('param');
    if (!(await receiveHook(c.get('runtime'), taskId, token)))
      throw new DomainError(Code.NOT_FOUND, 'drawing:notFound', { status: 404 });
    return reply(c, null);
  });
}
