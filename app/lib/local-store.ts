import { useSyncExternalStore } from 'react';

/**
 * A value kept in the browser's local storage, shared by every component that reads it and kept
 * in step across tabs. On the server (and before hydration) it reads as the empty value, so the
 * first client render matches the HTML.
 */
export interface LocalStore<T> {
  /** What it reads as with nothing kept, on the server and in the first client render: always this very value. */
  readonly empty: T;
  // Function properties, not methods: React calls get and subscribe detached (useSyncExternalStore).
  get: () => T;
  set(update: T | ((current: T) => T)): void;
  subscribe: (listener: () => void) => () => void;
}

export function createLocalStore<T>(key: string, empty: T, validate: (raw: unknown) => T): LocalStore<T> {
  let cache: { raw: string | null; value: T } | undefined;
  const listeners = new Set<() => void>();

  const read = (): T => {
    if (typeof window === 'undefined') return empty;
    let raw: string | null = null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return cache?.value ?? empty;
    }
    if (cache && cache.raw === raw) return cache.value;
    let value = empty;
    try {
      value = raw === null ? empty : validate(JSON.parse(raw));
    } catch {
      value = empty;
    }
    // An emptied list reads as the empty value itself: nothing to draw again after hydration.
    if (Array.isArray(value) && value.length === 0 && Array.isArray(empty)) value = empty;
    cache = { raw, value };
    return value;
  };

  const notify = () => listeners.forEach((listener) => listener());

  return {
    empty,
    get: read,
    set(update) {
      const next = typeof update === 'function' ? (update as (current: T) => T)(read()) : update;
      const raw = JSON.stringify(next);
      cache = { raw, value: next };
      try {
        window.localStorage.setItem(key, raw);
      } catch {
        // Private mode or a full quota: the value lives for this page only.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/**
 * The store's value in a component. The server's snapshot is the store's own empty value, so a browser
 * with nothing kept renders nothing again once the page is hydrated (React compares them by identity).
 */
export function useLocalStore<T>(store: LocalStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, () => store.empty);
}
