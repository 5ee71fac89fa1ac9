import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts';
import { products, productVariants } from '../../../db/schema/catalog';
import {
  auth,
  createAdminTestApp,
  stockedOneSizeProduct,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import { parseCsv } from '../../../tests/fixtures/csv';
import { setProductStock } from '../../../tests/fixtures/stock';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let productId: number;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  productId = await stockedOneSizeProduct(test, 50);
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function placeOrder(email: string, firstName = 'Funmi') {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 2 }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '+234 809 000 1234',
      shippingAddress: {
        firstName,
        lastName: 'Ade',
        address: '9 Ring Road, Bodija',
        city: 'Ibadan',
        state: 'Oyo',
        zipCode: '200001',
        country: 'Nigeria',
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order as { id: string; total: number };
}

async function exportCsv(kind: string, query: Record<string, string> = {}) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/admin/export/${kind}.csv`,
    query,
    headers: auth(adminToken),
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const body = response.rawPayload.toString('utf8');
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  return { response, header: header!, rows, column: (name: string) => header!.indexOf(name) };
}

describe('CSV exports', () => {
  it('every export answers 401 to a guest and 403 to a customer', async () => {
    for (const kind of ['orders', 'products', 'users', 'transactions']) {
      await expectAdminOnly('GET', `/api/admin/export/${kind}.csv`);
    }
  });

  it('orders: a named, Excel-ready file with the rows the filters match, totals in naira', async () => {
    const first = await placeOrder('export.one@example.ng');
    const second = await placeOrder('export.two@example.ng');
    const confirm = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${second.id}/confirm-transfer`,
      headers: auth(adminToken),
    });
    expect(confirm.statusCode).toBe(200);

    const { response, header, rows, column } = await exportCsv('orders', { q: 'export.' });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="rossy-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(header.slice(0, 3)).toEqual(['Order', 'Placed', 'Customer']);
    // Newest first, as the list shows them.
    expect(rows.map((row) => row[column('Order')])).toEqual([second.id, first.id]);
    const row = rows[1]!;
    expect(row[column('Total (NGN)')]).toBe(first.total.toFixed(2));
    expect(row[column('Email')]).toBe('export.one@example.ng');
    expect(row[column('Status')]).toBe('Awaiting payment');
    expect(row[column('Address')]).toBe('9 Ring Road, Bodija');
    expect(row[column('Placed')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/);
    expect(rows.every((record) => record.length === header.length)).toBe(true);

    const processing = await exportCsv('orders', { q: 'export.', status: 'processing' });
    expect(processing.rows.map((record) => record[processing.column('Order')])).toEqual([second.id]);
    expect(processing.rows[0]![processing.column('Payment status')]).toBe('paid');

    const none = await exportCsv('orders', { q: 'nobody-ordered-this' });
    expect(none.rows).toEqual([]);
    expect(none.header).toEqual(header);
  });

  it('a formula typed into a name comes out as text, not as a formula', async () => {
    const order = await placeOrder('export.formula@example.ng', '=HYPERLINK("http://evil.example","x")');
    const { response, rows, column } = await exportCsv('orders', { q: 'export.formula' });
    expect(rows[0]![column('Order')]).toBe(order.id);
    expect(rows[0]![column('Customer')]).toBe(`'=HYPERLINK("http://evil.example","x") Ade`);
    expect(response.rawPayload.toString('utf8')).toContain(
      '"\'=HYPERLINK(""http://evil.example"",""x"") Ade"',
    );
  });

  it('products: one row per size and colour with its SKU, stock and price; search, stock and status filters', async () => {
    // A product sold in several sizes and colours.
    const [shirt] = await test.database.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.status, 'active'),
          sql`cardinality(${products.sizes}) > 1`,
          sql`jsonb_array_length(${products.colors}) > 1`,
        ),
      )
      .orderBy(products.id)
      .limit(1);
    const id = shirt!.id;
    await test.database.db
      .update(products)
      .set({
        name: 'Export Test Agbada, "Royal"',
        description: '=HYPERLINK("http://evil.example","x")',
        priceKobo: 4_550_050,
      })
      .where(eq(products.id, id));
    await setProductStock(test.database.db, id, 0);
    const grid = await test.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(productVariants.position, productVariants.id);
    expect(grid.length).toBeGreaterThan(2);

    const soldOut = await exportCsv('products', { q: 'Export Test Agbada', stock: 'out_of_stock' });
    const at = soldOut.column;
    expect(soldOut.header.slice(0, 13)).toEqual([
      'Product ID',
      'Name',
      'Description',
      'Category',
      'Brand',
      'Price',
      'Original price',
      'Size',
      'Colour',
      'Colour hex',
      'SKU',
      'Stock',
      'Variant price',
    ]);
    // Every size and colour, in the order the shop shows them, each with its SKU.
    expect(soldOut.rows.map((row) => [row[at('Size')], row[at('Colour')], row[at('SKU')]])).toEqual(
      grid.map((variant) => [variant.size, variant.color, variant.sku]),
    );
    for (const row of soldOut.rows) {
      expect(row[at('Product ID')]).toBe(String(id));
      expect(row[at('Name')]).toBe('Export Test Agbada, "Royal"');
      // A formula typed into a description comes out as text.
      expect(row[at('Description')]).toBe(`'=HYPERLINK("http://evil.example","x")`);
      expect(row[at('Price')]).toBe('45500.50');
      expect(row[at('Stock')]).toBe('0');
      expect(row[at('Stock status')]).toBe('Out of stock');
      expect(row[at('Product stock status')]).toBe('Out of stock');
      expect(row[at('Colour hex')]).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(row.length).toBe(soldOut.header.length);
    }

    // Two left of one size, and its own price for another: the product is low, not out.
    const [first, second] = grid as [(typeof grid)[number], (typeof grid)[number]];
    await test.database.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, first.id));
    await test.database.db
      .update(productVariants)
      .set({ priceKobo: 5_000_000 })
      .where(eq(productVariants.id, second.id));
    expect((await exportCsv('products', { q: 'Export Test Agbada', stock: 'out_of_stock' })).rows).toEqual(
      [],
    );
    expect((await exportCsv('products', { q: 'Export Test Agbada', stock: 'in_stock' })).rows).toEqual([]);
    const low = await exportCsv('products', { q: 'Export Test Agbada', stock: 'low_stock' });
    expect(low.rows).toHaveLength(grid.length);
    const bySku = new Map(low.rows.map((row) => [row[low.column('SKU')], row]));
    const firstRow = bySku.get(first.sku)!;
    expect(firstRow[low.column('Stock')]).toBe('2');
    expect(firstRow[low.column('Stock status')]).toBe('Low stock');
    expect(firstRow[low.column('Variant price')]).toBe('');
    expect(firstRow[low.column('Selling price')]).toBe('45500.50');
    expect(firstRow[low.column('Product stock')]).toBe('2');
    expect(firstRow[low.column('Product stock status')]).toBe('Low stock');
    const secondRow = bySku.get(second.sku)!;
    expect(secondRow[low.column('Stock status')]).toBe('Out of stock');
    expect(secondRow[low.column('Variant price')]).toBe('50000.00');
    expect(secondRow[low.column('Selling price')]).toBe('50000.00');

    // Plenty of another size: the product still counts as low while one size is below five.
    const [, , third] = grid as [unknown, unknown, (typeof grid)[number]];
    await test.database.db.update(productVariants).set({ stock: 40 }).where(eq(productVariants.id, third.id));
    const stillLow = await exportCsv('products', { q: 'Export Test Agbada', stock: 'low_stock' });
    expect(stillLow.rows).toHaveLength(grid.length);
    expect(stillLow.rows[0]![stillLow.column('Product stock')]).toBe('42');
    expect(stillLow.rows[0]![stillLow.column('Product stock status')]).toBe('Low stock');
    expect((await exportCsv('products', { q: 'Export Test Agbada', stock: 'in_stock' })).rows).toEqual([]);

    expect((await exportCsv('products', { q: 'Export Test Agbada', status: 'archived' })).rows).toEqual([]);
    // Everything on sale: a row for every size and colour of every product.
    const all = await exportCsv('products');
    const [{ total }] = (await test.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.status, 'active'))) as [{ total: number }];
    expect(all.rows).toHaveLength(total);
    expect(new Set(all.rows.map((row) => row[all.column('SKU')])).size).toBe(total);
  });

  it('transactions: the confirmed transfer with its amount; a bad date is refused before any byte is sent', async () => {
    const order = await placeOrder('export.paid@example.ng');
    await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-transfer`,
      headers: auth(adminToken),
    });
    const { rows, column } = await exportCsv('transactions', { q: order.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]![column('Order')]).toBe(order.id);
    expect(rows[0]![column('Amount (NGN)')]).toBe(order.total.toFixed(2));
    expect(rows[0]![column('Status')]).toBe('successful');
    expect((await exportCsv('transactions', { q: order.id, status: 'failed' })).rows).toEqual([]);
    // Dates out of the range leave it out.
    expect(
      (await exportCsv('transactions', { q: order.id, from: '2020-01-01', to: '2020-01-31' })).rows,
    ).toEqual([]);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/admin/export/transactions.csv?from=yesterday',
      headers: auth(adminToken),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('from');
  });

  it('users: streams 1,200 accounts in batches, never the password hash, and the export is logged', async () => {
    const now = Date.now();
    await test.database.db.insert(users).values(
      Array.from({ length: 1200 }, (_, index) => ({
        name: `Bulk Shopper ${index}`,
        email: `bulk-${String(index).padStart(4, '0')}@example.ng`,
        passwordHash: 'argon2-hash-not-to-be-exported',
        createdAt: new Date(now - index * 1000),
      })),
    );
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/admin/export/users.csv?q=bulk-`, {
      headers: { ...auth(adminToken), 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    // No length known in advance: the body is written while the rows are still being read.
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    let pieces = 0;
    let text = '';
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces += 1;
      text += decoder.decode(value, { stream: true });
    }
    expect(pieces).toBeGreaterThan(1);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).not.toContain('argon2');
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).not.toContain('Password');
    const emailAt = header!.indexOf('Email');
    expect(rows).toHaveLength(1200);
    expect(new Set(rows.map((row) => row[emailAt])).size).toBe(1200);
    expect(rows[0]![emailAt]).toBe('bulk-0000@example.ng');
    expect(rows[1199]![emailAt]).toBe('bulk-1199@example.ng');

    const log = await test.app.inject({
      method: 'GET',
      url: '/api/admin/audit?entityType=export',
      headers: auth(adminToken),
    });
    const entry = (log.json().entries as { action: string; actorEmail: string; after: unknown }[]).find(
      (candidate) => candidate.action === 'export.users',
    );
    expect(entry).toMatchObject({ actorEmail: 'admin@rossy.ng', after: { q: 'bulk-' } });
  });
});
