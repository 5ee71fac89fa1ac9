/**
 * Migration 0035 (coupons a Nigerian shop runs: fixed amounts, free delivery, a minimum spend, a limit
 * per customer, chosen categories and products) on a shop seeded and run under the migration before
 * it: every coupon it had is kept as a percent coupon with its percentage, limit, uses, expiry and
 * first-order rule, and checkout takes exactly what it took before; the lines of orders placed before
 * keep no share of their discount (null: refunds spread it over the subtotal, as they always did).
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBefore, openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import { checkCoupon } from '../core/orders/coupons';
import { quoteCart } from '../core/orders/quote';
import { products } from './schema/catalog';
import type { DatabaseHandle } from './client';

const TAG = '0035_coupon_kinds';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

/** The coupons the shop had before (the catalogue's seeding adds ROSSY10 after the migration). */
const BEFORE = ['DISCOUNT10', 'LAGOS25', 'OFF30', 'OLD20', 'WELCOME15'];

const couponRows = () =>
  rows<Record<string, unknown>>(sql`
    SELECT code, percent, active, expires_at, usage_limit, used_count, first_order_only, description
      FROM coupons WHERE code IN ${BEFORE} ORDER BY code`);

let before: Record<string, unknown>[];

beforeAll(async () => {
  shop = await openShopMigratedTo(migrationBefore(TAG));
  handle = shop.handle;
  // The shop's coupons as the previous schema kept them: a percentage each.
  await handle.db.execute(sql`
    INSERT INTO coupons (code, percent, active, expires_at, usage_limit, used_count, first_order_only, description)
    VALUES ('DISCOUNT10', 10, true, NULL, NULL, 41, false, '10% off your order'),
           ('WELCOME15', 15, true, NULL, NULL, 3, true, '15% off a first order'),
           ('LAGOS25', 25, true, '2099-12-31T22:59:00Z', 50, 49, false, 'Lagos Fashion Week'),
           ('OLD20', 20, true, '2020-01-01T00:00:00Z', NULL, 7, false, ''),
           ('OFF30', 30, false, NULL, NULL, 0, false, '')`);
  // An order placed with a coupon, and its lines.
  await handle.db.execute(sql`
    WITH placed AS (
      INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                          payment_method, status, subtotal_kobo, discount_kobo, shipping_kobo, tax_kobo,
                          total_kobo, tax_rate_percent, coupon_code, access_token_hash)
      VALUES ('ORD-90001', 'ada@example.ng', '+2348031112222',
              '{"firstName":"Ada","lastName":"Obi","address":"1 Road","city":"Ikeja","state":"Lagos","zipCode":"","country":"Nigeria"}',
              'standard', 'Standard', 'bank-transfer', 'processing', 3000000, 300000, 0, 0, 2700000, 0,
              'DISCOUNT10', 'x')
      RETURNING id)
    INSERT INTO order_lines (order_id, name, unit_price_kobo, quantity)
    SELECT id, 'Tote', 1000000, 3 FROM placed`);
  before = await couponRows();
  await handle.migrate();
  // The catalogue, seeded on today's schema: the seeded coupons already there are kept as they are.
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe(`migration ${TAG} on a shop of the migration before`, () => {
  it('keeps every coupon as a percent coupon with all it had', async () => {
    expect(await couponRows()).toEqual(before);
    const kinds = await rows<Record<string, unknown>>(sql`
      SELECT code, type, amount_kobo, minimum_spend_kobo, usage_limit_per_customer, category_ids, product_ids
        FROM coupons ORDER BY code`);
    expect(kinds).toHaveLength(6);
    for (const kind of kinds)
      expect(kind).toEqual({
        code: kind.code,
        type: 'percent',
        amount_kobo: null,
        minimum_spend_kobo: 0,
        usage_limit_per_customer: null,
        category_ids: [],
        product_ids: [],
      });
  });

  it('takes exactly what each took before, and refuses what it refused', async () => {
    const [piece] = await handle.db
      .select({ id: products.id, sizes: products.sizes })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id))
      .limit(1);
    await handle.db.execute(sql`UPDATE products SET price_kobo = 1234567 WHERE id = ${piece!.id}`);
    await handle.db.execute(
      sql`UPDATE product_variants SET price_kobo = NULL WHERE product_id = ${piece!.id}`,
    );
    const quote = (code: string) =>
      quoteCart(handle.db, {
        items: [{ id: piece!.id, quantity: 2, selectedSize: piece!.sizes[0] }],
        couponCode: code,
      });
    for (const [code, percent] of [
      ['discount10', 10],
      ['LAGOS25', 25],
    ] as const) {
      const priced = await quote(code);
      expect(priced.couponError).toBeNull();
      expect(priced.coupon).toMatchObject({ type: 'percent', percent });
      expect(priced.discountKobo).toBe(Math.round((2_469_134 * percent) / 100));
    }
    expect((await quote('old20')).couponError).toBe('This coupon code has expired.');
    expect((await quote('off30')).couponError).toBe('Invalid coupon code.');
    expect((await checkCoupon(handle.db, 'WELCOME15', { email: 'ada@example.ng' })).problem).toBe(
      'This coupon code is for a first order only.',
    );
  });

  it('leaves the lines of earlier orders without a recorded share of their discount', async () => {
    expect(await rows(sql`SELECT discount_kobo FROM order_lines`)).toEqual([{ discount_kobo: null }]);
  });

  it('refuses a coupon whose terms do not fit its type', async () => {
    await expect(
      handle.db.execute(sql`INSERT INTO coupons (code, type, percent) VALUES ('BROKEN', 'fixed', 10)`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`INSERT INTO coupons (code, type) VALUES ('NOPERCENT', 'percent')`),
    ).rejects.toThrow();
  });
});
