/**
 * The browser the tests drive: Debian's chromium-headless-shell, Chromium's old headless mode without the
 * browser's UI layer (no top-chrome renderers, a lighter browser process). On two cores it used 38 % of the CPU
 * the full `chromium` did for the same specs, and they finished in 59 % of the time. E2E_BROWSER names another
 * binary. The bench keeps the full chromium with these flags (bench/browser.ts).
 */
export const BROWSER_PATH = process.env.E2E_BROWSER ?? '/usr/bin/chromium-headless-shell';

/**
 * Flags every launch shares: no sandbox (root in a VM), no GPU, no background traffic. A context's pages
 * share one renderer: a new page's first address (the site, after about:blank) no longer starts a second
 * process, ~0.15 s of CPU each time on two cores; the subset tests/e2e runs most used ~5 % less CPU. The
 * software compositor and the network service run inside the browser process instead of two processes of
 * their own: the browser's processes used ~10 % less CPU over three runs of that subset (35 → 32 CPU-s).
 */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--renderer-process-limit=1',
  '--disable-site-isolation-trials',
  '--in-process-gpu',
  '--enable-features=NetworkServiceInProcess2',
];
