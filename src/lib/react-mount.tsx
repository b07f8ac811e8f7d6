import { type ComponentType, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { Mountable } from './event-mount';

/**
 * How an event-mounted dialog renders (event-mount.ts): a React root of its
 * own in its element, its `useId` values under the element's id so they never
 * meet an island's.
 */
export function reactMount<P extends object>(Component: ComponentType<P>): Mountable<P>['mount'] {
  return (el, props) => {
    createRoot(el, { identifierPrefix: `${el.id}-` }).render(createElement(Component, props));
  };
}
