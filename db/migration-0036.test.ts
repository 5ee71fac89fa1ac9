/**
 * Migration 0036 (VAT inside the tag price) on a shop seeded and run under the migration before it:
 * an order placed then keeps what it charged, its tax read as added on top ("Tax (10%)"), and the
 * shop's stored settings keep their own rates and name while Nigeria gets its 7.5 % VAT, inside the
 * prices, for the orders placed from then on.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxLineLabel } from '../contracts/tax';
import { migrationBefore, openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import { quoteCart } from '../core/orders/quote';
import { findOrderByNumber } from '../core/orders/read-orders';
import { toOrderView } from '../core/orders/order-view';
import { getShopSettings } from '../core/settings/shop-settings';
import { products } from './schema/catalog';
import type { DatabaseHandle } from './client';

const TAG = '0036_tax_included';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

beforeAll(async () => {
  shop = await openShopMigratedTo(migrationBefore(TAG));
  handle = shop.handle;
  // A Nigerian order of the previous schema: ₦30,000 of goods, 10 % tax on top, ₦33,000 charged.
  await handle.db.execute(sql`
    WITH placed AS (
      INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                          payment_method, status, subtotal_kobo, discount_kobo, shipping_kobo, tax_kobo,
                          total_kobo, tax_rate_percent, access_token_hash)
      VALUES ('ORD-90036', 'ada@example.ng', '+2348031112222',
              '{"firstName":"Ada","lastName":"Obi","address":"1 Road","city":"Ikeja","state":"Lagos","zipCode":"","country":"Nigeria"}',
              'standard', 'Standard', 'bank-transfer', 'processing', 3000000, 0, 0, 300000, 3300000, 10, 'x')
      RETURNING id)
    INSERT INTO order_lines (order_id, name, unit_price_kobo, quantity)
    SELECT id, 'Tote', 1000000, 3 FROM placed`);
  // The shop's settings as it saved them: its own rates, no Nigerian region, no word on included tax.
  await handle.db.execute(sql`
    INSERT INTO settings (key, value)
    VALUES ('shop', ${JSON.stringify({ name: 'Rossy Abuja', taxRates: { us: 8, eu: 19, asia: 15, other: 12 } })}::jsonb)`);
  await handle.migrate();
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe(`migration ${TAG} on a shop of the migration before`, () => {
  it('keeps what an earlier order charged, its tax read as added on top', async () => {
    expect(
      await rows(sql`SELECT total_kobo, tax_kobo, tax_included, delivery_discount_kobo FROM orders`),
    ).toEqual([{ total_kobo: 3_300_000, tax_kobo: 300_000, tax_included: false, delivery_discount_kobo: 0 }]);
    const view = await toOrderView(handle.db, (await findOrderByNumber(handle.db, 'ORD-90036'))!);
    expect(view).toMatchObject({ totalKobo: 3_300_000, taxKobo: 300_000, taxIncluded: false });
    expect(taxLineLabel(view)).toBe('Tax (10%)');
  });

  it('keeps the shop’s own settings and gives Nigeria 7.5 % VAT inside the prices', async () => {
    const settings = await getShopSettings(handle.db);
    expect(settings.name).toBe('Rossy Abuja');
    expect(settings.taxRates).toEqual({ ng: 7.5, us: 8, eu: 19, asia: 15, other: 12 });
    expect(settings.pricesIncludeTax).toBe(true);
  });

  it('prices a new Nigerian cart at its tag price, the VAT inside it', async () => {
    const [piece] = await handle.db
      .select({ id: products.id, sizes: products.sizes, priceKobo: products.priceKobo })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id))
      .limit(1);
    await handle.db.execute(
      sql`UPDATE product_variants SET price_kobo = NULL WHERE product_id = ${piece!.id}`,
    );
    const quote = await quoteCart(handle.db, {
      items: [{ id: piece!.id, quantity: 1, selectedSize: piece!.sizes[0] }],
      country: 'Nigeria',
    });
    expect(quote).toMatchObject({ taxIncluded: true, taxRatePercent: 7.5 });
    expect(quote.totalKobo).toBe(piece!.priceKobo + quote.shippingKobo);
    expect(quote.taxKobo).toBe(Math.round((piece!.priceKobo * 7.5) / 107.5));
  });
});
