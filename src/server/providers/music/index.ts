import type { Env } from '../../config/env';
import { musicConfig } from '../../config/music';
import { createOfflineComposer } from './offline';
import { createSunoProvider } from './suno';
import type { MusicProvider } from './types';

export type { MusicProvider } from './types';

/** MUSIC_PROVIDER / SUNO_API_URL choose: the offline composer (default) or a suno-api service. */
export function createMusicProvider(env: Env): MusicProvider {
  const cfg = musicConfig(env);
  if (cfg.mode === 'suno' && cfg.SUNO_API_URL) {
    return createSunoProvider({
      baseUrl: cfg.SUNO_API_URL,
      apiKey: cfg.SUNO_API_KEY,
      model: cfg.SUNO_MODEL,
      pollMs: cfg.MUSIC_POLL_MS,
    });
  }
  return createOfflineComposer();
}
