// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { transformSync } from 'esbuild';
import clientAuth from './src/integrations/client-auth.mjs';
import cspDigestMemo from './src/integrations/csp-digest-memo.mjs';
import nodePages from './src/integrations/node-pages.mjs';
import pageImportMemo from './src/integrations/page-import-memo.mjs';
import reactStringRender from './src/integrations/react-string-render.mjs';
import { HEAD_SCRIPT } from './src/lib/head-script.ts';
import { cspDirectives, SCRIPT_SOURCES, STYLE_SOURCES, storageOrigins } from './src/server/csp.mjs';
import devServer from './src/server/dev-integration.mjs';

/** The libraries every island loads at once, and only islands (the layout's script uses none). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/;

export default defineConfig({
  output: 'server',
  // The node adapter with our server entry (src/server/astro-entry.ts): an SSR handler that
  // src/server/main.ts puts behind the built client files (src/server/page-files.ts) and wraps
  // with the API, push socket and compression. Pages are rendered whole, not streamed: every one
  // is compressed whole or kept by the page cache (docs/page-cache.md).
  adapter: nodePages({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    // React islands with renderToString, for the same reason; reactStringRender hands it the island's id
    // prefix, without which hydrated ARIA references broke (tests/e2e/moderation-reports.spec.ts), and
    // spares the renderer's check, which rendered every island a second time.
    react({ experimentalDisableStreaming: true }),
    reactStringRender(),
    clientAuth(),
    devServer(),
    {
      // The pre-paint script, inlined into every page's head and hashed into its CSP by Astro;
      // minified, as it is in every page's HTML (its source keeps its names and comments).
      name: 'miaobi:head-script',
      hooks: {
        'astro:config:setup': ({ injectScript }) =>
          injectScript('head-inline', transformSync(HEAD_SCRIPT, { minify: true }).code.trim()),
      },
    },
  ],
  server: { host: '127.0.0.1', port: 4321 },
  redirects: {
    '/': '/chat',
  },
  build: { inlineStylesheets: 'auto' },
  // Pages carry the policy with the hashes of their inline scripts (islands, directives, the head script).
  security: {
    csp: {
      directives: cspDirectives(storageOrigins(process.env)),
      scriptDirective: { resources: SCRIPT_SOURCES },
      styleDirective: { resources: STYLE_SOURCES },
    },
  },
  vite: {
    // cspDigestMemo: the CSP hashes of a page's inline scripts are computed once per process, not per render.
    // pageImportMemo: each page's module is imported once, not looked up through Node's loader per request.
    plugins: [tailwindcss(), cspDigestMemo(), pageImportMemo()],
    // Left external, each of drizzle-orm's ~100 files a page loads re-reads its 180 KB package.json
    // while resolving: seconds and ~90 MB of the first request (bench/RESULTS.md, start-up).
    ssr: { noExternal: ['drizzle-orm'] },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // React, React DOM and i18next, which every island needs at once, in one chunk rather than
              // several: each chunk is its own request and compile task (bench/RESULTS.md, main-thread work).
              codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
