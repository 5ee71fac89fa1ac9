import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountPercent } from '../../contracts/money';
import * as seed from '../../seed/catalog-data';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { getShopSettings, saveShopSettings } from '../settings/shop-settings';
import { getSaleSummary } from './get-sale-summary';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

describe('sale figures', () => {
  it('counts the reduced pieces and finds the deepest discount, rounded as the badge rounds it', async () => {
    const onSale = seed.products.filter(
      (product) => product.originalPriceNaira !== null && product.originalPriceNaira > product.priceNaira,
    );
    const summary = await getSaleSummary(database.db);
    expect(summary.count).toBe(onSale.length);
    expect(summary.maxDiscountPercent).toBe(
      Math.max(
        ...onSale.map((product) =>
          discountPercent(product.priceNaira * 100, product.originalPriceNaira! * 100),
        ),
      ),
    );
  });

  it('the demo seed opens with a flash sale ending in the future; the end is a setting', async () => {
    const { flashSaleEndsAt } = await getShopSettings(database.db);
    expect(new Date(flashSaleEndsAt!).getTime()).toBeGreaterThan(Date.now());
    const ended = new Date(Date.now() - 1000).toISOString();
    await saveShopSettings(database.db, { flashSaleEndsAt: ended });
    expect((await getShopSettings(database.db)).flashSaleEndsAt).toBe(ended);
    await expect(saveShopSettings(database.db, { flashSaleEndsAt: 'next tuesday' })).rejects.toThrow();
  });
});
