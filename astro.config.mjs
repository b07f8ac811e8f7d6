// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import clientEvent from './src/integrations/client-event.mjs';
import devServer from './src/server/dev-integration.mjs';

export default defineConfig({
  output: 'server',
  // Standalone mode gives a handler that serves hashed static files and SSR;
  // src/server/main.ts wraps it with the API, push socket and compression.
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), clientEvent(), devServer()],
  server: { host: '127.0.0.1', port: 4321 },
  redirects: {
    '/': '/chat',
  },
  build: { inlineStylesheets: 'auto' },
  vite: {
    plugins: [tailwindcss()],
  },
  devToolbar: { enabled: false },
});
