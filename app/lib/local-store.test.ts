import { afterEach, describe, expect, test, vi } from 'vitest';
import { createLocalStore } from './local-store';

/** A browser's local storage, as much of it as the store uses. */
function stubStorage(kept: Record<string, string> = {}) {
  const items = new Map(Object.entries(kept));
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
}

const toList = (raw: unknown) => (Array.isArray(raw) ? raw.filter((item) => typeof item === 'number') : []);

afterEach(() => vi.unstubAllGlobals());

describe('a value kept in the browser', () => {
  test('with nothing kept, the browser reads the very value the server drew with: hydration draws nothing again', () => {
    stubStorage();
    const store = createLocalStore<number[]>('rossy.test', [], toList);
    expect(store.get()).toBe(store.empty);
  });

  test('an emptied list reads as the empty value itself', () => {
    stubStorage({ 'rossy.test': '[]' });
    const store = createLocalStore<number[]>('rossy.test', [], toList);
    expect(store.get()).toBe(store.empty);
  });

  test('a kept list is read, and the same answer is given until it changes', () => {
    stubStorage({ 'rossy.test': '[1,2]' });
    const store = createLocalStore<number[]>('rossy.test', [], toList);
    const first = store.get();
    expect(first).toEqual([1, 2]);
    expect(store.get()).toBe(first);
    store.set([3]);
    expect(store.get()).toEqual([3]);
  });
});
