// @ts-check
/**
 * `astro dev` has no API, socket or database of its own: this integration
 * loads the same runtime main.ts uses (through Vite, so TypeScript works) and
 * mounts /api and the /websocket/callback upgrade on the dev server.
 * @returns {import('astro').AstroIntegration}
 */
export default function devServer() {
  return {
    name: 'miaobi-dev-server',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const mod = await server.ssrLoadModule('/src/server/dev-runtime.ts');
        const dev = await mod.startDevRuntime();
        server.middlewares.use((req, res, next) => {
          if (req.url?.startsWith('/api/') || req.url === '/api') dev.handleApi(req, res);
          else next();
        });
        server.httpServer?.on('upgrade', (req, socket, head) => {
          if (req.url?.startsWith('/websocket/')) dev.handleUpgrade(req, socket, head);
        });
        server.httpServer?.on('close', () => void dev.close());
      },
    },
  };
}
