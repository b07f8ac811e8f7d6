import { type VideoEnv, videoConfig } from '../../config/video';
import { createJimengProvider } from './jimeng';
import { createKlingProvider } from './kling';
import { createLumaProvider } from './luma';
import type { VideoProvider } from './types';

/** The adapter of a console video channel's key: its flavour picks the service, its first model the model. */
export function videoAdapter(
  env: VideoEnv,
  t: { flavour: string; baseUrl: string; secret: string; models: string[] },
): VideoProvider {
  const o = { baseUrl: t.baseUrl, secret: t.secret, model: t.models[0], pollMs: videoConfig(env).VIDEO_POLL_MS };
  if (t.flavour === 'kling') return createKlingProvider(o);
  if (t.flavour === 'jimeng') return createJimengProvider(o);
  if (t.flavour === 'luma') return createLumaProvider(o);
  throw new Error(`no video adapter for ${t.flavour}`);
}
