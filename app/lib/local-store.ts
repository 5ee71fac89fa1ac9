import { useSyncExternalStore } from 'react';

/**
 * A value kept in the browser's local storage, shared by every component that reads it and kept
 * in step across tabs. On the server (and before hydration) it reads as the empty value, so the
 * first client render matches the HTML.
 */
export interface LocalStore<T> {
  get(): T;
  set(update: T | ((current: T) => T)): void;
  subscribe(listener: () => void): () => void;
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
    cache = { raw, value };
    return value;
  };

  const notify = () => listeners.forEach((listener) => listener());

  return {
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

export function useLocalStore<T>(store: LocalStore<T>, serverValue: T): T {
  return useSyncExternalStore(store.subscribe, store.get, () => serverValue);
}
