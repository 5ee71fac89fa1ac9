import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { stockAlertTexts } from '../../contracts/stock-alerts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productVariants, products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { orders } from '../../db/schema/orders';
import { stockAlerts } from '../../db/schema/stock-alerts';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { allowManyUnpaidOrders } from '../../tests/fixtures/orders';
import { updateProduct } from './manage-products';
import { isAppError } from '../errors';
import { createMailer, type Mailer } from '../mail/mailer';
import { cancelOrder } from '../orders/lifecycle';
import { placeOrder } from '../orders/place-order';
import type { RateLimiter } from '../rate-limits';
import {
  confirmStockAlerts,
  isValidStockAlertToken,
  purgeOldStockAlerts,
  requestStockAlert,
  sendDueStockAlerts,
  stockAlertConfirmation,
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
const mailsTo = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
const alertMailsTo = async (to: string) =>
  (await mailsTo(to)).filter((mail) => mail.subject.startsWith('Back in stock'));
const confirmationsTo = async (to: string) =>
  (await mailsTo(to)).filter((mail) => mail.subject.startsWith('Confirm your stock alert'));
const tokenIn = (text: string) => /\/stock-alerts\/confirm\?token=([\w-]+)/.exec(text)![1]!;

/** A shopper asks for an option and follows the link of the confirmation mail she gets. */
async function watch(email: string, wanted: { size: string; color: string } = option) {
  await requestStockAlert(deps, product.id, { email, ...wanted }, client);
  const latest = (await confirmationsTo(email)).at(-1);
  await confirmStockAlerts(database.db, tokenIn(latest!.text));
}
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
  it('keeps one alert per size, colour and mailbox, pending until confirmed, and answers a repeat the same', async () => {
    const first = await requestStockAlert(deps, product.id, { email: 'Amaka@Example.ng', ...option }, client);
    const again = await requestStockAlert(
      deps,
      product.id,
      { email: 'amaka+shoes@example.ng ', ...option },
      client,
    );
    expect(first).toEqual({ message: stockAlertTexts.accepted });
    expect(first.message).toMatch(/^Check your e-mail to confirm/);
    expect(again).toEqual(first);
    const rows = await database.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.mailbox, 'amaka@example.ng'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      productId: product.id,
      ...option,
      email: 'amaka@example.ng',
      dueAt: null,
      notifiedAt: null,
      confirmedAt: null,
    });
    // One mail, to the address typed, whose link's token is kept only as its hash.
    const [mail, ...more] = await confirmationsTo('amaka@example.ng');
    expect(more).toEqual([]);
    expect(await mailsTo('amaka+shoes@example.ng')).toEqual([]);
    expect(mail!.subject).toBe(
      `Confirm your stock alert: ${product.name} in ${option.size} / ${option.color}`,
    );
    expect(mail!.text).toContain('https://rossy.test/stock-alerts/confirm?token=');
    const token = tokenIn(mail!.text);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(token);
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

  it('keeps a mailbox to its newest alerts, and a size and colour to a bounded list of confirmed watchers', async () => {
    const email = 'many@example.ng';
    // A mailbox already waiting for the most it may, under two of its addresses.
    await database.db.insert(stockAlerts).values(
      Array.from({ length: stockAlertLimits.perMailbox }, (_, index) => ({
        productId: product.id,
        size: `old-${index}`,
        email: index % 2 ? email : 'many+old@example.ng',
        confirmedAt: new Date(),
        createdAt: new Date(Date.now() - (index + 1) * 60_000),
      })),
    );
    const mailboxRows = () => database.db.select().from(stockAlerts).where(eq(stockAlerts.mailbox, email));
    // A sign-up nobody confirmed pushes out none of them...
    await requestStockAlert(deps, product.id, { email, ...option }, client);
    expect(await mailboxRows()).toHaveLength(stockAlertLimits.perMailbox + 1);
    // ...confirmed, the oldest makes room for it.
    await confirmStockAlerts(database.db, tokenIn((await confirmationsTo(email)).at(-1)!.text));
    const rows = await mailboxRows();
    expect(rows).toHaveLength(stockAlertLimits.perMailbox);
    expect(rows.some((row) => row.size === option.size && row.confirmedAt !== null)).toBe(true);
    expect(rows.some((row) => row.size === `old-${stockAlertLimits.perMailbox - 1}`)).toBe(false);

    // Pending sign-ups, however many, do not fill a size's list.
    const flood = (count: number, confirmedAt: Date | null) =>
      database.db.insert(stockAlerts).values(
        Array.from({ length: count }, (_, index) => ({
          productId: product.id,
          ...option,
          email: `flood-${index}-${confirmedAt ? 'c' : 'p'}@example.ng`,
          confirmedAt,
        })),
      );
    await flood(stockAlertLimits.perOption, null);
    await requestStockAlert(deps, product.id, { email: 'room@example.ng', ...option }, client);
    // A size and colour whose list is full of confirmed watchers refuses every address alike, one
    // already on it too.
    // many@example.ng confirmed one above.
    await flood(stockAlertLimits.perOption - 1, new Date());
    for (const address of ['newcomer@example.ng', 'flood-3-c@example.ng', email])
      expect(
        await refusal(requestStockAlert(deps, product.id, { email: address, ...option }, client)),
      ).toMatchObject({ code: 'RATE_LIMITED', message: stockAlertTexts.full });
    // Confirming when the list filled meanwhile keeps the sign-up pending and says so.
    expect(
      await confirmStockAlerts(database.db, tokenIn((await confirmationsTo('room@example.ng'))[0]!.text)),
    ).toEqual({
      message: stockAlertTexts.full,
    });
    expect((await alertsOf('room@example.ng'))[0]!.confirmedAt).toBeNull();
  });
});

describe('confirming a sign-up', () => {
  it('mails a mailbox once a day while it leaves the link unanswered: later sign-ups join that link', async () => {
    const other = { size: product.sizes[2]!, color: option.color };
    await setStock(other, 0);
    await requestStockAlert(deps, product.id, { email: 'Ada.Obi@gmail.com', ...option }, client);
    await requestStockAlert(deps, product.id, { email: 'adaobi+2@googlemail.com', ...other }, client);
    await requestStockAlert(deps, product.id, { email: 'a.d.a.o.b.i@gmail.com', ...option }, client);
    const mails = [
      ...(await mailsTo('ada.obi@gmail.com')),
      ...(await mailsTo('adaobi+2@googlemail.com')),
      ...(await mailsTo('a.d.a.o.b.i@gmail.com')),
    ];
    expect(mails).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.mailbox, 'adaobi@gmail.com'));
    expect(rows.map((row) => row.email).sort()).toEqual(['ada.obi@gmail.com', 'adaobi+2@googlemail.com']);
    expect(new Set(rows.map((row) => row.tokenHash)).size).toBe(1);

    const token = tokenIn(mails[0]!.text);
    expect((await stockAlertConfirmation(database.db, token))?.items.map((item) => item.state)).toEqual([
      'pending',
      'pending',
    ]);
    // Restocked while pending: nothing is sent until she confirms, then the job sends it.
    await setStock(option, 2);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    expect(await confirmStockAlerts(database.db, token)).toEqual({ message: stockAlertTexts.confirmed });
    expect(await confirmStockAlerts(database.db, token)).toEqual({
      message: stockAlertTexts.alreadyConfirmed,
    });
    expect((await stockAlertConfirmation(database.db, token))?.items.map((item) => item.state)).toEqual([
      'waiting',
      'waiting',
    ]);
    expect(await sendDueStockAlerts(deps)).toBe(1);
    // To the address typed, not the mailbox key.
    expect(await alertMailsTo('ada.obi@gmail.com')).toHaveLength(1);

    // Everything confirmed, a new sign-up of that day gets its own mail.
    await setStock(option, 0);
    await requestStockAlert(deps, product.id, { email: 'adaobi@gmail.com', ...option }, client);
    expect(await confirmationsTo('adaobi@gmail.com')).toHaveLength(1);
    // A day after the mail, a sign-up left unanswered no longer holds the next one back.
    await database.db
      .update(stockAlerts)
      .set({ mailedAt: sql`now() - interval '25 hours'` })
      .where(eq(stockAlerts.mailbox, 'adaobi@gmail.com'));
    await setStock({ size: product.sizes[0]!, color: option.color }, 0);
    await requestStockAlert(
      deps,
      product.id,
      { email: 'adaobi@gmail.com', size: product.sizes[0]!, color: option.color },
      client,
    );
    expect(await confirmationsTo('adaobi@gmail.com')).toHaveLength(2);
  });

  it('lets a link expire after 48 hours; the purge deletes its sign-ups, and asking again mails a new link', async () => {
    await requestStockAlert(deps, product.id, { email: 'slow@example.ng', ...option }, client);
    const token = tokenIn((await confirmationsTo('slow@example.ng'))[0]!.text);
    await database.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - interval '49 hours'`, mailedAt: sql`now() - interval '49 hours'` })
      .where(eq(stockAlerts.email, 'slow@example.ng'));
    expect(await stockAlertConfirmation(database.db, token)).toBeNull();
    expect(await refusal(confirmStockAlerts(database.db, token))).toMatchObject({
      code: 'FORBIDDEN',
      message: stockAlertTexts.invalidConfirmLink,
    });
    for (const forged of ['', 'forged', 'x'.repeat(43), 'x'.repeat(500)])
      expect(await refusal(confirmStockAlerts(database.db, forged))).toMatchObject({ code: 'FORBIDDEN' });

    // Asked again: the expired sign-up is made anew, with a new link.
    await requestStockAlert(deps, product.id, { email: 'slow@example.ng', ...option }, client);
    const renewed = await confirmationsTo('slow@example.ng');
    expect(renewed).toHaveLength(2);
    expect(tokenIn(renewed[1]!.text)).not.toBe(token);
    expect(await alertsOf('slow@example.ng')).toHaveLength(1);

    await database.db
      .update(stockAlerts)
      .set({ createdAt: sql`now() - interval '49 hours'` })
      .where(eq(stockAlerts.email, 'slow@example.ng'));
    expect(await purgeOldStockAlerts(database.db)).toBe(1);
    expect(await alertsOf('slow@example.ng')).toHaveLength(0);
  });

  it('puts a signed-in shopper on the list at once for her own confirmed address, and nobody else', async () => {
    const me = { email: 'Signed.In@example.ng', emailVerified: true };
    expect(
      await requestStockAlert(deps, product.id, { email: 'signed.in@example.ng', ...option }, client, me),
    ).toEqual({ message: stockAlertTexts.waiting });
    expect((await alertsOf('signed.in@example.ng'))[0]!.confirmedAt).not.toBeNull();
    expect(await mailsTo('signed.in@example.ng')).toEqual([]);

    // Another address, even her own mailbox's +tag, or an address not yet confirmed: a link is mailed.
    for (const [email, shopper] of [
      ['signed.in+x@example.ng', me],
      ['someone.else@example.ng', me],
      ['unconfirmed@example.ng', { email: 'unconfirmed@example.ng', emailVerified: false }],
    ] as const) {
      const other = { size: product.sizes[2]!, color: option.color };
      await setStock(other, 0);
      expect(await requestStockAlert(deps, product.id, { email, ...other }, client, shopper)).toEqual({
        message: stockAlertTexts.accepted,
      });
    }
    expect((await alertsOf('unconfirmed@example.ng'))[0]!.confirmedAt).toBeNull();
    expect(await confirmationsTo('unconfirmed@example.ng')).toHaveLength(1);

    // A pending sign-up of her own address is confirmed when she asks signed in.
    await requestStockAlert(deps, product.id, { email: 'later@example.ng', ...option }, client);
    await requestStockAlert(deps, product.id, { email: 'later@example.ng', ...option }, client, {
      email: 'later@example.ng',
      emailVerified: true,
    });
    expect((await alertsOf('later@example.ng'))[0]!.confirmedAt).not.toBeNull();
    expect(await confirmationsTo('later@example.ng')).toHaveLength(1);
  });
});

describe('a watcher is e-mailed once when her size is back', () => {
  it('once, however often it comes back and however many senders race', async () => {
    await watch('once@example.ng', option);
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

    const mails = await alertMailsTo('once@example.ng');
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
    await watch('patient@example.ng', option);
    // Another size coming back is not hers.
    await setStock({ size: product.sizes[2]!, color: option.color }, 0);
    await setStock({ size: product.sizes[2]!, color: option.color }, 6);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    // Back and gone again before the job: nothing to buy, nothing sent; the next restock sends it.
    await setStock(option, 1);
    await setStock(option, 0);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    expect(await alertMailsTo('patient@example.ng')).toHaveLength(0);
    await setStock(option, 2);
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await alertMailsTo('patient@example.ng')).toHaveLength(1);
  });

  it('when an import or any tool writes the variants directly, a new variant included', async () => {
    await watch('import@example.ng', option);
    await database.db.execute(sql`
      UPDATE product_variants SET stock = stock + 12
       WHERE product_id = ${product.id} AND size = ${option.size} AND color = ${option.color}`);
    expect(await sendDueStockAlerts(deps)).toBe(1);

    // A grid saved anew (its rows deleted and inserted) keeps the product's watchers.
    await setStock(option, 0);
    await watch('regrid@example.ng', option);
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
    expect(await alertMailsTo('regrid@example.ng')).toHaveLength(1);
  });

  it("when the owner saves the product's grid in the admin", async () => {
    await watch('owner.grid@example.ng', option);
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
    expect(await alertMailsTo('owner.grid@example.ng')).toHaveLength(1);
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
    await watch('second.chance@example.ng', option);
    expect(await sendDueStockAlerts(deps)).toBe(0);
    const [row] = await database.db.select().from(orders).where(eq(orders.number, order.number));
    expect(await database.db.transaction((tx) => cancelOrder(tx, row!, 'shop', new Date()))).not.toBeNull();
    expect(await sendDueStockAlerts(deps)).toBe(1);
    expect(await alertMailsTo('second.chance@example.ng')).toHaveLength(1);
  });

  it('one mail for an address whose two sizes of one product came back together', async () => {
    const other = { size: product.sizes[2]!, color: option.color };
    await setStock(other, 0);
    await watch('two@example.ng', option);
    await watch('two@example.ng', other);
    await stockUp(2);
    expect(await sendDueStockAlerts(deps)).toBe(2);
    const mails = await alertMailsTo('two@example.ng');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      `Back in stock: ${product.name} in ${option.size} / ${option.color} and ${other.size} / ${other.color}`,
    );
  });

  it('never for an alert that expired waiting; the purge deletes it', async () => {
    await watch('late@example.ng', option);
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
    await watch(email, option);
    await watch(email, other);
    await watch('neighbour@example.ng', option);
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
    expect(await alertMailsTo(email)).toHaveLength(0);

    expect(await stopAllStockAlerts(database.db, link)).toBe(1);
    expect(await stopAllStockAlerts(database.db, link)).toBe(0);
    expect(await alertsOf(email)).toHaveLength(0);
  });

  it('refuses a bad token, and one made for another address', async () => {
    await watch('victim@example.ng', option);
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
    for (const email of ['w1@example.ng', 'w2@example.ng', 'w3@example.ng']) await watch(email, option);
    await watch('w4@example.ng', other);
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
