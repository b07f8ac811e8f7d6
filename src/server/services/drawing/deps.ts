import { type DrawConfig, drawConfig, drawEnvProblems } from '../../config/drawing';
import { createImageProvider, type ImageProvider } from '../../providers/image';
import { createModeration, type ModerationProvider } from '../../providers/moderation';
import type { Runtime } from '../../runtime';

export interface DrawingDeps {
  config: DrawConfig;
  image: ImageProvider;
  moderation: ModerationProvider;
}

const built = new WeakMap<Runtime, { key: string; deps: DrawingDeps }>();

/**
 * The runtime's image provider and moderation, built from its environment on
 * first use and rebuilt only when a relevant setting changes.
 */
export function drawingDeps(rt: Runtime): DrawingDeps {
  const config = drawConfig(rt.env);
  const key = JSON.stringify([
    config.IMAGE_PROVIDER,
    config.MJ_PROXY_URL,
    config.MJ_PROXY_SECRET,
    config.SD_WEBUI_URL,
    config.SD_WEBUI_AUTH,
    config.SD_WEBUI_SAMPLER,
    config.openAiBaseUrl,
    config.openAiApiKey,
    config.OPENAI_IMAGE_MODEL,
    config.DRAW_OFFLINE_STEP_MS,
    config.MODERATION_URL,
    config.MODERATION_SECRET,
    config.MODERATION_WORDS_FILE,
  ]);
  const cached = built.get(rt);
  if (cached?.key === key) return { ...cached.deps, config };
  const deps = { config, image: createImageProvider(config), moderation: createModeration(config) };
  built.set(rt, { key, deps });
  return deps;
}

/** Provider modes for the start-up log and /api/health (runtime.ts `providers`): `{ image, moderation }`. */
export function drawingModes(env: object): { image: string; moderation: string } {
  // A provider missing its address stops start-up here rather than failing every drawing later.
  const problems = drawEnvProblems(env);
  if (problems.length > 0) throw new Error(`Invalid environment configuration:\n  ${problems.join('\n  ')}`);
  const cfg = drawConfig(env);
  return { image: cfg.IMAGE_PROVIDER, moderation: cfg.MODERATION_URL ? 'wordlist+http' : 'wordlist' };
}
