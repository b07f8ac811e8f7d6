/**
 * Framework-free behaviour of the root layout: theme toggle, language
 * switcher and the footer's "my account" button. Bundled into every page
 * with the layout, so it stays tiny (bench/RESULTS.md: no React on every page).
 */

import type { Language } from '../shared/languages';
import { $appSetting, setLanguage, setTheme, syncLanguageCookie, type Theme } from '../stores/app-setting';
import { isLoginTab, openLogin } from './login-event';

function applyTheme(theme: Theme, toggles: Iterable<HTMLElement>): void {
  const dark = theme === 'dark';
  document.documentElement.classList.toggle('dark', dark);
  for (const toggle of toggles) toggle.setAttribute('aria-pressed', String(dark));
}

export function initLayoutControls(root: ParentNode = document): void {
  const toggles = [...root.querySelectorAll<HTMLElement>('[data-theme-toggle]')];
  // Subscribing (not only reacting to clicks) also follows a change made in another tab.
  $appSetting.subscribe((setting) => applyTheme(setting.theme, toggles));
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => setTheme($appSetting.get().theme === 'dark' ? 'light' : 'dark'));
  }

  for (const select of root.querySelectorAll<HTMLSelectElement>('[data-language-select]')) {
    select.addEventListener('change', () => {
      setLanguage(select.value as Language);
      // setLanguage skips an unchanged value, yet the page may have been rendered
      // from Accept-Language without a cookie: the server needs the cookie either way.
      syncLanguageCookie();
      // The server renders every text, so a reload shows the new language without a flash.
      location.reload();
    });
  }

  // data-open-login="password" opens that tab (a server-rendered island's button works before, or without, hydration).
  for (const button of root.querySelectorAll<HTMLElement>('[data-open-login]')) {
    const tab = button.dataset.openLogin;
    button.addEventListener('click', () => openLogin(isLoginTab(tab) ? { tab } : undefined));
  }
}
