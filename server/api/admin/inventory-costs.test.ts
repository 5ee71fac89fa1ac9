import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

/*
 * Units received may say what one cost (naira): the ledger's row keeps it, and it becomes the size ×
 * colour's cost price, the latest received winning. Only received stock carries one.
 */
let test: TestApp;
let adminToken: string;
let variantId: number;

beforeAll(async () => {
  ({ test, adminToken } = await createAdminTestApp({ seed: true }));
  const result = (await test.database.db.execute(
    sql`SELECT id FROM product_variants WHERE stock > 3 ORDER BY id LIMIT 1`,
  )) as { rows: { id: number }[] };
  variantId = result.rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await test?.close();
});

const adjust = (body: Record<string, unknown>) =>
  test.app.inject({
    method: 'POST',
    url: '/api/admin/inventory/adjustments',
    headers: auth(adminToken),
    payload: { variantId, ...body },
  });

const variantNow = async () =>
  (
    (await test.database.db.execute(
      sql`SELECT stock, cost_kobo FROM product_variants WHERE id = ${variantId}`,
    )) as { rows: { stock: number; cost_kobo: number | null }[] }
  ).rows[0]!;

const lastRow = async () =>
  (
    (await test.database.db.execute(
      sql`SELECT id, quantity, unit_cost_kobo FROM inventory_movements WHERE variant_id = ${variantId} ORDER BY id DESC LIMIT 1`,
    )) as { rows: { id: number | string; quantity: number; unit_cost_kobo: number | null }[] }
  ).rows[0]!;

describe('POST /api/admin/inventory/adjustments with a unit cost', () => {
  it('writes the cost on the ledger row of units received and makes it the cost price', async () => {
    expect((await variantNow()).cost_kobo).toBeNull();
    const before = (await variantNow()).stock;
    const response = await adjust({ quantity: 10, reason: 'received', unitCost: 8000, note: 'Aba workshop' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      stock: before + 10,
      cost: 8000,
      movement: { quantity: 10, unitCost: 8000, note: 'Received: Aba workshop' },
    });
    expect(await lastRow()).toMatchObject({ quantity: 10, unit_cost_kobo: 800_000 });
    expect(await variantNow()).toEqual({ stock: before + 10, cost_kobo: 800_000 });

    const log = (await test.database.db.execute(
      sql`SELECT summary FROM audit_log WHERE action = 'inventory.adjust' ORDER BY id DESC LIMIT 1`,
    )) as { rows: { summary: string }[] };
    expect(log.rows[0]!.summary).toMatch(
      /\+10 \(Received: Aba workshop\) at ₦8,000 a unit, now \d+; cost price ₦8,000$/,
    );
  });

  it('the latest cost wins; units received without one leave the cost price as it is', async () => {
    const first = await lastRow();
    const response = await adjust({ quantity: 2, reason: 'received', unitCost: 8250.5 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ cost: 8250.5, movement: { unitCost: 8250.5 } });
    expect((await variantNow()).cost_kobo).toBe(825_050);
    // The earlier row keeps what those units cost.
    const earlier = (await test.database.db.execute(
      sql`SELECT unit_cost_kobo FROM inventory_movements WHERE id = ${Number(first.id)}`,
    )) as { rows: { unit_cost_kobo: number }[] };
    expect(earlier.rows[0]!.unit_cost_kobo).toBe(800_000);

    const plain = await adjust({ quantity: 1, reason: 'received' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ cost: 8250.5, movement: { unitCost: null } });
    expect(await lastRow()).toMatchObject({ quantity: 1, unit_cost_kobo: null });
    expect((await variantNow()).cost_kobo).toBe(825_050);

    // A unit cost of ₦0: a gift from the workshop.
    const free = await adjust({ quantity: 1, reason: 'received', unitCost: 0 });
    expect(free.statusCode).toBe(201);
    expect((await variantNow()).cost_kobo).toBe(0);
  });

  it('refuses a cost on any other reason, or a negative one, with 422; a cost that is not money with 400; nothing moves', async () => {
    const before = await variantNow();
    const last = await lastRow();
    for (const [body, field, message] of [
      [{ quantity: 1, reason: 'found', unitCost: 100 }, 'unitCost', 'Only units received carry a cost.'],
      [{ quantity: -1, reason: 'damaged', unitCost: 100 }, 'unitCost', 'Only units received carry a cost.'],
      [{ quantity: 1, reason: 'correction', unitCost: 100 }, 'unitCost', 'Only units received carry a cost.'],
      [{ quantity: 1, reason: 'received', unitCost: -1 }, 'unitCost', 'A unit’s cost cannot be below ₦0.'],
    ] as const) {
      const response = await adjust(body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.fields[field]).toBe(message);
    }
    for (const unitCost of ['cheap', 12.345, 30_000_000]) {
      const response = await adjust({ quantity: 1, reason: 'received', unitCost });
      expect(response.statusCode, `${unitCost}: ${response.body}`).toBe(400);
    }
    expect(await variantNow()).toEqual(before);
    expect((await lastRow()).id).toBe(last.id);
  });

  it('the reports value the units on hand at that cost price, in naira', async () => {
    expect((await adjust({ quantity: 1, reason: 'received', unitCost: 9000 })).statusCode).toBe(201);
    const { stock, cost_kobo } = await variantNow();
    expect(cost_kobo).toBe(900_000);
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: auth(adminToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { stockValue } = response.json<{
      stockValue: {
        units: number;
        costedUnits: number;
        uncostedUnits: number;
        atCost: number;
        marginPercent: number;
      };
    }>();
    // The seeded catalogue has no costs: this size × colour is the only one with a cost.
    expect(stockValue).toMatchObject({ costedUnits: stock, atCost: (stock * cost_kobo!) / 100 });
    expect(stockValue.uncostedUnits).toBe(stockValue.units - stock);
  });
});
