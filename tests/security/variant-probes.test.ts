/**
 * Probes of stock per size and colour over HTTP, as a shopper with a stale bag, a careless client or
 * a racing crowd would send them: the XL that is not there, a size the shirt is not sold in, a line
 * short of units next to lines that are not, and cancellations that must give each unit back once,
 * to its own size and colour.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowManyUnpaidOrders, testShippingAddress } from '../fixtures/orders';
import { auth, signInSeededAdmin } from '../fixtures/admin-api';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { createGridProduct, gridStock, setGridStock } from '../fixtures/variant-grid';

const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['White', 'Black', 'Navy', 'Olive'];

let test: TestApp;
let admin: string;
let shirt: { id: number; name: string };

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  admin = (await signInSeededAdmin(test)).token;
  shirt = await createGridProduct(test.database.db, {
    name: 'Linen Camp Shirt',
    sizes: SIZES,
    colors: COLOURS,
    stock: 2,
    priceKobo: 2_500_000,
  });
}, 120_000);
afterAll(async () => {
  await test?.close();
});

/** Two of every size in every colour (40 in all), none of XL in Olive, unless a probe says otherwise. */
beforeEach(async () => {
  await setGridStock(test.database.db, shirt.id, [{ size: 'XL', color: 'Olive', stock: 0 }], 2);
});

type Item = { size?: string | null; color?: string | null; quantity?: number };

const items = (lines: Item[]) =>
  lines.map((line) => ({
    id: shirt.id,
    quantity: line.quantity ?? 1,
    selectedSize: line.size ?? null,
    selectedColor: line.color ?? null,
  }));

let addressCounter = 0;
function postOrder(lines: Item[], email = 'variant-probe@example.ng') {
  return test.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: `10.25.0.${++addressCounter % 250}`,
    payload: {
      items: items(lines),
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '+234 803 555 0177',
      shippingAddress: { ...testShippingAddress },
    },
  });
}

function postQuote(lines: Item[]) {
  return test.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { items: items(lines) } });
}

async function orderCount(): Promise<number> {
  const result = await test.database.db.execute(sql`SELECT count(*)::int AS n FROM orders`);
  return Number((result as { rows: { n: number }[] }).rows[0]!.n);
}

async function productStock(): Promise<number> {
  const result = await test.database.db.execute(sql`SELECT stock FROM products WHERE id = ${shirt.id}`);
  return Number((result as { rows: { stock: number }[] }).rows[0]!.stock);
}

/** The grid as it should read: every cell 2 but XL/Olive 0, with `changes` applied ('M/Olive': -1). */
function expectedGrid(changes: Record<string, number> = {}): Record<string, number> {
  const grid: Record<string, number> = {};
  for (const color of COLOURS) for (const size of SIZES) grid[`${size}/${color}`] = 2;
  grid['XL/Olive'] = 0;
  for (const [cell, change] of Object.entries(changes)) grid[cell] = grid[cell]! + change;
  return grid;
}

describe('the XL oversell', () => {
  it('an order for XL in Olive, of which the shop has none, is refused with 409 naming the size and colour, though the shirt holds 38', async () => {
    expect(await productStock()).toBe(38);
    const before = await orderCount();
    const answer = await postOrder([{ size: 'XL', color: 'Olive' }]);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `${shirt.name}: Sorry, XL / Olive is sold out.`,
    });
    expect(await orderCount()).toBe(before);
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid());
    expect(await productStock()).toBe(38);

    // XL in another colour, and Olive in another size, are still sold.
    const black = await postOrder([{ size: 'XL', color: 'Black' }]);
    expect(black.statusCode).toBe(201);
    expect(black.json().order.items[0]).toMatchObject({ selectedSize: 'XL', selectedColor: 'Black' });
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid({ 'XL/Black': -1 }));
  });

  it('the quote flags the sold-out and the short variant in words a shopper reads, and the cart cannot be bought', async () => {
    await setGridStock(test.database.db, shirt.id, [{ size: 'M', color: 'Olive', stock: 1 }]);
    const answer = await postQuote([
      { size: 'S', color: 'White' },
      { size: 'XL', color: 'Olive' },
      { size: 'M', color: 'Olive', quantity: 2 },
    ]);
    expect(answer.statusCode).toBe(200);
    const quote = answer.json();
    expect(
      quote.lines.map((line: { problem: string | null; problemKind: string | null; stock: number }) => [
        line.problem,
        line.problemKind,
        line.stock,
      ]),
    ).toEqual([
      [null, null, 2],
      ['Sorry, XL / Olive is sold out.', 'stock', 0],
      ['Only 1 left in M / Olive.', 'stock', 1],
    ]);
    expect(quote.lines.map((line: { sku: string | null }) => line.sku)).toEqual([
      `ROS-${shirt.id}-S-WHT`,
      `ROS-${shirt.id}-XL-OLV`,
      `ROS-${shirt.id}-M-OLV`,
    ]);
    expect(quote.purchasable).toBe(false);
  });

  it('Place Order refuses a short line with 409 naming its size and colour, taking nothing for the lines that had enough', async () => {
    await setGridStock(test.database.db, shirt.id, [{ size: 'M', color: 'Olive', stock: 1 }]);
    const grid = await gridStock(test.database.db, shirt.id);
    const before = await orderCount();
    const answer = await postOrder([
      { size: 'S', color: 'White', quantity: 2 },
      { size: 'L', color: 'Navy' },
      { size: 'M', color: 'Olive', quantity: 2 },
    ]);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `${shirt.name}: Only 1 left in M / Olive.`,
    });
    expect(await orderCount()).toBe(before);
    expect(await gridStock(test.database.db, shirt.id)).toEqual(grid);
  });
});

describe('bad input: a size or colour the product does not sell', () => {
  it.each([
    [{ size: 'XXXL', color: 'Olive' }, 'Size XXXL is not available for this item.'],
    [{ size: 'M', color: 'Purple' }, 'Purple is not available for this item.'],
    [{ size: 'm', color: 'Olive' }, 'Size m is not available for this item.'],
  ])('Place Order answers %j with 400 naming it, writing nothing', async (line, message) => {
    const before = await orderCount();
    const answer = await postOrder([{ size: 'S', color: 'White' }, line]);
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: `${shirt.name}: ${message}`, fields: { items: message } },
    });
    expect(await orderCount()).toBe(before);
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid());
  });

  it('a line without a size for a shirt sold in five is still asked for one (422), not refused as bad input', async () => {
    const answer = await postOrder([{ color: 'Olive' }]);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe(`${shirt.name}: Please choose a size.`);
  });

  it('the quote answers 200 and flags the line, which adds nothing to the total', async () => {
    const answer = await postQuote([
      { size: 'S', color: 'White' },
      { size: 'XXXL', color: 'Olive' },
    ]);
    expect(answer.statusCode).toBe(200);
    const quote = answer.json();
    expect(quote.lines[1]).toMatchObject({
      problem: 'Size XXXL is not available for this item.',
      problemKind: 'unknown-option',
      sku: null,
    });
    expect(quote.subtotal).toBe(25_000);
    expect(quote.purchasable).toBe(false);
  });
});

describe('a stale bag', () => {
  it('a line whose colour the owner stopped selling: the quote says so, Place Order answers 400, the rest of the shirt sells', async () => {
    const stale = await createGridProduct(test.database.db, {
      name: 'Stale Bag Shirt',
      sizes: ['M', 'L'],
      colors: ['Olive', 'Rust'],
      stock: 3,
    });
    const line = { id: stale.id, quantity: 1, selectedSize: 'L', selectedColor: 'Rust' };
    const quoted = async () =>
      (await test.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { items: [line] } })).json();
    expect((await quoted()).purchasable).toBe(true);

    // The owner drops Rust: its variants go with it.
    await test.database.db.execute(sql`
      UPDATE products SET colors = '[{"name": "Olive", "hex": "#5A5A36"}]'::jsonb WHERE id = ${stale.id}`);
    await test.database.db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${stale.id} AND color = 'Rust'`,
    );
    const quote = await quoted();
    expect(quote.lines[0]).toMatchObject({
      problem: 'Rust is not available for this item.',
      problemKind: 'unknown-option',
    });
    expect(quote.purchasable).toBe(false);

    const before = await orderCount();
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [line],
        shippingMethod: 'standard',
        paymentMethod: 'bank-transfer',
        email: 'stale-bag@example.ng',
        phone: '+234 803 555 0177',
        shippingAddress: { ...testShippingAddress },
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Stale Bag Shirt: Rust is not available for this item.');
    expect(await orderCount()).toBe(before);
    expect(await gridStock(test.database.db, stale.id)).toEqual({ 'M/Olive': 3, 'L/Olive': 3 });
  });

  it('a size still listed whose variant is gone reads as not available, naming size and colour', async () => {
    const gone = await createGridProduct(test.database.db, {
      name: 'Gap Grid Shirt',
      sizes: ['M', 'L'],
      colors: ['Olive'],
      stock: 3,
    });
    await test.database.db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${gone.id} AND size = 'L'`,
    );
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: gone.id, quantity: 1, selectedSize: 'L', selectedColor: 'Olive' }] },
    });
    expect(answer.json().lines[0]).toMatchObject({
      problem: 'L / Olive is not available for this item.',
      problemKind: 'unknown-option',
    });
  });
});

describe('a cancellation gives each unit back to its own size and colour, once', () => {
  const ordered: Item[] = [
    { size: 'M', color: 'Olive' },
    { size: 'L', color: 'Navy', quantity: 2 },
  ];
  const taken = { 'M/Olive': -1, 'L/Navy': -2 };

  it("the shopper's cancel of an unpaid order, sent three times at once", async () => {
    const placed = await postOrder(ordered, 'cancel-thrice@example.ng');
    expect(placed.statusCode).toBe(201);
    const { order, accessToken } = placed.json<{ order: { id: string }; accessToken: string }>();
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid(taken));

    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        test.app.inject({
          method: 'POST',
          url: `/api/orders/${order.id}/cancel`,
          payload: { key: accessToken },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json().cancelled === true)).toHaveLength(1);
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid());
    expect(await productStock()).toBe(38);
  });

  it("the shop's cancel of a paid order, clicked twice at once, then the shopper's late cancel", async () => {
    const placed = await postOrder(ordered, 'shop-cancel@example.ng');
    const { order, accessToken } = placed.json<{ order: { id: string }; accessToken: string }>();
    await test.database.db.execute(sql`
      UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = now(), stock_held_until = NULL
       WHERE number = ${order.id}`);
    const cancel = () =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${order.id}/status`,
        headers: auth(admin),
        payload: { status: 'cancelled' },
      });
    const answers = await Promise.all([cancel(), cancel()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    // What the shop reads of the order: each line's size, colour and SKU.
    const cancelled = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(cancelled.items).toMatchObject([
      { selectedSize: 'M', selectedColor: 'Olive', sku: `ROS-${shirt.id}-M-OLV`, quantity: 1 },
      { selectedSize: 'L', selectedColor: 'Navy', sku: `ROS-${shirt.id}-L-NVY`, quantity: 2 },
    ]);
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid());

    const late = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { key: accessToken },
    });
    expect(late.json().cancelled).toBe(false);
    expect((await cancel()).statusCode).toBe(409);
    expect(await gridStock(test.database.db, shirt.id)).toEqual(expectedGrid());
  });
});
