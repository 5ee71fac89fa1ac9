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
  variant = (result as { rows: { id: number; stock: number }[] }).rows[0]!;
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
    const body = response.json<{
      items: { quantity: number; reason: string; balance: number; note: string; variantId: number }[];
      total: number;
    }>();
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

const adjust = (body: Record<string, unknown>, token = adminToken) =>
  test.app.inject({
    method: 'POST',
    url: '/api/admin/inventory/adjustments',
    headers: auth(token),
    payload: body,
  });

const stockOf = async (id: number) =>
  (
    (await test.database.db.execute(sql`SELECT stock FROM product_variants WHERE id = ${id}`)) as {
      rows: { stock: number }[];
    }
  ).rows[0]!.stock;

describe('POST /api/admin/inventory/adjustments', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    await expectAdminOnly('POST', '/api/admin/inventory/adjustments', {
      variantId: variant.id,
      quantity: 1,
      reason: 'found',
    });
  });

  it('adds units received from a supplier, with the note, and the history reads it first', async () => {
    const before = await stockOf(variant.id);
    const response = await adjust({
      variantId: variant.id,
      quantity: 12,
      reason: 'received',
      note: 'From the Aba workshop',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      variantId: variant.id,
      stock: before + 12,
      movement: {
        quantity: 12,
        reason: 'adjustment',
        balance: before + 12,
        note: 'Received: From the Aba workshop',
      },
    });
    expect(await stockOf(variant.id)).toBe(before + 12);
    const [first] = (await movements(`?variantId=${variant.id}`)).json().items as {
      actor: string;
      note: string;
    }[];
    expect(first).toMatchObject({ actor: 'admin@rossy.ng', note: 'Received: From the Aba workshop' });
  });

  it('refuses taking away more than is there with 409 naming the SKU and the units, and moves nothing', async () => {
    const before = await stockOf(variant.id);
    const response = await adjust({ variantId: variant.id, quantity: -(before + 1), reason: 'lost' });
    expect(response.statusCode).toBe(409);
    const { error } = response.json<{ error: { message: string } }>();
    expect(error.message).toMatch(new RegExp(`^ROS-[\\w-]+ has ${before} in stock`));
    expect(await stockOf(variant.id)).toBe(before);
  });

  it('refuses 0, a damaged count that adds, an unknown reason, variant or location, and moves nothing', async () => {
    const before = await stockOf(variant.id);
    expect((await adjust({ variantId: variant.id, quantity: 0, reason: 'correction' })).statusCode).toBe(422);
    const damaged = await adjust({ variantId: variant.id, quantity: 2, reason: 'damaged' });
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().error.fields.quantity).toBe(
      'Damaged stock takes units away: enter a negative number',
    );
    expect((await adjust({ variantId: variant.id, quantity: 1, reason: 'gift' })).statusCode).toBe(400);
    expect((await adjust({ variantId: variant.id, quantity: 1.5, reason: 'found' })).statusCode).toBe(400);
    expect((await adjust({ variantId: 99_999_999, quantity: 1, reason: 'found' })).statusCode).toBe(404);
    expect(
      (await adjust({ variantId: variant.id, locationId: 999, quantity: 1, reason: 'found' })).statusCode,
    ).toBe(404);
    expect(await stockOf(variant.id)).toBe(before);
  });

  it('takes ten adjustments at once on one size without losing one, the stock the sum of its rows', async () => {
    const before = await stockOf(variant.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        adjust({ variantId: variant.id, quantity: index % 2 === 0 ? 3 : -1, reason: 'correction' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(await stockOf(variant.id)).toBe(before + 5 * 3 - 5);
    const all = (await movements(`?variantId=${variant.id}`)).json().items as {
      quantity: number;
      balance: number;
    }[];
    expect(all.reduce((sum, item) => sum + item.quantity, 0)).toBe(before + 10);
    expect(all[0]!.balance).toBe(before + 10);
  });
});
