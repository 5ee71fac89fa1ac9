import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';
import { stockCause } from '../../../core/inventory/cause';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
let variant: { id: number; stock: number };

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  const result = await test.database.db.execute(
    sql`SELECT id, stock FROM product_variants WHERE stock > 3 ORDER BY id LIMIT 1`,
  );
  variant = (result as unknown as { rows: { id: number; stock: number }[] }).rows[0]!;
  await test.database.db.transaction(async (tx) => {
    await stockCause(tx, { reason: 'adjustment', note: 'Two found damaged' });
    await tx.execute(sql`UPDATE product_variants SET stock = stock - 2 WHERE id = ${variant.id}`);
  });
}, 120_000);
afterAll(async () => {
  await test?.close();
});

const movements = (query: string, token = adminToken) =>
  test.app.inject({ method: 'GET', url: `/api/admin/inventory/movements${query}`, headers: auth(token) });

describe('GET /api/admin/inventory/movements', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    await expectAdminOnly('GET', '/api/admin/inventory/movements');
  });

  it("reads a size × colour's history newest first, each row with its reason and the balance after it", async () => {
    const response = await movements(`?variantId=${variant.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      items: { quantity: number; reason: string; balance: number; note: string; variantId: number }[];
      total: number;
    };
    expect(body.items[0]).toMatchObject({
      variantId: variant.id,
      quantity: -2,
      reason: 'adjustment',
      balance: variant.stock - 2,
      note: 'Two found damaged',
    });
    // Before it, the demo catalogue's opening rows; all of them sum to the stock.
    expect(body.items.slice(1).every((item) => item.reason === 'opening')).toBe(true);
    expect(body.total).toBe(body.items.length);
    expect(body.items.reduce((sum, item) => sum + item.quantity, 0)).toBe(variant.stock - 2);
  });

  it('refuses a variant or page that is not a number with a 400, and reads an unknown one as empty', async () => {
    expect((await movements('?variantId=shirt')).statusCode).toBe(400);
    expect((await movements('?page=0')).statusCode).toBe(400);
    const none = await movements('?variantId=99999999');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ items: [], total: 0 });
  });
});
