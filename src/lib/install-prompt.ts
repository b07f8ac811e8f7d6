/**
 * Install prompt: 5 seconds after load, when the browser offers
 * installation (beforeinstallprompt) or on iOS Safari (a how-to hint), unless
 * the app runs installed or the prompt was dismissed in the last 14 days.
 * Also registers the service worker. Framework-free: it is on every page (docs/routes-and-screens.md).
 */
export const INSTALL_DELAY_MS = 5000;
export const DISMISS_MS = 14 * 86_400_000;
export const DISMISS_KEY = 'miaobi:install-dismissed';

export interface PromptFacts {
  /** ms since the page loaded. */
  sinceLoad: number;
  /** When the prompt was last dismissed (epoch ms), or null. */
  dismissedAt: number | null;
  now: number;
  standalone: boolean;
  /** The browser handed over a beforeinstallprompt event. */
  canPrompt: boolean;
  ios: boolean;
}

/** What to show now: the install button, the iOS hint, or nothing (yet). */
export function promptKind(f: PromptFacts): 'install' | 'ios' | null {
  if (f.standalone || f.sinceLoad < INSTALL_DELAY_MS) return null;
  if (f.dismissedAt !== null && f.now - f.dismissedAt < DISMISS_MS) return null;
  if (f.canPrompt) return 'install';
  return f.ios ? 'ios' : null;
}

/** iPhone/iPad Safari, which installs only through Share → Add to Home Screen. */
export function isIosSafari(ua: string, maxTouchPoints = 0): boolean {
  const ios = /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

interface InstallEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function storedDismissal(): number | null {
  try {
    const value = Number(localStorage.getItem(DISMISS_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function rememberDismissal() {
  try {
    localStorage.setItem(DISMISS_KEY, String(Date.now()));
  } catch {
    // No storage: the prompt may come back next visit.
  }
}

export function registerServiceWorker(path = '/sw.js') {
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname);
  if (!('serviceWorker' in navigator) || (location.protocol !== 'https:' && !local)) return;
  navigator.serviceWorker.register(path).catch((err) => console.warn('service worker', err));
}

/** Wires the prompt markup of InstallPrompt.astro (`root`). */
export function initInstallPrompt(root: HTMLElement) {
  const loadedAt = performance.now();
  let deferred: InstallEvent | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const standalone =
    matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const ios = isIosSafari(navigator.userAgent, navigator.maxTouchPoints);

  const hide = () => {
    root.hidden = true;
  };
  const evaluate = () => {
    const kind = promptKind({
      sinceLoad: performance.now() - loadedAt,
      dismissedAt: storedDismissal(),
      now: Date.now(),
      standalone,
      canPrompt: deferred !== null,
      ios,
    });
    if (!kind) return;
    root.dataset.kind = kind;
    root.hidden = false;
  };

  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallEvent;
    evaluate();
  });
  window.addEventListener('appinstalled', hide);
  timer = setTimeout(evaluate, INSTALL_DELAY_MS);

  root.querySelector('[data-install-accept]')?.addEventListener('click', async () => {
    hide();
    const event = deferred;
    deferred = null;
    if (!event) return;
    await event.prompt();
    const choice = await event.userChoice;
    if (choice.outcome === 'dismissed') rememberDismissal();
  });
  for (const button of root.querySelectorAll('[data-install-dismiss]')) {
    button.addEventListener('click', () => {
      clearTimeout(timer);
      rememberDismissal();
      hide();
    });
  }
}
