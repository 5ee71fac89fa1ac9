import { MAX_LINE_QUANTITY } from '../../contracts/checkout-texts';
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

export function useCart(): CartLine[] {
  return useLocalStore(cartStore);
}

export function useWishlist(): WishlistItem[] {
  return useLocalStore(wishlistStore);
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

/** Whatever a shopper types, the quantity is a whole number from 1 up; anything else becomes 1. */
export function normaliseQuantity(value: string | number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number) || number < 1) return 1;
  return Math.min(Math.floor(number), MAX_LINE_QUANTITY);
}

type LineKey = Pick<CartLine, 'id' | 'selectedColor' | 'selectedSize'>;

/** Sets a line's quantity; 0 or less removes the line. */
export function setLineQuantity(key: LineKey, quantity: number) {
  const amount = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  cartStore.set((cart) =>
    amount <= 0
      ? cart.filter((item) => !sameLine(item, key))
      : cart.map((item) =>
          sameLine(item, key) ? { ...item, quantity: Math.min(amount, MAX_LINE_QUANTITY) } : item,
        ),
  );
}

export function removeFromCart(key: LineKey) {
  cartStore.set((cart) => cart.filter((item) => !sameLine(item, key)));
}

/** Gives a line a size; merges it into a line that already has that size. */
export function setLineSize(key: LineKey, size: string) {
  cartStore.set((cart) => {
    const line = cart.find((item) => sameLine(item, key));
    if (!line) return cart;
    const rest = cart.filter((item) => item !== line);
    const target = rest.find((item) => sameLine(item, { ...line, selectedSize: size }));
    if (target)
      return rest.map((item) =>
        item === target
          ? { ...item, quantity: Math.min(item.quantity + line.quantity, MAX_LINE_QUANTITY) }
          : item,
      );
    return cart.map((item) => (item === line ? { ...item, selectedSize: size } : item));
  });
}

export function clearCart() {
  cartStore.set([]);
  couponStore.set('');
}

export function removeFromWishlist(id: number) {
  wishlistStore.set((list) => list.filter((entry) => entry.id !== id));
}

/** Moves wishlist items into the cart (one each) and off the wishlist. */
export function moveWishlistToCart(items: WishlistItem[]) {
  for (const item of items) addToCart({ ...item, selectedColor: null, selectedSize: null }, 1);
  const moved = new Set(items.map((item) => item.id));
  wishlistStore.set((list) => list.filter((entry) => !moved.has(entry.id)));
}

/** The coupon code the shopper applied in the cart, carried to checkout. */
export const couponStore = createLocalStore<string>('rossy.coupon', '', (raw) =>
  typeof raw === 'string' ? raw.slice(0, 40) : '',
);

export function useAppliedCoupon(): string {
  return useLocalStore(couponStore);
}

export interface SavedCheckoutDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** Contact and address a guest asked the shop to remember on this device ('Save this information'). */
export const checkoutDetailsStore = createLocalStore<Partial<SavedCheckoutDetails> | null>(
  'rossy.checkout',
  null,
  (raw) => {
    if (!isRecord(raw)) return null;
    const details: Partial<SavedCheckoutDetails> = {};
    for (const [key, value] of Object.entries(raw))
      if (typeof value === 'string') details[key as keyof SavedCheckoutDetails] = value.slice(0, 200);
    return details;
  },
);
