import { mountOnEvent } from '../lib/event-mount';

/**
 * Wires every dialog of the page that mounts on its first event
 * (src/components/EventMount.astro, src/lib/event-mount.ts). The dialogs'
 * modules are named in event-dialog-modules.ts, itself loaded on the first
 * event: the lists of chunks Vite preloads with each dynamic import stay out of
 * every page's entry script (/special's 15 KB budget, tests/e2e/activity-pages.spec.ts).
 */
export function mountEventDialogs(): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-event][data-props]')) {
    mountOnEvent(el, () => import('./event-dialog-modules').then(({ dialogModule }) => dialogModule(el.id)));
  }
}
