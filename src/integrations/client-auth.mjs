// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Adds the `client:auth` directive: the island hydrates only when a login
 * token is stored (client-auth-directive.ts); visitors keep its
 * server-rendered HTML. (Dialogs that load on their first event are not
 * islands: src/lib/event-mount.ts.)
 * @returns {import('astro').AstroIntegration}
 */
export default function clientAuth() {
  return {
    name: 'miaobi:client-auth',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'auth',
          // Astro bundles the entrypoint with esbuild and inlines it into pages using the directive.
          entrypoint: fileURLToPath(new URL('./client-auth-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
