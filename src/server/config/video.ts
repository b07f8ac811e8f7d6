import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Video's environment variables, spread into config/env.ts's schema (`...videoEnvShape`). */
export const videoEnvShape = {
  /** Free videos a day (site time zone) for logged-in users, and for members; past them a priced video costs credits. */
  VIDEO_FREE_DAILY: int(0, 1000, 1),
  VIDEO_MEMBER_FREE_DAILY: int(0, 1000, 3),
  /** Seconds a video task may take before it fails (and its count is refunded). */
  VIDEO_TASK_TIMEOUT_SECONDS: int(10, 86_400, 1200),
  /** Videos one process works on at once (the offline one is a CPU-bound thread each). */
  VIDEO_WORKER_CONCURRENCY: int(1, 8, 1),
  /** Milliseconds between the worker's looks for new tasks and upstream polls. */
  VIDEO_POLL_MS: int(50, 60_000, 3000),
  /** The offline clip's shorter side in pixels, its frame rate and its longest length in seconds. */
  VIDEO_OFFLINE_SHORT_SIDE: int(64, 1080, 720),
  VIDEO_OFFLINE_FPS: int(4, 30, 24),
  VIDEO_OFFLINE_MAX_SECONDS: int(1, 10, 10),
  /** Seconds one offline clip's thread may run before it is stopped. */
  VIDEO_RENDER_TIMEOUT_SECONDS: int(5, 3600, 300),
};

export const videoEnvSchema = z.object(videoEnvShape);
export type VideoEnv = z.infer<typeof videoEnvSchema>;

/** Video's settings from the validated environment, read on use (tests may change the runtime's env). */
export function videoConfig(env: VideoEnv): VideoEnv {
  return videoEnvSchema.parse(env);
}
