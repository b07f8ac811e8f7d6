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

/**
 * Runs the steps in order, each in a task of its own (a zero timer), and returns a
 * cancel for the steps not run yet. Lighthouse counts every task's time beyond 50 ms
 * (at its 4× slowdown) as blocking, so a mount's network starts and subscriptions
 * split into steps add little, where one task holding them all adds much
 * (bench/RESULTS.md: Lighthouse total blocking time). A step may return a cleanup,
 * which the cancel calls.
 */
export function inSeparateTasks(...steps: Array<() => unknown>): () => void {
  const cleanups: Array<() => void> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let next = 0;
  const run = () => {
    const cleanup = steps[next++]?.();
    if (typeof cleanup === 'function') cleanups.push(cleanup as () => void);
    if (next < steps.length) timer = setTimeout(run, 0);
  };
  if (steps.length > 0) timer = setTimeout(run, 0);
  return () => {
    clearTimeout(timer);
    next = steps.length;
    for (const cleanup of cleanups) cleanup();
  };
}
