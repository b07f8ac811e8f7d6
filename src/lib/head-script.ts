import { keepInvite } from './invite';
import { guardTarget, hashRedirectTarget, lostLanguageCookie } from './routing';

/**
 * Runs inline in <head> before first paint: redirects must happen before the
 * wrong page shows, and the theme class before anything is painted.
 * Keys mirror src/stores (SECRET_TOKEN, appSetting) without importing them,
 * because an inline script cannot import modules.
 */
function boot(
  hashTarget: typeof hashRedirectTarget,
  guard: typeof guardTarget,
  lostLanguage: typeof lostLanguageCookie,
  keepInviteCode: typeof keepInvite,
): void {
  // An invite link's code is kept before any redirect, through to the account's creation.
  keepInviteCode(location.search);
  let token: string | null = null;
  let theme: unknown;
  let language: unknown;
  try {
    token = localStorage.getItem('SECRET_TOKEN');
    const setting = JSON.parse(localStorage.getItem('appSetting') ?? '{}');
    theme = setting?.theme;
    language = setting?.language;
  } catch {
    // Storage blocked or corrupt: behave as a fresh visitor with the light theme.
  }
  const restore = lostLanguage(language, document.cookie);
  if (restore) {
    // biome-ignore lint/suspicious/noDocumentCookie: an inline script before paint has no Cookie Store API to wait for
    document.cookie = restore;
    // Rendered in another language: reload once, and only if the cookie took (blocked cookies would loop).
    if (document.documentElement.lang !== language && /(?:^|;\s*)lang=/.test(document.cookie)) {
      location.reload();
      return;
    }
  }
  const target = hashTarget(location.hash) ?? guard(location.pathname, !!token);
  if (target) {
    location.replace(target);
    return;
  }
  // An old link followed inside a page changes only the hash, without a new page load.
  addEventListener('hashchange', () => {
    const next = hashTarget(location.hash);
    if (next) location.replace(next);
  });
  document.documentElement.classList.toggle('dark', theme === 'dark');
  // Server-rendered fallbacks of client-only islands pick the member's first view by CSS (html[data-auth]).
  if (token) document.documentElement.dataset.auth = '';
  // Every navigation is a full page load: start each page at the top, as the old SPA did.
  history.scrollRestoration = 'manual';
  if (!location.hash) addEventListener('DOMContentLoaded', () => scrollTo(0, 0));
}

/** Source of the inline head script; the functions are self-contained, so their text runs as is. */
export const HEAD_SCRIPT = `(${boot})(${hashRedirectTarget},${guardTarget},${lostLanguageCookie},${keepInvite});`;
