/**
 * Runs `task` once the page has loaded and the main thread is idle, so work
 * the first view does not need (service worker, announcements…) stays out of
 * the load's busy tasks (bench/RESULTS.md: Lighthouse total blocking time).
 * `timeout` bounds the wait on a page that never goes idle.
 */
export function whenIdleAfterLoad(task: () => void, timeout = 3000): void {
  const idle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout });
    else setTimeout(task, 1);
  };
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
