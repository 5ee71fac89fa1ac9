import { createLocalStore, useLocalStore } from './local-store';

/** A cart line: what the shopper chose. Prices shown in the cart are refreshed from the server. */
export interface CartLine {
  id: number;
  name: string;
  price: number;
  image: string | null;
  category: string;
  quantity: number;
  selectedColor: string | null;
  selectedSize: string | null;
}

export interface WishlistItem {
  id: number;
  name: string;
  image: string | null;
  category: string;
  price: number;
}

const MAX_LINE_QUANTITY = 99;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function toCart(raw: unknown): CartLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (line): line is CartLine =>
      isRecord(line) && typeof line.id === 'number' && typeof line.quantity === 'number' && line.quantity > 0,
  );
}

function toWishlist(raw: unknown): WishlistItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((item): item is WishlistItem => isRecord(item) && typeof item.id === 'number');
}

export const cartStore = createLocalStore<CartLine[]>('rossy.cart', [], toCart);
export const wishlistStore = createLocalStore<WishlistItem[]>('rossy.wishlist', [], toWishlist);

const EMPTY_CART: CartLine[] = [];
const EMPTY_WISHLIST: WishlistItem[] = [];

export function useCart(): CartLine[] {
  return useLocalStore(cartStore, EMPTY_CART);
}

export function useWishlist(): WishlistItem[] {
  return useLocalStore(wishlistStore, EMPTY_WISHLIST);
}

const sameLine = (a: Pick<CartLine, 'id' | 'selectedColor' | 'selectedSize'>, b: typeof a) =>
  a.id === b.id && a.selectedColor === b.selectedColor && a.selectedSize === b.selectedSize;

/** Adding a line already in the cart adds to its quantity; otherwise the line is appended. */
export function addToCart(line: Omit<CartLine, 'quantity'>, quantity = 1) {
  const amount = Math.max(1, Math.floor(quantity));
  cartStore.set((cart) => {
    const existing = cart.find((item) => sameLine(item, line));
    if (!existing) return [...cart, { ...line, quantity: Math.min(amount, MAX_LINE_QUANTITY) }];
    return cart.map((item) =>
      item === existing ? { ...item, quantity: Math.min(item.quantity + amount, MAX_LINE_QUANTITY) } : item,
    );
  });
}

export function cartQuantity(cart: CartLine[]): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0);
}

export function toggleWishlist(item: WishlistItem) {
  wishlistStore.set((list) =>
    list.some((entry) => entry.id === item.id)
      ? list.filter((entry) => entry.id !== item.id)
      : [...list, item],
  );
}
