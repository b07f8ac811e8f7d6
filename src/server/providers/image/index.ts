import type { DrawConfig } from '../../config/drawing';
import { createMidjourneyProxyProvider } from './midjourney-proxy';
import { createOfflineProvider } from './offline';
import { createOpenAiImageProvider } from './openai';
import { createSdWebuiProvider } from './sd-webui';
import type { ImageProvider } from './types';

export type { ImageProvider } from './types';

/** The image provider IMAGE_PROVIDER selects (offline unless configured otherwise). */
export function createImageProvider(cfg: DrawConfig): ImageProvider {
  switch (cfg.IMAGE_PROVIDER) {
    case 'midjourney-proxy':
      if (!cfg.MJ_PROXY_URL) throw new Error('IMAGE_PROVIDER=midjourney-proxy needs MJ_PROXY_URL');
      return createMidjourneyProxyProvider({ baseUrl: cfg.MJ_PROXY_URL, secret: cfg.MJ_PROXY_SECRET, pollMs: 3000 });
    case 'sd-webui':
      if (!cfg.SD_WEBUI_URL) throw new Error('IMAGE_PROVIDER=sd-webui needs SD_WEBUI_URL');
      return createSdWebuiProvider({
        baseUrl: cfg.SD_WEBUI_URL,
        auth: cfg.SD_WEBUI_AUTH,
        pollMs: 500,
        sampler: cfg.SD_WEBUI_SAMPLER,
        upscaler: cfg.SD_WEBUI_UPSCALER,
      });
    case 'openai':
      return createOpenAiImageProvider({
        baseUrl: cfg.openAiBaseUrl,
        apiKey: cfg.openAiApiKey,
        model: cfg.OPENAI_IMAGE_MODEL,
      });
    default:
      return createOfflineProvider({ stepMs: cfg.DRAW_OFFLINE_STEP_MS });
  }
}
