import { formatWholeNaira } from './money';

/** A shipping method as far as its price goes: the shop's settings (core/settings/shop-settings.ts). */
export interface DeliveryMethod {
  name: string;
  priceKobo: number;
  /** Free when the goods reach the threshold, or when every piece ships free. */
  freeOverThreshold: boolean;
  enabled: boolean;
}

/**
 * Whether a method costs an order nothing: it is free anyway, or it is free over the threshold and
 * the goods (after any coupon) reach it or every piece in the order ships free (a product's "free
 * shipping" flag). Checkout charges by this (core/orders/pricing.ts) and every label reads it.
 */
export function shipsFree(
  method: Pick<DeliveryMethod, 'priceKobo' | 'freeOverThreshold'>,
  order: { goodsKobo: number; thresholdKobo: number; everyPieceShipsFree: boolean },
): boolean {
  if (method.priceKobo === 0) return true;
  return method.freeOverThreshold && (order.goodsKobo >= order.thresholdKobo || order.everyPieceShipsFree);
}

/**
 * What a shopper is promised about delivery, by the rule of shipsFree: which methods can be free
 * ("standard delivery" when only Standard can), and whether a piece ships free or only over the
 * threshold. Null when no method is ever free.
 */
export function deliveryPromise(
  product: { freeShipping: boolean },
  settings: { shippingMethods: DeliveryMethod[]; freeShippingThresholdKobo: number },
): string | null {
  const enabled = settings.shippingMethods.filter((method) => method.enabled);
  const freeable = enabled.filter((method) => method.priceKobo === 0 || method.freeOverThreshold);
  if (freeable.length === 0) return null;
  const what =
    freeable.length === enabled.length
      ? 'delivery'
      : `${freeable.map((method) => method.name.toLowerCase()).join(' or ')} delivery`;
  if (product.freeShipping || freeable.some((method) => method.priceKobo === 0)) return `Free ${what}`;
  return `Free ${what} over ${formatWholeNaira(settings.freeShippingThresholdKobo)}`;
}
