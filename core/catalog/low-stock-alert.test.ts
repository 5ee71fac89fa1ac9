import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { allowManyUnpaidOrders, testShippingAddress } from '../../tests/fixtures/orders';
import { setGridStock } from '../../tests/fixtures/variant-grid';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { getShopSettings, saveShopSettings } from '../settings/shop-settings';
import { crossingLine, lowStockAlertMail, lowStockCrossings } from './low-stock-alert';

describe('lowStockCrossings', () => {
  it('alerts once when an order takes a variant below five, and when it takes the last units', () => {
    expect(
      lowStockCrossings([
        { variantId: 1, quantity: 1, left: 5 }, // 6 → 5: still at the line
        { variantId: 2, quantity: 1, left: 4 }, // 5 → 4: crossed
        { variantId: 3, quantity: 1, left: 3 }, // 4 → 3: already below, no second alert
        { variantId: 4, quantity: 8, left: 2 }, // 10 → 2: crossed in one go
        { variantId: 5, quantity: 3, left: 0 }, // 3 → 0: sold out
        { variantId: 6, quantity: 9, left: 0 }, // 9 → 0: sold out, not also "low"
        { variantId: 7, quantity: 0, left: 0 }, // took nothing
      ]),
    ).toEqual([
      { variantId: 2, kind: 'low', left: 4 },
      { variantId: 4, kind: 'low', left: 2 },
      { variantId: 5, kind: 'sold_out', left: 0 },
      { variantId: 6, kind: 'sold_out', left: 0 },
    ]);
  });
});

describe('lowStockAlertMail', () => {
  const shirt = {
    variantId: 7,
    productId: 1061,
    name: 'Linen Shirt',
    sku: 'ROS-1061-M-OLV',
    size: 'M',
    color: 'Olive',
  };
  const cap = { variantId: 8, productId: 1062, name: 'Fila Cap', sku: 'ROS-1062', size: null, color: null };

  it('names the size, colour, units left and SKU', async () => {
    expect(crossingLine(shirt, { variantId: 7, kind: 'low', left: 2 })).toBe(
      'Linen Shirt M / Olive: 2 left (SKU ROS-1061-M-OLV)',
    );
    expect(crossingLine(cap, { variantId: 8, kind: 'sold_out', left: 0 })).toBe(
      'Fila Cap: sold out (SKU ROS-1062)',
    );
    const settings = await getShopSettingsOf({ emailAlerts: true, alertEmail: 'stock@rossy.ng' });
    const one = await lowStockAlertMail(
      'https://rossy.test',
      settings,
      [{ variantId: 7, kind: 'low', left: 2 }],
      [shirt, cap],
    );
    expect(one).toMatchObject({
      to: 'stock@rossy.ng',
      subject: 'Low stock: Linen Shirt M / Olive: 2 left (SKU ROS-1061-M-OLV)',
    });
    expect(one!.text).toContain('https://rossy.test/admin?tab=products&q=Linen%20Shirt');
    const two = await lowStockAlertMail(
      'https://rossy.test',
      settings,
      [
        { variantId: 7, kind: 'low', left: 2 },
        { variantId: 8, kind: 'sold_out', left: 0 },
      ],
      [shirt, cap],
    );
    expect(two!.subject).toBe('Low stock: 2 sizes and colours, 1 sold out');
    expect(two!.text).toContain('Linen Shirt M / Olive: 2 left (SKU ROS-1061-M-OLV)');
    expect(two!.text).toContain('Fila Cap: sold out (SKU ROS-1062)');
    expect(two!.text).toContain('/admin?tab=products&stock=low_stock');
    // Nothing crossed, or the owner turned e-mail alerts off: no mail.
    expect(await lowStockAlertMail('https://rossy.test', settings, [], [shirt])).toBeNull();
    const off = await getShopSettingsOf({ emailAlerts: false, alertEmail: 'stock@rossy.ng' });
    expect(
      await lowStockAlertMail('https://rossy.test', off, [{ variantId: 7, kind: 'low', left: 2 }], [shirt]),
    ).toBeNull();
  });
});

/** The shop's settings with these notification choices (the defaults otherwise). */
async function getShopSettingsOf(notifications: { emailAlerts: boolean; alertEmail: string }) {
  const defaults = await getShopSettings(database.db);
  return { ...defaults, notifications: { ...defaults.notifications, ...notifications } };
}

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SHOPPERS = 12;
let database: TestDatabase;
let wide: DatabaseHandle | null = null;
let deps: PlaceOrderDeps;
let product: { id: number; size: string; color: string; name: string };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  await saveShopSettings(database.db, {
    notifications: { emailAlerts: true, smsAlerts: false, alertEmail: 'stock@rossy.test' },
  });
  const db = await shoppersDb();
  deps = { db, mailer: createMailer({ db, from: 'shop@rossy.test' }), publicUrl: 'https://rossy.test' };
  // A product in several sizes and colours: its first size in its first colour is what an order names.
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes, colors: products.colors, name: products.name })
    .from(products)
    .where(
      and(
        eq(products.status, 'active'),
        sql`cardinality(${products.sizes}) > 1`,
        sql`jsonb_array_length(${products.colors}) > 1`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0]!, color: row!.colors[0]!.name, name: row!.name };
}, 120_000);
afterAll(async () => {
  await wide?.close();
  await database?.destroy();
});

/** The test database through a pool wide enough for every shopper at once (PostgreSQL only). */
async function shoppersDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return database.db;
  const result = await database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  const name = (result as { rows: { name: string }[] }).rows[0]!.name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  wide = await openDatabase({ databaseUrl: url.toString(), maxConnections: SHOPPERS });
  return wide.db;
}

const order = (email: string, quantity = 1) =>
  placeOrder(deps, {
    items: [{ id: product.id, quantity, selectedSize: product.size, selectedColor: product.color }],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email,
    phone: '+234 803 555 0177',
    shippingAddress: { ...testShippingAddress },
  });

async function sku(): Promise<string> {
  const [row] = await database.db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, product.id),
        eq(productVariants.size, product.size),
        eq(productVariants.color, product.color),
      ),
    );
  return row!.sku;
}

/** The shop's stock alerts in the outbox, oldest first. */
async function alerts(): Promise<{ to: string; subject: string; text: string }[]> {
  return database.db
    .select({ to: outbox.to, subject: outbox.subject, text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, 'stock@rossy.test'), like(outbox.subject, '%(SKU %')))
    .orderBy(asc(outbox.id));
}

// The alert is written by the order's own statement: it is in the outbox as soon as placeOrder returns.
describe('the low-stock alert with an order', { timeout: 90_000 }, () => {
  it('e-mails the shop once when a size falls below five and once when it sells out, naming its SKU', async () => {
    await setGridStock(database.db, product.id, [{ size: product.size, color: product.color, stock: 6 }], 20);
    const code = await sku();
    const option = `${product.size} / ${product.color}`;

    await order('first@example.ng'); // 6 → 5
    expect(await alerts()).toEqual([]);
    await order('second@example.ng'); // 5 → 4
    let sent = await alerts();
    expect(sent.map((mail) => mail.subject)).toEqual([
      `Low stock: ${product.name} ${option}: 4 left (SKU ${code})`,
    ]);
    await order('third@example.ng'); // 4 → 3: below already, no second alert
    await order('fourth@example.ng', 2); // 3 → 1
    sent = await alerts();
    expect(sent).toHaveLength(1);
    await order('fifth@example.ng'); // 1 → 0
    sent = await alerts();
    expect(sent.map((mail) => mail.subject)).toEqual([
      `Low stock: ${product.name} ${option}: 4 left (SKU ${code})`,
      `Sold out: ${product.name} ${option}: sold out (SKU ${code})`,
    ]);
    expect(sent[1]!.text).toContain(`${product.name} ${option}: sold out (SKU ${code})`);
    // Another size of the same product, with plenty, was never named.
    expect(sent.every((mail) => mail.text.includes(code))).toBe(true);

    // Restocked above the line, the next drop below it alerts again.
    await setGridStock(database.db, product.id, [{ size: product.size, color: product.color, stock: 7 }]);
    await order('sixth@example.ng', 4); // 7 → 3
    sent = await alerts();
    expect(sent.at(-1)!.subject).toBe(`Low stock: ${product.name} ${option}: 3 left (SKU ${code})`);
  });

  it('is recorded by the order itself: in the outbox when the order is, with no step after it, and never for a refused order', async () => {
    await database.db.delete(outbox);
    const [first, second] = await database.db
      .select({ size: productVariants.size, color: productVariants.color })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.position))
      .limit(2);
    await setGridStock(database.db, product.id, [
      { size: first!.size, color: first!.color, stock: 5 },
      { size: second!.size, color: second!.color, stock: 2 },
    ]);
    // A mailer that does nothing after the order: whatever is in the outbox, the order's statement wrote.
    const silent: PlaceOrderDeps = {
      ...deps,
      mailer: { send: () => Promise.resolve(), deliver: () => Promise.resolve() },
    };
    const both = (firstQuantity: number, secondQuantity: number, email: string) =>
      placeOrder(silent, {
        items: [
          { id: product.id, quantity: firstQuantity, selectedSize: first!.size, selectedColor: first!.color },
          {
            id: product.id,
            quantity: secondQuantity,
            selectedSize: second!.size,
            selectedColor: second!.color,
          },
        ],
        shippingMethod: 'standard',
        paymentMethod: 'bank-transfer',
        email,
        phone: '+234 803 555 0177',
        shippingAddress: { ...testShippingAddress },
      });

    // More than there is of the second size: refused, and no alert for the first one's 5 → 3.
    await expect(both(2, 3, 'refused@example.ng')).rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await alerts()).toEqual([]);

    // 5 → 3 and 2 → 0: one mail naming both, exactly as the alert reads it.
    await both(2, 2, 'both@example.ng');
    const [mail] = await database.db
      .select({ to: outbox.to, subject: outbox.subject, text: outbox.text, html: outbox.html })
      .from(outbox)
      .where(and(eq(outbox.to, 'stock@rossy.test'), like(outbox.subject, 'Low stock:%')));
    const settings = await getShopSettings(database.db);
    const variants = await database.db
      .select({
        variantId: productVariants.id,
        sku: productVariants.sku,
        size: productVariants.size,
        color: productVariants.color,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(asc(productVariants.position))
      .limit(2);
    const named = variants.map((variant) => ({ ...variant, productId: product.id, name: product.name }));
    const expected = await lowStockAlertMail(
      'https://rossy.test',
      settings,
      [
        { variantId: named[0]!.variantId, kind: 'low', left: 3 },
        { variantId: named[1]!.variantId, kind: 'sold_out', left: 0 },
      ],
      named,
    );
    expect(mail).toEqual(expected);
    expect(mail!.subject).toBe('Low stock: 2 sizes and colours, 1 sold out');
  });

  it(`${SHOPPERS} shoppers racing for 6 units: one "low" alert and one "sold out", however they interleave (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
    await database.db.delete(outbox);
    await setGridStock(database.db, product.id, [{ size: product.size, color: product.color, stock: 6 }]);
    const results = await Promise.allSettled(
      Array.from({ length: SHOPPERS }, (_, shopper) => order(`racer-${shopper}@example.ng`)),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    expect(placed).toHaveLength(6);
    expect(refused.every((error) => error instanceof AppError && error.code === 'OUT_OF_STOCK')).toBe(true);
    const sent = await alerts();
    // A moment more: no third alert arrives late.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await alerts()).map((mail) => mail.subject.split(':')[0])).toEqual(
      expect.arrayContaining(['Low stock', 'Sold out']),
    );
    expect(await alerts()).toHaveLength(2);
    expect(sent.find((mail) => mail.subject.startsWith('Low stock'))!.subject).toContain(': 4 left (SKU');
  });
});
