// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import clientEvent from './src/integrations/client-event.mjs';
import { HEAD_SCRIPT } from './src/lib/head-script.ts';
import { cspDirectives, SCRIPT_SOURCES, STYLE_SOURCES, storageOrigins } from './src/server/csp.mjs';
import devServer from './src/server/dev-integration.mjs';

/** The libraries every island loads at once, and only islands (the layout's script uses none). */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/;

export default defineConfig({
  output: 'server',
  // Standalone mode gives a handler that serves hashed static files and SSR;
  // src/server/main.ts wraps it with the API, push socket and compression.
  adapter: node({ mode: 'standalone' }),
  integrations: [
    react(),
    clientEvent(),
    devServer(),
    {
      // The pre-paint script, inlined into every page's head and hashed into its CSP by Astro.
      name: 'miaobi:head-script',
      hooks: { 'astro:config:setup': ({ injectScript }) => injectScript('head-inline', HEAD_SCRIPT) },
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
    plugins: [tailwindcss()],
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
