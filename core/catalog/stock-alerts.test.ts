import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productVariants, products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { orders } from '../../db/schema/orders';
import { stockAlerts } from '../../db/schema/stock-alerts';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { allowManyUnpaidOrders } from '../../tests/fixtures/orders';
import { updateProduct } from '../admin/products';
import { isAppError } from '../errors';
import { createMailer, type Mailer } from '../mail/mailer';
import { cancelOrder } from '../orders/lifecycle';
import { placeOrder } from '../orders/place-order';
import type { RateLimiter } from '../rate-limits';
import {
  isValidStockAlertToken,
  purgeOldStockAlerts,
  requestStockAlert,
  sendDueStockAlerts,
  stockAlertLimits,
  stockAlertLinkState,
  stockAlertToken,
  stopAllStockAlerts,
  stopStockAlert,
  variantAlertCounts,
  waitingAlertsByVariant,
  type StockAlertDeps,
} from './stock-alerts';

let database: TestDatabase;
let deps: StockAlertDeps;
/** A seeded product sold in several sizes and colours. */
let product: { id: number; name: string; sizes: string[]; colors: string[] };

const noLimits: RateLimiter = { hit: async () => {}, check: async () => {} };
const client = { ip: '10.1.2.3' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  const mailer: Mailer = createMailer({ db: database.db, from: 'Rossy <shop@rossy.test>' });
  deps = { db: database.db, mailer, publicUrl: 'https://rossy.test', rateLimiter: noLimits };
  const rows = await database.db
    .select({ id: products.id, name: products.name, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(
      and(
        eq(products.status, 'active'),
        sql`cardinality(${products.sizes}) >= 3 AND jsonb_array_length(${products.colors}) >= 2`,
      ),
    )
    .orderBy(products.id)
    .limit(1);
  const row = rows[0]!;
  product = { ...row, colors: row.colors.map((color) => color.name) };
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

/** Every variant of the product gets `stock` units; then the one option given gets its own figure. */
async function stockUp(stock: number, option?: { size: string; color: string; stock: number }) {
  await database.db.update(productVariants).set({ stock }).where(eq(productVariants.productId, product.id));
  if (option) await setStock(option, option.stock);
}
async function setStock(option: { size: string; color: string }, stock: number) {
  await database.db
    .update(productVariants)
    .set({ stock })
    .where(
      and(
        eq(productVariants.productId, product.id),
        eq(productVariants.size, option.size),
        eq(productVariants.color, option.color),
      ),
    );
}
const mailsTo = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to));
const alertsOf = (email: string) =>
  database.db.select().from(stockAlerts).where(eq(stockAlerts.email, email));

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
}

let option: { size: string; color: string };
beforeEach(async () => {
  option = { size: product.sizes[1]!, color: product.colors[1]! };
  await database.db.delete(stockAlerts);
  await stockUp(4, { ...option, stock: 0 });
});

describe('asking to be told when a size is back', () => {
  it('keeps one waiting alert per size, colour and address, and answers a repeat the same', async () => {
    const first = await requestStockAlert(deps, product.id, { email: 'Amaka@Example.ng', ...option }, client);
    const again = await requestStockAlert(
      deps,
      product.id,
      { email: 'amaka@example.ng ', ...option },
      client,
    );
    expect(first).toEqual({ message: "We'll e-mail you when it's back." });
    expect(again).toEqual(first);
    const rows = await alertsOf('amaka@example.ng');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: product.id, ...option, dueAt: null, notifiedAt: null });
  });

  it('names a size or colour the product does not sell (400, as Place Order), asks for a size (422) and refuses a size in stock (409)', async () => {
    expect(
      await refusal(
        requestStockAlert(
          deps,
          product.id,
          { email: 'a@example.ng', size: 'XXXL', color: option.color },
          client,
        ),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Size XXXL is not available for this item.',
      fields: { size: 'Size XXXL is not available for this item.' },
    });
    const colour = await refusal(
      requestStockAlert(
        deps,
        product.id,
        { email: 'a@example.ng', size: option.size, color: 'Mauve' },
        client,
      ),
    );
    expect(colour).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { color: 'Mauve is not available for this item.' },
    });
    expect(
      await refusal(
        requestStockAlert(deps, product.id, { email: 'a@example.ng', color: option.color }, client),
      ),
    ).toMatchObject({ code: 'UNPROCESSABLE', fields: { size: 'Please choose a size.' } });
    const inStock = { size: product.sizes[0]!, color: option.color };
    expect(
      await refusal(requestStockAlert(deps, product.id, { email: 'a@example.ng', ...inStock }, client)),
    ).toEqual({
      code: 'CONFLICT',
      message: `${inStock.size} / ${inStock.color} is in stock: you can order it now.`,
      fields: undefined,
    });
    expect(await alertsOf('a@example.ng')).toHaveLength(0);
  });

  it('takes the first colour when none is given, as a cart line does', async () => {
    await setStock({ size: option.size, color: product.colors[0]! }, 0);
    await requestStockAlert(
      deps,
      product.id,
      { email: 'first.colour@example.ng', size: option.size },
      client,
    );
    expect((await alertsOf('first.colour@example.ng'))[0]).toMatchObject({ color: product.colors[0] });
  });

  it('answers 404 for a product that does not exist or was archived, and 400 for a bad e-mail', async () => {
    expect(
      await refusal(requestStockAlert(deps, 99_999_999, { email: 'a@example.ng', ...option }, client)),
    ).toMatchObject({ code: 'NOT_FOUND' });
    await database.db.update(products).set({ status: 'archived' }).where(eq(products.id, product.id));
    try {
      expect(
        await refusal(requestStockAlert(deps, product.id, { email: 'a@example.ng', ...option }, client)),
      ).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await database.db.update(products).set({ status: 'active' }).where(eq(products.id, product.id));
    }
    expect(
      await refusal(requestStockAlert(deps, product.id, { email: 'not-an-address', ...option }, client)),
    ).toMatchObject({ code: 'BAD_REQUEST', fields: { email: 'Please enter a valid email address' } });
  });

  it('keeps an address to its newest alerts, and a size and colour to a bounded waiting list', async () => {
    const email = 'many@example.ng';
    // An address already waiting for the most it may: the oldest makes room for the newest.
    await database.db.insert(stockAlerts).values(
      Array.from({ length: stockAlertLimits.perEmail }, (_, index) => ({
        productId: product.id,
        size: `old-${index}`,
        email,
        createdAt: new Date(Date.now() - (index + 1) * 60_000),
      })),
    );
    await requestStockAlert(deps, product.id, { email, ...option }, client);
    const rows = await alertsOf(email);
    expect(rows).toHaveLength(stockAlertLimits.perEmail);
    expect(rows.some((row) => row.size === option.size)).toBe(true);
    expect(rows.some((row) => row.size === `old-${stockAlertLimits.perEmail - 1}`)).toBe(false);

    // A size and colour whose list is full refuses every address alike, one already on it too.
    await database.db.insert(stockAlerts).values(
      Array.from({ length: stockAlertLimits.perOption }, (_, index) => ({
        productId: product.id,
        ...option,
        email: `flood-${index}@example.ng`,
      })),
    );
    for (const address of ['newcomer@example.ng', 'flood-3@example.ng'])
      expect(
        await refusal(requestStockAlert(deps, product.id, { email: address, ...option }, client)),
      ).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('a watcher is e-mailed once when her size is back', () => {
  it('once, however often it comes back and however many senders race', async () => {
    await requestStockAlert(deps, product.id, { email: 'once@example.ng', ...option }, client);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    await setStock(option, 3);
    const sent = await Promise.all([
      sendDueStockAlerts(deps),
      sendDueStockAlerts(deps),
      sendDueStockAlerts(deps),
    ]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    // Sold out and back again: the alert was for one restock.
    await setStock(option, 0);
    await setStock(option, 5);
    expect(await sendDueStockAlerts(deps)).toBe(0);

    const mails = await mailsTo('once@example.ng');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const label = `${option.size} / ${option.color}`;
    expect(mail!.subject).toBe(`Back in stock: ${product.name} in ${label}`);
    expect(mail!.text).toContain(`Good news: ${product.name} in ${label} is back in stock at Rossy.`);
    const query = new URLSearchParams({ size: option.size, color: option.color }).toString();
    expect(mail!.text).toContain(`https://rossy.test/product/${product.id}?${query}`);
    const token = await stockAlertToken(database.db, 'once@example.ng');
    expect(mail!.text).toContain(
      `https://rossy.test/stock-alerts/unsubscribe?email=once%40example.ng&token=${token}&alert=`,
    );
    expect(mail!.html).toContain('>Stop my stock alerts</a>');
    expect((await alertsOf('once@example.ng'))[0]!.notifiedAt).not.toBeNull();
  });

  it('sends nothing while the size is still sold out, and nothing when it sold out again before the job ran', async () => {
    await requestStockAlert(deps, product.id, { email: 'patient@example.ng', ...option }, client);
    // Another size coming back is not hers.
    await setStock({ size: product.sizes[2]!, color: option.color }, 0);
    await setStock({ size: product.sizes[2]!, color: option.color }, 6);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    // Back and gone again before the job: nothing to buy, nothing sent; the next restock sends it.
    await setStock(option, 1);
    await setStock(option, 0);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    expect(await mailsTo('patient@example.ng')).toHaveLength(0);
    await setStock(option, 2);
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await mailsTo('patient@example.ng')).toHaveLength(1);
  });

  it('when an import or any tool writes the variants directly, a new variant included', async () => {
    await requestStockAlert(deps, product.id, { email: 'import@example.ng', ...option }, client);
    await database.db.execute(sql`
      UPDATE product_variants SET stock = stock + 12
       WHERE product_id = ${product.id} AND size = ${option.size} AND color = ${option.color}`);
    expect(await sendDueStockAlerts(deps)).toBe(1);

    // A grid saved anew (its rows deleted and inserted) keeps the product's watchers.
    await setStock(option, 0);
    await requestStockAlert(deps, product.id, { email: 'regrid@example.ng', ...option }, client);
    await database.db.transaction(async (tx) => {
      const [old] = await tx
        .delete(productVariants)
        .where(
          and(
            eq(productVariants.productId, product.id),
            eq(productVariants.size, option.size),
            eq(productVariants.color, option.color),
          ),
        )
        .returning();
      await tx.insert(productVariants).values({ ...old!, id: undefined, stock: 3 } as never);
    });
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await mailsTo('regrid@example.ng')).toHaveLength(1);
  });

  it("when the owner saves the product's grid in the admin", async () => {
    await requestStockAlert(deps, product.id, { email: 'owner.grid@example.ng', ...option }, client);
    const grid = await database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.position);
    const variants = grid.map((row) => ({
      size: row.size || null,
      color: row.color || null,
      sku: row.sku,
      stock: row.size === option.size && row.color === option.color ? 7 : row.stock,
      price: row.priceKobo === null ? null : row.priceKobo / 100,
    }));
    await updateProduct(database.db, product.id, { variants }, { id: null, email: 'owner@rossy.ng' });
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await mailsTo('owner.grid@example.ng')).toHaveLength(1);
  });

  it('when a cancelled order gives its units back', async () => {
    await setStock(option, 1);
    const { order } = await placeOrder(deps, {
      items: [{ id: product.id, quantity: 1, selectedSize: option.size, selectedColor: option.color }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'buyer@example.ng',
      phone: '08031234567',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Obi',
        address: '4 Awolowo Road',
        city: 'Ikoyi',
        state: 'Lagos',
        country: 'Nigeria',
      },
    });
    await requestStockAlert(deps, product.id, { email: 'second.chance@example.ng', ...option }, client);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    const [row] = await database.db.select().from(orders).where(eq(orders.number, order.number));
    expect(await database.db.transaction((tx) => cancelOrder(tx, row!, 'shop', new Date()))).not.toBeNull();
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await mailsTo('second.chance@example.ng')).toHaveLength(1);
  });

  it('one mail for an address whose two sizes of one product came back together', async () => {
    const other = { size: product.sizes[2]!, color: option.color };
    await setStock(other, 0);
    await requestStockAlert(deps, product.id, { email: 'two@example.ng', ...option }, client);
    await requestStockAlert(deps, product.id, { email: 'two@example.ng', ...other }, client);
    await stockUp(2);
    expect(await sendDueStockAlerts(deps)).toBe(2);
    const mails = await mailsTo('two@example.ng');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Back in stock: ${product.name} in ${option.size} / ${option.color} and ${other.size} / ${other.color}`,
    );
  });

  it('never for an alert that expired waiting; the purge deletes it', async () => {
    await requestStockAlert(deps, product.id, { email: 'late@example.ng', ...option }, client);
    const days = stockAlertLimits.days + 1;
    await database.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(stockAlerts.email, 'late@example.ng'));
    expect((await waitingAlertsByVariant(database.db, [product.id])).get(await variantId(option))).toBe(0);
    await setStock(option, 2);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    expect(await purgeOldStockAlerts(database.db)).toBe(1);
    expect(await alertsOf('late@example.ng')).toHaveLength(0);
  });
});

async function variantId(option: { size: string; color: string }) {
  const [row] = await database.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, product.id),
        eq(productVariants.size, option.size),
        eq(productVariants.color, option.color),
      ),
    );
  return row!.id;
}

describe('the unsubscribe link', () => {
  it('stops the alert it names, or every alert of the address, idempotently; no other address', async () => {
    const email = 'stop@example.ng';
    const other = { size: product.sizes[2]!, color: option.color };
    await setStock(other, 0);
    await requestStockAlert(deps, product.id, { email, ...option }, client);
    await requestStockAlert(deps, product.id, { email, ...other }, client);
    await requestStockAlert(deps, product.id, { email: 'neighbour@example.ng', ...option }, client);
    const [first] = (await alertsOf(email)).filter((row) => row.size === option.size);
    const token = await stockAlertToken(database.db, email);
    const link = { email, token, alert: first!.id };

    expect(await stockAlertLinkState(database.db, link)).toEqual({
      email,
      alert: {
        id: first!.id,
        productName: product.name,
        label: `${option.size} / ${option.color}`,
        state: 'waiting',
      },
      waiting: 2,
    });
    await stopStockAlert(database.db, link);
    await stopStockAlert(database.db, link);
    expect((await stockAlertLinkState(database.db, link)).waiting).toBe(1);
    expect((await stockAlertLinkState(database.db, link)).alert).toBeNull();

    // Restocked: the stopped alert sends nothing; the neighbour's, on the same size, is sent.
    await setStock(option, 4);
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await mailsTo(email)).toHaveLength(0);

    expect(await stopAllStockAlerts(database.db, link)).toBe(1);
    expect(await stopAllStockAlerts(database.db, link)).toBe(0);
    expect(await alertsOf(email)).toHaveLength(0);
  });

  it('refuses a bad token, and one made for another address', async () => {
    await requestStockAlert(deps, product.id, { email: 'victim@example.ng', ...option }, client);
    const [alert] = await alertsOf('victim@example.ng');
    const mine = await stockAlertToken(database.db, 'attacker@example.ng');
    expect(await isValidStockAlertToken(database.db, 'victim@example.ng', mine)).toBe(false);
    for (const token of [mine, '', 'x'.repeat(43), 'x'.repeat(500)]) {
      const link = { email: 'victim@example.ng', token, alert: alert!.id };
      expect(await refusal(stopAllStockAlerts(database.db, link))).toMatchObject({ code: 'FORBIDDEN' });
      expect(await refusal(stopStockAlert(database.db, link))).toMatchObject({ code: 'FORBIDDEN' });
    }
    // The attacker's own valid link cannot reach the victim's alert by its id.
    await stopStockAlert(database.db, { email: 'attacker@example.ng', token: mine, alert: alert!.id });
    expect(await alertsOf('victim@example.ng')).toHaveLength(1);
  });
});

describe("the admin's counts", () => {
  it('count the waiting alerts of each variant, not the sent or expired ones', async () => {
    const other = { size: product.sizes[2]!, color: option.color };
    await setStock(other, 0);
    for (const email of ['w1@example.ng', 'w2@example.ng', 'w3@example.ng'])
      await requestStockAlert(deps, product.id, { email, ...option }, client);
    await requestStockAlert(deps, product.id, { email: 'w4@example.ng', ...other }, client);
    await setStock(other, 1);
    await sendDueStockAlerts(deps);

    const counts = await waitingAlertsByVariant(database.db, [product.id]);
    expect(counts.get(await variantId(option))).toBe(3);
    expect(counts.get(await variantId(other))).toBe(0);
    expect([...counts.values()].reduce((sum, n) => sum + n, 0)).toBe(3);

    const items = await variantAlertCounts(database.db, product.id);
    expect(items.length).toBe(counts.size);
    expect(items.find((item) => item.size === option.size && item.color === option.color)).toMatchObject({
      waiting: 3,
      sku: expect.stringMatching(/^[A-Z0-9-]+$/),
    });
    expect(await refusal(variantAlertCounts(database.db, 99_999_999))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
