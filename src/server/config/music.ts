import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * Music's environment variables, meant to be spread into config/env.ts's
 * schema (`...musicEnvShape`). Values may arrive as strings (process.env) or
 * already parsed (Env), so the same shape reads both.
 */
export const musicEnvShape = {
  /** offline (procedural composer) | suno (a suno-api compatible service at SUNO_API_URL). Unset: suno when SUNO_API_URL is set. */
  MUSIC_PROVIDER: z.enum(['offline', 'suno']).optional(),
  /** Base URL of a suno-api deployment (its /api/generate, /api/custom_generate, /api/get …). */
  SUNO_API_URL: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .optional(),
  /** Bearer key, when the suno-api deployment sits behind one. */
  SUNO_API_KEY: z.string().min(1).max(512).optional(),
  /** Model passed to suno-api (e.g. chirp-v3-5); unset: the service's default. */
  SUNO_MODEL: z.string().min(1).max(64).optional(),
  /** Free compositions a day (site time zone) for logged-in users, and for members. */
  MUSIC_FREE_DAILY: int(0, 1000, 1),
  MUSIC_MEMBER_FREE_DAILY: int(0, 1000, 3),
  /** Seconds a composition may take before it fails (and its count is refunded). */
  MUSIC_TASK_TIMEOUT_SECONDS: int(10, 86_400, 600),
  /** Compositions one process works on at once. */
  MUSIC_WORKER_CONCURRENCY: int(1, 16, 2),
  /** Milliseconds between the worker's looks for new tasks and suno-api polls. */
  MUSIC_POLL_MS: int(50, 60_000, 2000),
};

export const musicEnvSchema = z.object(musicEnvShape);
export type MusicEnv = z.infer<typeof musicEnvSchema>;

export interface MusicConfig extends MusicEnv {
  mode: 'offline' | 'suno';
}

/**
 * Music's settings from the validated environment. Read on use rather than
 * cached: cheap, and tests may change the runtime's env after start.
 */
export function musicConfig(env: MusicEnv): MusicConfig {
  const parsed = musicEnvSchema.parse(env);
  const mode = parsed.MUSIC_PROVIDER ?? (parsed.SUNO_API_URL ? 'suno' : 'offline');
  if (mode === 'suno' && !parsed.SUNO_API_URL) {
    throw new Error('Invalid environment configuration:\n  MUSIC_PROVIDER=suno needs SUNO_API_URL');
  }
  return { ...parsed, mode };
}
