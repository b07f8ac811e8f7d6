/**
 * Dialogs that mount on their first event (the login, report, site-modal and
 * pay dialogs): the page carries an empty element naming the event and the
 * dialog's props (src/components/EventMount.astro) and no component code; the
 * first `name` event on `window` downloads the dialog, which renders into the
 * element. It cannot hear that first event (it was not running yet), so the
 * latest event seen before it is ready is dispatched again once it announces
 * readiness with a `name:ready` event on `window` (src/lib/login-event.ts).
 * A failed download (offline) may be retried by the next event.
 *
 * These were Astro islands with a `client:event` directive: their per-request
 * work (each island's element, props and hydration script, for dialogs with no
 * server HTML) was a quarter of an uncached page's server time (bench/RESULTS.md).
 */

/** What a dialog's module exports for this (react-mount.tsx builds it). */
export interface Mountable<P> {
  mount(el: HTMLElement, props: P): void;
}

/** Wires an element of EventMount.astro to mount what `load` brings on its event; false when it names no event. */
export function mountOnEvent<P>(el: HTMLElement, load: () => Promise<Mountable<P>>): boolean {
  const name = el.dataset.event;
  if (!name) return false;
  let pending: CustomEvent | undefined;
  let loading = false;

  const onEvent = (event: Event) => {
    pending = new CustomEvent(name, { detail: event instanceof CustomEvent ? event.detail : null });
    if (loading) return;
    loading = true;
    load().then(
      ({ mount }) => mount(el, JSON.parse(el.dataset.props ?? '{}') as P),
      () => {
        loading = false;
      },
    );
  };

  const onReady = () => {
    window.removeEventListener(name, onEvent);
    const replay = pending;
    pending = undefined;
    if (replay) window.dispatchEvent(replay);
  };

  window.addEventListener(name, onEvent);
  window.addEventListener(`${name}:ready`, onReady, { once: true });
  return true;
}
