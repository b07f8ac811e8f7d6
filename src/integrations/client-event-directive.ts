import type { ClientDirective } from 'astro';

/**
 * `client:event="name"`: hydrates the island on the first `name` event on
 * `window`, so a page that never fires it never downloads the island or its
 * framework. The island cannot hear that first event (it was not running
 * yet), so the latest event seen before it is ready is dispatched again once
 * the island announces readiness with a `name:ready` event on `window`
 * (see `readyEvent` in src/lib/login-event.ts).
 */
const eventDirective: ClientDirective = (load, options, el) => {
  const name = options.value;
  let pending: CustomEvent | undefined;
  let loading = false;

  const onEvent = (event: Event) => {
    pending = new CustomEvent(name, { detail: event instanceof CustomEvent ? event.detail : null });
    if (loading) return;
    loading = true;
    void load().then((hydrate) => hydrate());
  };

  const onReady = () => {
    window.removeEventListener(name, onEvent);
    const replay = pending;
    pending = undefined;
    if (replay) window.dispatchEvent(replay);
  };

  // A failed download (offline) may be retried by the next event.
  el.addEventListener('astro:hydration-error', () => {
    loading = false;
  });
  window.addEventListener(name, onEvent);
  window.addEventListener(`${name}:ready`, onReady, { once: true });
};

export default eventDirective;
