import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False in the server's HTML and the first client render, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
