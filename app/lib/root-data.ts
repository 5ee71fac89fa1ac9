import type { Role } from '../../contracts/accounts';
import { useEffect } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { CurrencyRates, DisplayCurrency } from '../../contracts/currency';
import type { ShopSettings } from '../../core/settings/shop-settings';

/**
 * What the root loader (app/root.tsx) gives every page: declared here, where the shell and the
 * features may import it, so the type does not run through root.tsx (which imports the shell).
 */
export interface ShopInfo extends Pick<
  ShopSettings,
  | 'name'
  | 'tagline'
  | 'supportEmail'
  | 'supportPhone'
  | 'whatsappNumber'
  | 'address'
  | 'businessHours'
  | 'freeShippingThresholdKobo'
  | 'returnsDays'
  | 'warrantyMonths'
  | 'social'
  | 'paymentMethods'
  | 'pricesIncludeTax'
> {
  /** The provider that takes cards now, by name (TEST MODE's sandbox plays Flutterwave). */
  cardProviderName: string;
  /** What the FAQ, the live chat and the policy pages quote: methods shoppers can pick. */
  shippingMethods: Pick<
    ShopSettings['shippingMethods'][number],
    'name' | 'description' | 'priceKobo' | 'freeOverThreshold' | 'enabled'
  >[];
}

export interface RootData {
  nonce: string;
  user: {
    id: string;
    name: string;
    email: string;
    role: Role;
    avatarUrl: string | null;
  } | null;
  publicUrl: string;
  /** No provider keys: card payments go to the shop's own TEST MODE sandbox and move no money. */
  testMode: boolean;
  /** The header's notifications badge: the signed-in shopper's unread count. */
  unreadNotifications: number;
  /** The shopper's display currency (a cookie) and the admin's rates: prices render converted from the first byte. */
  display: { currency: DisplayCurrency; rates: CurrencyRates };
  shop: ShopInfo;
  /** Page views in a hundred that measure their Core Web Vitals (app/lib/web-vitals.ts). */
  vitalsSamplePercent: number;
}

/** The last root data this tab rendered: only ever set in the browser, never shared between requests. */
let lastSeen: RootData | undefined;

/**
 * The root loader's data: the shop's details and policy values every page may quote. When a
 * navigation could not reload it (offline, the shop unreachable), React Router drops it: the shop's
 * frame then keeps the copy this tab last showed, so an error or offline page still has its header
 * and bottom bar (decision 0039).
 */
export function useRootData(): RootData | undefined {
  const data = useRouteLoaderData<RootData | undefined>('root');
  useEffect(() => {
    if (data !== undefined) lastSeen = data;
  }, [data]);
  if (typeof document === 'undefined') return data;
  return data ?? lastSeen;
}
