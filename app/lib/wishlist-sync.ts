import { useEffect } from 'react';
import { useRootData } from './root-data';
import { wishlistStore, type WishlistItem } from './shop-stores';

/** The account this browser's wishlist was last joined with; another (or none) means a fresh sign-in here. */
const ACCOUNT_KEY = 'rossy.wishlist.account';
/** Set while a change made here has not reached the account (offline): the next visit sends it first. */
const UNSENT_KEY = 'rossy.wishlist.unsent';

function readKey(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeKey(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the list still syncs while the page is open.
  }
}

const idsOf = (list: readonly WishlistItem[]) => list.map((item) => item.id).join(',');

async function call(method: 'GET' | 'PUT' | 'POST', path: string, ids?: number[]) {
  const response = await fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(ids ? { 'content-type': 'application/json' } : {}),
    },
    ...(ids ? { body: JSON.stringify({ productIds: ids }) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return ((await response.json()) as { items: WishlistItem[] }).items;
}

/**
 * Keeps a signed-in shopper's wishlist with her account, so it follows her to another device
 * (decision 0040). Signing in on a browser joins its wishlist to the account's; after that the
 * account's list is the one shown (fetched on each visit and when the tab comes back to the front),
 * and every heart tapped here is sent to it. A guest's wishlist stays in the browser only.
 */
export function useAccountWishlist() {
  const userId = useRootData()?.user?.id ?? null;
  useEffect(() => {
    if (!userId) {
      // Signed out: the list stays on this browser; the next sign-in joins it again.
      writeKey(ACCOUNT_KEY, null);
      return;
    }
    let stopped = false;
    /** The ids the account holds as far as this page knows; null until the first answer. */
    let synced: string | null = null;
    let sending = false;

    const adopt = (items: WishlistItem[]) => {
      if (stopped) return;
      synced = idsOf(items);
      wishlistStore.set(items);
    };
    const send = () => {
      const list = wishlistStore.get();
      synced = idsOf(list);
      sending = true;
      writeKey(UNSENT_KEY, '1');
      call(
        'PUT',
        '/api/wishlist',
        list.map((item) => item.id),
      )
        .then(() => writeKey(UNSENT_KEY, null))
        .catch(() => {})
        .finally(() => {
          sending = false;
        });
    };
    const refresh = () => {
      if (sending || synced === null || document.visibilityState !== 'visible') return;
      call('GET', '/api/wishlist')
        .then((items) => {
          if (!sending) adopt(items);
        })
        .catch(() => {});
    };

    const local = wishlistStore.get().map((item) => item.id);
    const first =
      readKey(ACCOUNT_KEY) !== userId
        ? call('POST', '/api/wishlist/merge', local)
        : readKey(UNSENT_KEY)
          ? call('PUT', '/api/wishlist', local)
          : call('GET', '/api/wishlist');
    first
      .then((items) => {
        if (stopped) return;
        writeKey(ACCOUNT_KEY, userId);
        writeKey(UNSENT_KEY, null);
        adopt(items);
      })
      .catch(() => {});

    const unsubscribe = wishlistStore.subscribe(() => {
      if (synced === null) {
        // Changed while the account cannot be reached (offline): sent on the next visit.
        if (readKey(ACCOUNT_KEY) === userId) writeKey(UNSENT_KEY, '1');
        return;
      }
      if (idsOf(wishlistStore.get()) !== synced) send();
    });
    document.addEventListener('visibilitychange', refresh);
    return () => {
      stopped = true;
      unsubscribe();
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [userId]);
}
