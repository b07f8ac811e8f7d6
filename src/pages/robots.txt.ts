import type { APIRoute } from 'astro';
import { getRuntime } from '../server/runtime';

/** Crawlers may read the public pages; API, payment, login and account pages are not for them. */
export const GET: APIRoute = () => {
  const origin = getRuntime().env.PUBLIC_ORIGIN;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /pay/',
    'Disallow: /wx/',
    'Disallow: /order',
    'Disallow: /emailValidation',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' },
  });
};
