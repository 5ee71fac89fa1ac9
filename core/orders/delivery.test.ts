import { describe, expect, it } from 'vitest';
import { defaultShopSettings } from '../settings/shop-settings';
import { deliveryPromise, shipsFree } from '../../contracts/delivery';

describe('delivery promises', () => {
  it('tells what checkout charges: Standard free over the threshold, or always for a piece that ships free', () => {
    expect(deliveryPromise({ freeShipping: false }, defaultShopSettings)).toBe(
      'Free standard delivery over ₦15,000',
    );
    expect(deliveryPromise({ freeShipping: true }, defaultShopSettings)).toBe('Free standard delivery');
  });

  it('promises nothing when no method is ever free, and every method when all can be', () => {
    const none = defaultShopSettings.shippingMethods.map((method) => ({
      ...method,
      freeOverThreshold: false,
    }));
    expect(
      deliveryPromise({ freeShipping: true }, { ...defaultShopSettings, shippingMethods: none }),
    ).toBeNull();
    const all = defaultShopSettings.shippingMethods.map((method) => ({ ...method, freeOverThreshold: true }));
    expect(deliveryPromise({ freeShipping: false }, { ...defaultShopSettings, shippingMethods: all })).toBe(
      'Free delivery over ₦15,000',
    );
  });

  it('a method free over the threshold is free for goods at it or for a bag of free-shipping pieces', () => {
    const standard = { priceKobo: 150_000, freeOverThreshold: true };
    const order = { thresholdKobo: 1_500_000, everyPieceShipsFree: false };
    expect(shipsFree(standard, { ...order, goodsKobo: 1_499_999 })).toBe(false);
    expect(shipsFree(standard, { ...order, goodsKobo: 1_500_000 })).toBe(true);
    expect(shipsFree(standard, { ...order, goodsKobo: 1, everyPieceShipsFree: true })).toBe(true);
    expect(shipsFree({ priceKobo: 300_000, freeOverThreshold: false }, { ...order, goodsKobo: 9e9 })).toBe(
      false,
    );
  });
});
