import { Code } from '../../../shared/codes';
import { videoDto } from '../../services/video/dto';
import { readVideoQuota } from '../../services/video/quota';
import { submitVideo } from '../../services/video/submit';
import {
  deleteVideo,
  listMyVideos,
  listPublicVideos,
  retryMyVideo,
  setVideoVisibility,
  videoFor,
} from '../../services/video/videos';
import { userIdOf, viewerOf } from '../access';
import type { ApiApp } from '../context';
import { reply } from '../errors';
import * as r from './video.routes';

/** /api/video: make, retry, list, read, delete, publish and quota. */
export function registerVideo(app: ApiApp) {
  app.openapi(r.submitVideo, async (c) => {
    const made = await submitVideo(c.get('runtime'), userIdOf(c), c.req.valid('json'), c.get('lang'));
    return reply(c, made, c.get('t')('video:submit.queued'), Code.SUCCESS);
  });

  app.openapi(r.retryVideo, async (c) => {
    const made = await retryMyVideo(c.get('runtime'), userIdOf(c), c.req.valid('json').id, c.get('lang'));
    return reply(c, made, c.get('t')('video:submit.queued'), Code.SUCCESS);
  });

  app.openapi(r.listMine, async (c) =>
    reply(c, await listMyVideos(c.get('runtime'), userIdOf(c), c.req.valid('json'))),
  );

  app.openapi(r.listPublic, async (c) =>
    reply(c, await listPublicVideos(c.get('runtime'), c.req.valid('json'), viewerOf(c))),
  );

  app.openapi(r.videoDetail, async (c) => {
    const who = viewerOf(c);
    const v = await videoFor(c.get('runtime').database.db, c.req.valid('query').id, who);
    return reply(c, await videoDto(v, who, c.get('runtime')));
  });

  app.openapi(r.deleteVideo, async (c) => {
    await deleteVideo(c.get('runtime'), userIdOf(c), c.req.valid('json').id);
    return reply(c, null, c.get('t')('video:delete.done'), Code.DELETE_RESULT);
  });

  app.openapi(r.setVisibility, async (c) => {
    const { id, isPublic } = c.req.valid('json');
    const v = await setVideoVisibility(c.get('runtime'), userIdOf(c), id, isPublic);
    return reply(c, v, c.get('t')(`video:visibility.${isPublic ? 'public' : 'private'}`));
  });

  app.openapi(r.readQuota, async (c) => reply(c, await readVideoQuota(c.get('runtime'), userIdOf(c))));
}
