import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and while hydrating, true after. During hydration React uses the server's answer,
 * so the first client render matches the HTML; a component mounted fresh in the browser gets true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
