/**
 * The server entry Astro builds as dist/server/entry.mjs in place of its node
 * adapter's (src/integrations/node-pages.mjs): the pages' handler, which
 * main.ts puts behind the built files, the API and the page cache.
 */
import { createApp } from 'astro/app/entrypoint';
import { setGetEnv } from 'astro/env/setup';
import { errorDetail, redactUrl } from './log';
import { renderPages } from './page-render';
import { getRuntime } from './runtime';

setGetEnv((key) => process.env[key]);

// Pages are rendered whole, not streamed: each is compressed whole or kept by the page cache.
export const handler = renderPages(createApp({ streaming: false }), (err, url) => {
  const { pathname, search } = new URL(url);
  getRuntime().log.error('page render failed', { path: redactUrl(pathname + search), err: errorDetail(err) });
});
