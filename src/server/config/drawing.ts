import { z } from 'zod';

const int = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const url = z.url({ protocol: /^https?$/ }).max(500);

/**
 * Drawing's environment variables, meant to be spread into env.ts's
 * envSchema (`...drawEnvShape`). Values may arrive as strings (process.env)
 * or already parsed (Env).
 */
export const drawEnvShape = {
  /** offline (procedural renderer) | midjourney-proxy | sd-webui | openai */
  IMAGE_PROVIDER: z.enum(['offline', 'midjourney-proxy', 'sd-webui', 'openai']).default('offline'),
  /** midjourney-proxy base URL (…/mj/submit/imagine is appended) and its mj-api-secret. */
  MJ_PROXY_URL: url.optional(),
  MJ_PROXY_SECRET: z.string().min(1).max(256).optional(),
  /** Stable Diffusion WebUI (started with --api) and its --api-auth user:password. */
  SD_WEBUI_URL: url.optional(),
  SD_WEBUI_AUTH: z.string().min(3).max(256).optional(),
  SD_WEBUI_SAMPLER: z.string().min(1).max(64).default('Euler a'),
  /** The extras upscaler an upscale action uses (a name from /sdapi/v1/upscalers). */
  SD_WEBUI_UPSCALER: z.string().min(1).max(64).default('R-ESRGAN 4x+'),
  /** OpenAI images API; unset base URL and key fall back to OPENAI_BASE_URL and OPENAI_API_KEY. */
  OPENAI_IMAGE_BASE_URL: url.optional(),
  OPENAI_IMAGE_API_KEY: z.string().min(1).max(512).optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).max(64).default('gpt-image-1'),
  /** Drawings a day for logged-in non-members and for members (0 = unlimited). */
  DRAW_FREE_DAILY: int(0, 100_000, 10),
  DRAW_MEMBER_DAILY: int(0, 1_000_000, 200),
  /** A task not finished this long after submission fails with status 11. */
  DRAW_TASK_TIMEOUT_MS: int(1000, 24 * 3_600_000, 10 * 60_000),
  /** Tasks one process draws at once. */
  DRAW_CONCURRENCY: int(1, 64, 2),
  /** Milliseconds per step of the offline renderer (20 steps × 150 ms ≈ 3 s). */
  DRAW_OFFLINE_STEP_MS: int(0, 10_000, 150),
  /** HTTP moderation service, asked after the built-in word list (see providers/moderation/http.ts). */
  MODERATION_URL: url.optional(),
  MODERATION_SECRET: z.string().min(1).max(256).optional(),
  /** Text file editing the built-in sensitive-word list: `12 word`, `14 word`, `-word` (remove). */
  MODERATION_WORDS_FILE: z.string().min(1).max(500).optional(),
};

export const drawEnvSchema = z.object(drawEnvShape);
export type DrawSettings = z.infer<typeof drawEnvSchema>;

const keys = Object.keys(drawEnvShape) as (keyof DrawSettings)[];
const FALLBACK_KEYS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'PUBLIC_ORIGIN'] as const;

export interface DrawConfig extends DrawSettings {
  /** OPENAI_IMAGE_BASE_URL or OPENAI_BASE_URL or OpenAI's own. */
  openAiBaseUrl: string;
  openAiApiKey: string | undefined;
  publicOrigin: string;
}

/**
 * Drawing settings of a runtime's environment. Read afresh (it is cheap), so
 * a value changed on the running env applies to the next task.
 */
export function drawConfig(env: object): DrawConfig {
  const given = env as Record<string, unknown>;
  const source: Record<string, unknown> = {};
  for (const key of keys) {
    const value = given[key];
    if (value !== undefined && value !== '') source[key] = value;
  }
  const settings = drawEnvSchema.parse(source);
  const [baseUrl, apiKey, origin] = FALLBACK_KEYS.map((k) => (typeof given[k] === 'string' ? given[k] : undefined));
  return {
    ...settings,
    openAiBaseUrl: (settings.OPENAI_IMAGE_BASE_URL ?? baseUrl ?? 'https://api.openai.com/v1').replace(/\/+$/, ''),
    openAiApiKey: settings.OPENAI_IMAGE_API_KEY ?? apiKey,
    publicOrigin: (origin ?? 'http://127.0.0.1:4321').replace(/\/+$/, ''),
  };
}

/**
 * What the chosen image provider still needs, as start-up messages (empty
 * when usable). For env.ts's loadEnv: throw an EnvError with these lines.
 */
export function drawEnvProblems(env: object): string[] {
  const cfg = drawConfig(env);
  if (cfg.IMAGE_PROVIDER === 'midjourney-proxy' && !cfg.MJ_PROXY_URL)
    return ['IMAGE_PROVIDER=midjourney-proxy needs MJ_PROXY_URL'];
  if (cfg.IMAGE_PROVIDER === 'sd-webui' && !cfg.SD_WEBUI_URL) return ['IMAGE_PROVIDER=sd-webui needs SD_WEBUI_URL'];
  return [];
}

/** Provider modes for the start-up log and /api/health (`Runtime.providers`): `{ image, moderation }`. */
export function drawingModes(env: object): { image: string; moderation: string } {
  // A provider missing its address stops start-up here rather than failing every drawing later.
  const problems = drawEnvProblems(env);
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  const cfg = drawConfig(env);
  return { image: cfg.IMAGE_PROVIDER, moderation: cfg.MODERATION_URL ? 'wordlist+http' : 'wordlist' };
}
