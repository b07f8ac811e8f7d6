import type { Env } from '../../config/env';
import { videoConfig } from '../../config/video';
import { createOfflineVideoMaker } from './offline';
import type { VideoProvider } from './types';

export type { VideoProvider } from './types';

/** The environment's video maker: the offline animation (the console's video channels come first when set). */
export function createVideoProvider(env: Env): VideoProvider {
  const cfg = videoConfig(env);
  return createOfflineVideoMaker({
    shortSide: cfg.VIDEO_OFFLINE_SHORT_SIDE,
    fps: cfg.VIDEO_OFFLINE_FPS,
    maxSeconds: cfg.VIDEO_OFFLINE_MAX_SECONDS,
    limits: { ms: cfg.VIDEO_RENDER_TIMEOUT_SECONDS * 1000 },
  });
}
