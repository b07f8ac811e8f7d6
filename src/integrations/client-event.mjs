// @ts-check
import { fileURLToPath } from 'node:url';

/**
 * Adds the `client:event` directive: `<Island client:event="name" />` ships no
 * component code until `window` receives the event `name` (see
 * client-event-directive.ts). The footer's login dialog must not
 * put React on every page (the JS budgets of bench/RESULTS.md). Such an
 * island is a dialog, closed until its event: the server renders no HTML for
 * it (react-string-render.mjs), the browser renders it when the event comes.
 * And `client:auth`: the island hydrates only when a login token is stored
 * (client-auth-directive.ts); visitors keep its server-rendered HTML.
 * @returns {import('astro').AstroIntegration}
 */
export default function clientEvent() {
  return {
    name: 'miaobi:client-event',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({
          name: 'event',
          // Astro bundles the entrypoint with esbuild and inlines it into pages using the directive.
          entrypoint: fileURLToPath(new URL('./client-event-directive.ts', import.meta.url)),
        });
        addClientDirective({
          name: 'auth',
          entrypoint: fileURLToPath(new URL('./client-auth-directive.ts', import.meta.url)),
        });
      },
    },
  };
}
