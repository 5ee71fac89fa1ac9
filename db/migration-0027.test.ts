/**
 * Migration 0027 (real shoppers' Core Web Vitals) on a shop seeded and run under migration 0026:
 * its orders and settings are kept as they were, the settings read a sample rate of every page
 * view, and the new daily aggregates take a beacon's histogram row and nothing else.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { getShopSettings } from '../core/settings/shop-settings';
import { recordVitals } from '../core/vitals/record-vitals';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const orderRows = () =>
  rows<Record<string, unknown>>(sql`SELECT id, number, status, total_kobo FROM orders ORDER BY id`);
let ordersBefore: Record<string, unknown>[];

const buckets = (index: number) =>
  `{${Array.from({ length: 40 }, (_, at) => (at === index ? 1 : 0)).join(',')}}`;

beforeAll(async () => {
  shop = await openShopMigratedTo('0026_paystack');
  handle = shop.handle;
  await handle.db.execute(sql`
    INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                        payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                        tax_kobo, total_kobo, tax_rate_percent, access_token_hash)
    VALUES ('ORD-27001', 'ada@example.ng', '+2348031234567',
            ${JSON.stringify({ firstName: 'Ada', lastName: 'Obi', address: '1 Broad St', city: 'Lagos', state: 'Lagos', zipCode: '', country: 'Nigeria' })}::jsonb,
            'standard', 'Standard', 'paystack', 'paid', 'processing', 5000000, 0, 200000, 0, 5200000, 0, 'hash-27001')`);
  await handle.db.execute(sql`
    INSERT INTO settings (key, value) VALUES ('shop', ${JSON.stringify({ name: 'Rossy Ikeja', cardProvider: 'paystack' })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  ordersBefore = await orderRows();
  expect(ordersBefore).toHaveLength(1);
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0027 on a shop of 0026', () => {
  it('keeps every order, and the settings, which now measure every page view', async () => {
    expect(await orderRows()).toEqual(ordersBefore);
    expect(await getShopSettings(handle.db)).toMatchObject({
      name: 'Rossy Ikeja',
      cardProvider: 'paystack',
      vitalsSamplePercent: 100,
    });
  });

  it('records a beacon into the new daily aggregates', async () => {
    await recordVitals(
      { db: handle.db, rateLimiter: { hit: async () => {}, check: async () => {} } },
      { template: 'home', device: 'mobile', connection: '4g', metrics: { LCP: 1800, TTFB: 500 } },
      { ip: '203.0.113.1' },
    );
    const stored = await rows<{ metric: string; count: number }>(
      sql`SELECT metric, count FROM web_vitals_daily ORDER BY metric`,
    );
    expect(stored).toEqual([
      { metric: 'LCP', count: 1 },
      { metric: 'TTFB', count: 1 },
    ]);
  });

  it('refuses a row of an unknown metric or device, a histogram of another size, a count below zero', async () => {
    const insert = (metric: string, device: string, histogram: string, count = 1) =>
      handle.db.execute(sql`
        INSERT INTO web_vitals_daily (day, template, metric, device, connection, count, buckets)
        VALUES ('2030-01-01', 'home', ${metric}, ${device}, '4g', ${count}, ${histogram}::int[])`);
    await expect(insert('FCP', 'mobile', buckets(3))).rejects.toThrow();
    await expect(insert('LCP', 'tablet', buckets(3))).rejects.toThrow();
    await expect(insert('LCP', 'mobile', '{1,2,3}')).rejects.toThrow();
    await expect(insert('LCP', 'mobile', buckets(3), -1)).rejects.toThrow();
    await insert('LCP', 'mobile', buckets(3));
    expect(await rows(sql`SELECT 1 FROM web_vitals_daily WHERE day = '2030-01-01'`)).toHaveLength(1);
  });
});
