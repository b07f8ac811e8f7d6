import type { ClientDirective } from 'astro';

/**
 * `client:auth`: hydrates the island only for a signed-in visitor. The head
 * script marks `html[data-auth]` before paint when a login token is stored
 * (src/lib/head-script.ts), so a visitor downloads nothing of the island and
 * keeps its server-rendered first view (/order's "please sign in"). A login
 * in another tab (the stored token's key, `SECRET_TOKEN` in src/stores/auth.ts)
 * hydrates it then; a login in this tab reloads the page.
 */
const authDirective: ClientDirective = (load) => {
  const hydrate = () => void load().then((run) => run());
  const root = document.documentElement;
  if (root.hasAttribute('data-auth')) {
    hydrate();
    return;
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== 'SECRET_TOKEN' || !event.newValue) return;
    removeEventListener('storage', onStorage);
    root.dataset.auth = '';
    hydrate();
  };
  addEventListener('storage', onStorage);
};

export default authDirective;
