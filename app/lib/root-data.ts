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
> {
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
    role: 'customer' | 'admin';
    avatarUrl: string | null;
  } | null;
  publicUrl: string;
  /** No Flutterwave keys: card payments go to the shop's own TEST MODE sandbox and move no money. */
  testMode: boolean;
  /** The header's notifications badge: the signed-in shopper's unread count. */
  unreadNotifications: number;
  /** The shopper's display currency (a cookie) and the admin's rates: prices render converted from the first byte. */
  display: { currency: DisplayCurrency; rates: CurrencyRates };
  shop: ShopInfo;
}

/** The root loader's data: the shop's details and policy values every page may quote. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}
