import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

/*
 * A size × colour's cost (naira, as its price) and its low-stock level through the admin API: PATCH
 * takes them per grid row, the list reads them back; a negative or nonsense value is a 400 by its cell.
 */
let test: TestApp;
let adminToken: string;
let productId: number;

interface Variant {
  size: string | null;
  color: string | null;
  sku: string;
  stock: number;
  price: number | null;
  cost: number | null;
  lowStockThreshold: number | null;
}

beforeAll(async () => {
  ({ test, adminToken } = await createAdminTestApp({ seed: true }));
  const result = (await test.database.db.execute(sql`
    SELECT product_id FROM product_variants GROUP BY product_id HAVING count(*) > 1 ORDER BY product_id LIMIT 1`)) as {
    rows: { product_id: number }[];
  };
  productId = result.rows[0]!.product_id;
}, 120_000);
afterAll(async () => {
  await test?.close();
});

const variantsOf = async () => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/admin/products?q=${productId}`,
    headers: auth(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ items: { id: number; variants: Variant[] }[] }>()
    .items.find((item) => item.id === productId)!.variants;
};
const patch = (variants: unknown[]) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${productId}`,
    headers: auth(adminToken),
    payload: { variants },
  });
const grid = (variants: Variant[]) =>
  variants.map(({ size, color, sku, stock, price }) => ({ size, color, sku, stock, price }));

describe('costs and low-stock levels through PATCH /api/admin/products/{id}', () => {
  it('lists each size × colour with no cost and the shop’s default until the owner sets them', async () => {
    const variants = await variantsOf();
    expect(variants.length).toBeGreaterThan(1);
    expect(variants.every((row) => row.cost === null && row.lowStockThreshold === null)).toBe(true);
  });

  it('sets a cost in naira and a level per row, keeps them when a grid leaves them out, and null clears them', async () => {
    const rows = grid(await variantsOf());
    const changed = await patch(
      rows.map((row, index) => (index === 0 ? { ...row, cost: 8500.5, lowStockThreshold: 3 } : row)),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().variants[0]).toMatchObject({ cost: 8500.5, lowStockThreshold: 3 });
    expect((await variantsOf())[0]).toMatchObject({ cost: 8500.5, lowStockThreshold: 3 });

    expect((await patch(rows)).statusCode).toBe(200);
    expect((await variantsOf())[0]).toMatchObject({ cost: 8500.5, lowStockThreshold: 3 });

    expect(
      (await patch(rows.map((row, index) => (index === 0 ? { ...row, cost: null } : row)))).statusCode,
    ).toBe(200);
    expect((await variantsOf())[0]).toMatchObject({ cost: null, lowStockThreshold: 3 });
  });

  it('refuses a negative, fractional-kobo or nonsense cost and a threshold that is not a whole 0-10,000 with 400 by its cell, writing nothing', async () => {
    const before = await variantsOf();
    const rows = grid(before);
    const cases: [Record<string, unknown>, string][] = [
      [{ cost: -1 }, 'variants[1].cost'],
      [{ cost: 'cheap' }, 'variants[1].cost'],
      [{ cost: 12.345 }, 'variants[1].cost'],
      [{ lowStockThreshold: -1 }, 'variants[1].lowStockThreshold'],
      [{ lowStockThreshold: 2.5 }, 'variants[1].lowStockThreshold'],
      [{ lowStockThreshold: 10_001 }, 'variants[1].lowStockThreshold'],
      [{ lowStockThreshold: 'low' }, 'variants[1].lowStockThreshold'],
    ];
    for (const [cell, field] of cases) {
      const response = await patch(
        rows.map((row, index) =>
          index === 0 ? { ...row, cost: 1 } : index === 1 ? { ...row, ...cell } : row,
        ),
      );
      expect(response.statusCode, `${JSON.stringify(cell)} ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fields), JSON.stringify(cell)).toContain(field);
    }
    expect(await variantsOf()).toEqual(before);
  });
});
