import type { APIRoute } from 'astro';
import { ICON_SPRITE } from '../components/icon-sprite';

/** The icons' sprite (components/icon-sprite.ts); pages name it with its version, so it is kept for good. */
export const GET: APIRoute = () =>
  new Response(ICON_SPRITE, {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' },
  });
