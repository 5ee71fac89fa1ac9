import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { formatNaira } from '../../contracts/money';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { orderEvents, orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders } from '../../tests/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { saveShopSettings } from '../settings/shop-settings';
import { placeOrder, type PlaceOrderDeps, type TotalChangedError } from './place-order';
import { quoteCart } from './quote';
import { setProductStock } from '../../tests/fixtures/stock';
import { gridOf } from '../../tests/fixtures/variant-grid';

let database: TestDatabase;
let deps: PlaceOrderDeps;
type Product = { id: number; name: string; sizes: string[]; priceKobo: number };
let shirt: Product;
let bag: Product;
let archived: Product;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  const rows = await database.db
    .select({ id: products.id, name: products.name, sizes: products.sizes, priceKobo: products.priceKobo })
    .from(products)
    .orderBy(asc(products.id))
    .limit(3);
  [shirt, bag, archived] = rows as [Product, Product, Product];
  await database.db.update(products).set({ status: 'archived' }).where(eq(products.id, archived.id));
});
afterAll(async () => {
  await database?.destroy();
});

async function setStock(id: number, stock: number) {
  await setProductStock(database.db, id, stock);
}

async function productRow(id: number) {
  const [row] = await database.db
    .select({ stock: products.stock, soldCount: products.soldCount })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

async function orderCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(orders);
  return row!.count;
}

function line(product: Product, quantity: number, sizeIndex = 0) {
  return { id: product.id, quantity, selectedSize: product.sizes[sizeIndex] };
}

async function expectAppError(promise: Promise<unknown>, code: AppError['code']): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

const address = {
  firstName: 'Adaeze',
  lastName: 'Okafor',
  address: '12 Bode Thomas Street',
  city: 'Surulere',
  state: 'Lagos',
  zipCode: '101283',
  country: 'Nigeria' as const,
};

function orderBody(extra: Record<string, unknown> = {}) {
  return {
    items: [line(shirt, 2)],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email: 'adaeze@example.ng',
    phone: '+234 803 000 1111',
    shippingAddress: address,
    ...extra,
  };
}

async function insertUser(email: string) {
  const [user] = await database.db
    .insert(users)
    .values({ name: 'Tunde Bakare', email, passwordHash: 'not-a-real-hash' })
    .returning();
  return user!;
}

describe('placeOrder, bank transfer into an account of its own (the default)', () => {
  it('needs no RC reference, and the mail sends the shopper to the order for its account', async () => {
    await setStock(shirt.id, 10);
    const placed = await placeOrder(
      deps,
      orderBody({ items: [line(shirt, 1)], email: 'own.account@example.ng' }),
    );
    expect(placed.order.bankReference).toBeNull();
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'own.account@example.ng'))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(mail?.text).toContain('to the account opened for this order alone');
    expect(mail?.text).toContain('confirms itself the moment the money arrives');
    expect(mail?.text).not.toMatch(/RC\d{12}/);
  });
});

describe('placeOrder with the card provider the keys allow', () => {
  const paystackAlone = { cardProviders: ['paystack'] as const, transferAccounts: false };

  it("with Paystack alone, a bank transfer goes to the shop's own account with an RC reference, whatever the setting", async () => {
    await setStock(shirt.id, 10);
    const placed = await placeOrder(
      { ...deps, paymentSetup: paystackAlone },
      orderBody({ items: [line(shirt, 1)], email: 'paystack.transfer@example.ng' }),
    );
    expect(placed.order.bankReference).toMatch(/^RC\d{12}$/);
  });

  it("takes Paystack's checkout when Paystack takes cards, and refuses Flutterwave's, and the other way round", async () => {
    await setStock(shirt.id, 10);
    const paystack = await placeOrder(
      { ...deps, paymentSetup: paystackAlone },
      orderBody({ items: [line(shirt, 1)], email: 'paystack.card@example.ng', paymentMethod: 'paystack' }),
    );
    expect(paystack.order.paymentMethod).toBe('paystack');
    const before = await orderCount();
    await expectAppError(
      placeOrder(
        { ...deps, paymentSetup: paystackAlone },
        orderBody({ items: [line(shirt, 1)], email: 'flw.card@example.ng', paymentMethod: 'flutterwave' }),
      ),
      'UNPROCESSABLE',
    );
    await expectAppError(
      placeOrder(
        deps,
        orderBody({ items: [line(shirt, 1)], email: 'ps.test@example.ng', paymentMethod: 'paystack' }),
      ),
      'UNPROCESSABLE',
    );
    expect(await orderCount()).toBe(before);
  });
});

describe("placeOrder, bank transfer into the shop's own account", () => {
  beforeAll(async () => {
    await saveShopSettings(database.db, { transferAccountPerOrder: false });
  });
  afterAll(async () => {
    await saveShopSettings(database.db, { transferAccountPerOrder: true });
  });

  it('records the order priced by the server, awaiting payment with an RC reference, and takes the stock', async () => {
    await setStock(shirt.id, 10);
    const before = await productRow(shirt.id);
    const now = new Date();
    const placed = await placeOrder(
      deps,
      orderBody({
        items: [{ ...line(shirt, 2), price: 1, total: 1, unitPriceKobo: 1 }],
        email: '  Adaeze@Example.NG ',
        total: 1,
        totalKobo: 1,
      }),
      { now },
    );
    const { order } = placed;
    expect(placed.replayed).toBe(false);
    expect(placed.accessToken).toEqual(expect.any(String));
    expect(order.number).toMatch(/^ORD-\d{5}$/);
    expect(order.status).toBe('awaiting_payment');
    expect(order.paymentStatus).toBe('pending');
    expect(order.paymentMethod).toBe('bank-transfer');
    expect(order.bankReference).toMatch(/^RC\d{12}$/);
    expect(order.email).toBe('adaeze@example.ng');
    expect(order.items).toEqual([
      expect.objectContaining({ productId: shirt.id, unitPriceKobo: shirt.priceKobo, quantity: 2 }),
    ]);

    const quote = await quoteCart(database.db, { items: [line(shirt, 2)], shippingMethod: 'standard' });
    expect(order.subtotalKobo).toBe(shirt.priceKobo * 2);
    expect(order).toMatchObject({
      subtotalKobo: quote.subtotalKobo,
      shippingKobo: quote.shippingKobo,
      taxKobo: quote.taxKobo,
      totalKobo: quote.totalKobo,
      taxRatePercent: 7.5,
      taxIncluded: true,
    });
    // The tag price is the price: VAT inside it, the total the goods and their delivery.
    expect(order.totalKobo).toBe(order.subtotalKobo + order.shippingKobo);
    expect(order.taxKobo).toBe(Math.round((order.subtotalKobo * 7.5) / 107.5));
    expect(order.stockHeldUntil).toBe(new Date(now.getTime() + 48 * 3_600_000).toISOString());
    expect(order.events.map((event) => event.status)).toEqual(['awaiting_payment']);

    const after = await productRow(shirt.id);
    expect(after.stock).toBe(before.stock - 2);
    expect(after.soldCount).toBe(before.soldCount + 2);
  });

  it('gives each order its own number', async () => {
    await setStock(bag.id, 10);
    const a = await placeOrder(deps, orderBody({ items: [line(bag, 1)] }));
    const b = await placeOrder(deps, orderBody({ items: [line(bag, 1)] }));
    expect(a.order.number).not.toBe(b.order.number);
    expect(Number(b.order.number.slice(4))).toBeGreaterThan(Number(a.order.number.slice(4)));
  });

  it("e-mails a guest the items, total, bank details, reference and a link with the order's key", async () => {
    await setStock(bag.id, 10);
    const placed = await placeOrder(
      deps,
      orderBody({ items: [line(bag, 1)], email: 'mail-guest@example.ng' }),
    );
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, 'mail-guest@example.ng'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toContain(placed.order.number);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(bag.name);
      expect(body).toContain(formatNaira(placed.order.totalKobo));
      expect(body).toContain('Zenith Bank');
      expect(body).toContain('1012345678');
      expect(body).toContain('Rossy Fashion Ltd');
      expect(body).toContain(placed.order.bankReference!);
    }
    expect(mail.text).toContain(
      `https://rossy.test/orderdetails/${placed.order.number}?key=${encodeURIComponent(placed.accessToken!)}`,
    );
    // The VAT inside the total is read under it, never added to it.
    const total = `Total: ${formatNaira(placed.order.totalKobo)}`;
    const vat = `incl. VAT (7.5%): ${formatNaira(placed.order.taxKobo)}`;
    expect(mail.text).toContain(vat);
    expect(mail.text.indexOf(vat)).toBeGreaterThan(mail.text.indexOf(total));
    expect(mail.text).not.toContain('Tax (');
  });

  it('adds the VAT on top when the shop says its prices are before VAT, and says so in the e-mail', async () => {
    await setStock(bag.id, 10);
    await saveShopSettings(database.db, { pricesIncludeTax: false });
    try {
      const placed = await placeOrder(
        deps,
        orderBody({ items: [line(bag, 1)], email: 'vat-on-top@example.ng' }),
      );
      const { order } = placed;
      expect(order).toMatchObject({ taxIncluded: false, taxRatePercent: 7.5 });
      expect(order.taxKobo).toBe(Math.round(bag.priceKobo * 0.075));
      expect(order.totalKobo).toBe(bag.priceKobo + order.shippingKobo + order.taxKobo);
      const [row] = await database.db
        .select({ taxIncluded: orders.taxIncluded })
        .from(orders)
        .where(eq(orders.number, order.number));
      expect(row!.taxIncluded).toBe(false);
      const [mail] = await database.db.select().from(outbox).where(eq(outbox.to, 'vat-on-top@example.ng'));
      const tax = `Tax (7.5%): ${formatNaira(order.taxKobo)}`;
      expect(mail!.text).toContain(tax);
      expect(mail!.text.indexOf(tax)).toBeLessThan(
        mail!.text.indexOf(`Total: ${formatNaira(order.totalKobo)}`),
      );
    } finally {
      await saveShopSettings(database.db, { pricesIncludeTax: true });
    }
  });

  it('alerts the shop by e-mail about a new order, unless its owner turned alerts off', async () => {
    await setStock(bag.id, 10);
    await saveShopSettings(database.db, {
      notifications: { emailAlerts: true, smsAlerts: false, alertEmail: 'orders@rossy.test' },
    });
    const placed = await placeOrder(
      deps,
      orderBody({ items: [line(bag, 1)], email: 'alert-buyer@example.ng' }),
    );
    const alerts = await database.db.select().from(outbox).where(eq(outbox.to, 'orders@rossy.test'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.subject).toBe(
      `New order ${placed.order.number}: ${formatNaira(placed.order.totalKobo)}`,
    );
    expect(alerts[0]!.text).toContain('alert-buyer@example.ng');
    expect(alerts[0]!.text).toContain(`https://rossy.test/admin?tab=orders&order=${placed.order.number}`);
    // The shop packs by size, colour and SKU; the shopper reads size and colour.
    const [item] = placed.order.items;
    expect(item!.sku).toMatch(/^ROS-\d+-/);
    const named = `1 × ${bag.name} (${item!.color}, size ${item!.size}`;
    expect(alerts[0]!.text).toContain(`${named}, SKU ${item!.sku})`);
    const [confirmation] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'alert-buyer@example.ng'));
    expect(confirmation!.text).toContain(`${named}):`);
    expect(confirmation!.text).not.toContain(item!.sku!);

    await saveShopSettings(database.db, {
      notifications: { emailAlerts: false, smsAlerts: false, alertEmail: 'orders@rossy.test' },
    });
    await placeOrder(deps, orderBody({ items: [line(bag, 1)], email: 'quiet-buyer@example.ng' }));
    expect(await database.db.select().from(outbox).where(eq(outbox.to, 'orders@rossy.test'))).toHaveLength(1);
    await saveShopSettings(database.db, {
      notifications: { emailAlerts: true, smsAlerts: false, alertEmail: '' },
    });
  });

  it('e-mails a signed-in shopper a plain link to the order, without a key', async () => {
    await setStock(bag.id, 10);
    const user = await insertUser('link-user@example.ng');
    const placed = await placeOrder(deps, orderBody({ items: [line(bag, 1)], email: user.email }), {
      user: { id: user.id },
    });
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.to, user.email));
    expect(mail!.text).toContain(`https://rossy.test/orderdetails/${placed.order.number}`);
    expect(mail!.text).not.toContain('?key=');
  });

  it('still answers with the order when the mail cannot be delivered, and keeps the mails in the outbox', async () => {
    await setStock(bag.id, 10);
    const failures: unknown[] = [];
    const placed = await placeOrder(
      {
        ...deps,
        mailer: {
          send: () => Promise.reject(new Error('SMTP down')),
          deliver: () => Promise.reject(new Error('SMTP down')),
        },
        onMailError: (error) => failures.push(error),
      },
      orderBody({ items: [line(bag, 1)], email: 'smtp-down@example.ng' }),
    );
    expect(placed.order.status).toBe('awaiting_payment');
    // The failure is reported after the answer, and undoes nothing: the order and its mail stay.
    await vi.waitFor(() => expect(failures).toHaveLength(1), { timeout: 10_000 });
    expect(await database.db.select().from(outbox).where(eq(outbox.to, 'smtp-down@example.ng'))).toHaveLength(
      1,
    );
  });

  it('hands the mails to the mailer only after the order is recorded, and answers without waiting for it', async () => {
    await setStock(bag.id, 10);
    const handed: { id: number; to: string; recorded: boolean }[] = [];
    let finishDelivery = () => {};
    const placed = await placeOrder(
      {
        ...deps,
        mailer: {
          send: () => Promise.reject(new Error('not used')),
          deliver: async (queued) => {
            for (const mail of queued) {
              const [row] = await database.db.select().from(outbox).where(eq(outbox.id, mail.id));
              handed.push({ id: mail.id, to: mail.message.to, recorded: row?.to === mail.message.to });
            }
            // A mail server that never answers: the order's answer must not wait for it.
            await new Promise<void>((resolve) => (finishDelivery = resolve));
          },
        },
      },
      orderBody({ items: [line(bag, 1)], email: 'after-commit@example.ng' }),
    );
    expect(placed.order.number).toMatch(/^ORD-/);
    await vi.waitFor(() => expect(handed.map((mail) => mail.to)).toContain('after-commit@example.ng'), {
      timeout: 10_000,
    });
    expect(handed.every((mail) => mail.recorded)).toBe(true);
    finishDelivery();
  });
});

describe('placeOrder refuses', () => {
  it.each(['flutterwave', 'credit-card'] as const)(
    'the payment method %s with a 422 once the shop switches it off, taking nothing',
    async (paymentMethod) => {
      await setStock(bag.id, 10);
      await saveShopSettings(database.db, {
        paymentMethods: { flutterwave: false, creditCard: false, bankTransfer: true },
      });
      try {
        const count = await orderCount();
        const error = await expectAppError(
          placeOrder(deps, orderBody({ items: [line(bag, 1)], paymentMethod })),
          'UNPROCESSABLE',
        );
        expect(error.status).toBe(422);
        expect(error.fields).toHaveProperty('paymentMethod');
        expect(await orderCount()).toBe(count);
        expect((await productRow(bag.id)).stock).toBe(10);
      } finally {
        await saveShopSettings(database.db, {
          paymentMethods: { flutterwave: true, creditCard: true, bankTransfer: true },
        });
      }
    },
  );

  it('a card order holds its stock for the card hold time, not the bank-transfer one', async () => {
    await setStock(bag.id, 10);
    const placed = await placeOrder(deps, orderBody({ items: [line(bag, 1)], paymentMethod: 'flutterwave' }));
    expect(placed.order.paymentMethod).toBe('flutterwave');
    expect(placed.order.bankReference).toBeNull();
    const heldMs =
      new Date(placed.order.stockHeldUntil!).getTime() - new Date(placed.order.placedAt).getTime();
    // 15 minutes by default: closing the payment window releases it at once; this is the backstop.
    expect(heldMs).toBe(15 * 60_000);
  });

  it.each(['overnight', 'teleport'])(
    'the unavailable shipping method %s with a 422',
    async (shippingMethod) => {
      await setStock(bag.id, 10);
      const error = await expectAppError(
        placeOrder(deps, orderBody({ items: [line(bag, 1)], shippingMethod })),
        'UNPROCESSABLE',
      );
      expect(error.fields).toHaveProperty('shippingMethod');
    },
  );

  it.each([0, -1, 1000, 'abc'])('quantity %s with a 400', async (quantity) => {
    const error = await expectAppError(
      placeOrder(deps, orderBody({ items: [{ id: bag.id, quantity, selectedSize: bag.sizes[0] }] })),
      'BAD_REQUEST',
    );
    expect(error.status).toBe(400);
  });

  it('an item no longer sold with a 409 naming it', async () => {
    const error = await expectAppError(
      placeOrder(deps, orderBody({ items: [line(archived, 1)] })),
      'CONFLICT',
    );
    expect(error.message).toContain(archived.name);
  });

  it('more than the stock with a 409 OUT_OF_STOCK naming the item, its size and colour, taking nothing', async () => {
    await setStock(bag.id, 1);
    const [cell] = await gridOf(database.db, bag.id);
    const label = [cell!.size, cell!.color].filter(Boolean).join(' / ');
    expect(label, 'the bag comes in a size and a colour').toContain(' / ');
    const count = await orderCount();
    const error = await expectAppError(
      placeOrder(deps, orderBody({ items: [line(bag, 2)] })),
      'OUT_OF_STOCK',
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(`${bag.name}: Only 1 left in ${label}.`);
    expect(await orderCount()).toBe(count);
    expect((await productRow(bag.id)).stock).toBe(1);

    await placeOrder(deps, orderBody({ items: [line(bag, 1)] }));
    const soldOut = await expectAppError(
      placeOrder(deps, orderBody({ items: [line(bag, 1)] })),
      'OUT_OF_STOCK',
    );
    expect(soldOut.message).toBe(`${bag.name}: Sorry, ${label} is sold out.`);
    expect((await productRow(bag.id)).stock).toBe(0);
  });

  it('a first-order coupon for a signed-in shopper who ordered before under another e-mail', async () => {
    await setStock(bag.id, 10);
    const user = await insertUser('two-addresses@example.ng');
    await placeOrder(deps, orderBody({ items: [line(bag, 1)], email: 'old-address@example.ng' }), {
      user: { id: user.id },
    });
    const error = await expectAppError(
      placeOrder(
        deps,
        orderBody({ items: [line(bag, 1)], email: 'new-address@example.ng', couponCode: 'welcome15' }),
        {
          user: { id: user.id },
        },
      ),
      'UNPROCESSABLE',
    );
    expect(error.message).toBe(checkoutMessages.couponFirstOrder);
  });
});

describe('placeOrder idempotency', () => {
  it('answers a repeat of the same request with the first order, taking stock once', async () => {
    await setStock(bag.id, 10);
    const body = orderBody({ items: [line(bag, 1)], email: 'repeat@example.ng' });
    const first = await placeOrder(deps, body, { idempotencyKey: 'checkout-repeat-1' });
    const again = await placeOrder(deps, structuredClone(body), { idempotencyKey: 'checkout-repeat-1' });
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.order.number).toBe(first.order.number);
    expect(again.order.totalKobo).toBe(first.order.totalKobo);
    expect((await productRow(bag.id)).stock).toBe(9);
    const rows = await database.db.select().from(orders).where(eq(orders.email, 'repeat@example.ng'));
    expect(rows).toHaveLength(1);
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, 'repeat@example.ng'));
    expect(mails).toHaveLength(1);
  });

  it('answers the same key with a different body with a 422, taking nothing', async () => {
    await setStock(bag.id, 10);
    await placeOrder(deps, orderBody({ items: [line(bag, 1)] }), { idempotencyKey: 'checkout-changed-1' });
    const count = await orderCount();
    const error = await expectAppError(
      placeOrder(deps, orderBody({ items: [line(bag, 2)] }), { idempotencyKey: 'checkout-changed-1' }),
      'UNPROCESSABLE',
    );
    expect(error.status).toBe(422);
    expect(await orderCount()).toBe(count);
    expect((await productRow(bag.id)).stock).toBe(9);
  });

  it('the same key from another shopper is not their order', async () => {
    await setStock(bag.id, 10);
    const user = await insertUser('key-thief@example.ng');
    const body = orderBody({ items: [line(bag, 1)] });
    await placeOrder(deps, body, { idempotencyKey: 'checkout-shared-1' });
    await expectAppError(
      placeOrder(deps, body, { idempotencyKey: 'checkout-shared-1', user: { id: user.id } }),
      'UNPROCESSABLE',
    );
  });

  it('makes one order from ten simultaneous requests with one key', async () => {
    await setStock(bag.id, 10);
    const body = orderBody({ items: [line(bag, 1)], email: 'double-click@example.ng' });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        placeOrder(deps, structuredClone(body), { idempotencyKey: 'checkout-burst-1' }),
      ),
    );
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(rejected.map((result) => String(result.reason))).toEqual([]);
    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(new Set(placed.map((result) => result.order.number)).size).toBe(1);
    expect(placed.filter((result) => !result.replayed)).toHaveLength(1);
    const rows = await database.db.select().from(orders).where(eq(orders.idempotencyKey, 'checkout-burst-1'));
    expect(rows).toHaveLength(1);
    expect((await productRow(bag.id)).stock).toBe(9);
  });

  it('twenty double-clicks for a last unit: every time both clicks get the one order, never "out of stock"', async () => {
    // The second click may read the stock after the first took the last unit: it must find that order.
    for (let round = 0; round < 20; round += 1) {
      await setStock(bag.id, 1);
      const body = orderBody({ items: [line(bag, 1)], email: `last-unit-${round}@example.ng` });
      const results = await Promise.allSettled(
        Array.from({ length: 2 }, () =>
          placeOrder(deps, structuredClone(body), { idempotencyKey: `checkout-last-round-${round}` }),
        ),
      );
      const outcomes = results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'));
      expect(outcomes, `round ${round}`).toEqual(['ok', 'ok']);
      const numbers = results.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value.order.number] : [],
      );
      expect(new Set(numbers).size, `round ${round}`).toBe(1);
    }
  });

  it('a double-click for the last unit gives both clicks the one order', async () => {
    await setStock(bag.id, 1);
    const body = orderBody({ items: [line(bag, 1)], email: 'last-unit@example.ng' });
    const results = await Promise.allSettled(
      Array.from({ length: 2 }, () =>
        placeOrder(deps, structuredClone(body), { idempotencyKey: 'checkout-last-1' }),
      ),
    );
    expect(results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual([
      'ok',
      'ok',
    ]);
    const numbers = results.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value.order.number] : [],
    );
    expect(new Set(numbers).size).toBe(1);
    expect((await productRow(bag.id)).stock).toBe(0);
  });
});

describe('placeOrder and the total the shopper saw (expectedTotal)', () => {
  async function setPrice(id: number, priceKobo: number) {
    await database.db.update(products).set({ priceKobo }).where(eq(products.id, id));
  }
  const seenTotal = async (body: ReturnType<typeof orderBody>) =>
    (await quoteCart(database.db, { ...body, country: 'Nigeria' })).totalKobo / 100;

  it.each([
    ['doubled', 2],
    ['halved', 0.5],
  ] as const)(
    'a price %s between quote and order: 409 TOTAL_CHANGED with the new quote, nothing placed, no stock, no mail, no key taken',
    async (_change, factor) => {
      await setStock(bag.id, 10);
      const email = `seen-${factor}@example.ng`;
      const body = orderBody({ items: [line(bag, 1)], email });
      const seen = await seenTotal(body);
      await setPrice(bag.id, Math.round(bag.priceKobo * factor));
      try {
        const count = await orderCount();
        const error = await expectAppError(
          placeOrder(deps, { ...body, expectedTotal: seen }, { idempotencyKey: `seen-total-${factor}` }),
          'TOTAL_CHANGED',
        );
        expect(error.status).toBe(409);
        const quote = (error as TotalChangedError).quote;
        expect(quote.lines[0]?.unitPriceKobo).toBe(Math.round(bag.priceKobo * factor));
        expect(quote.totalKobo).toBe(Math.round((await seenTotal(body)) * 100));
        expect(error.message).toBe(
          `Prices changed since you opened checkout: the total is now ${formatNaira(quote.totalKobo)} (was ${formatNaira(seen * 100)}).`,
        );
        expect(await orderCount()).toBe(count);
        expect((await productRow(bag.id)).stock).toBe(10);
        expect(await database.db.select().from(outbox).where(eq(outbox.to, email))).toEqual([]);

        // Shown the new total, the shopper confirms with the same key: it was not burned.
        const placed = await placeOrder(
          deps,
          { ...body, expectedTotal: quote.totalKobo / 100 },
          { idempotencyKey: `seen-total-${factor}` },
        );
        expect(placed.replayed).toBe(false);
        expect(placed.order.totalKobo).toBe(quote.totalKobo);
        expect((await productRow(bag.id)).stock).toBe(9);
      } finally {
        await setPrice(bag.id, bag.priceKobo);
      }
    },
  );

  it('the total the shopper saw, to the kobo, places the order as before', async () => {
    await setStock(bag.id, 10);
    const body = orderBody({ items: [line(bag, 1)], couponCode: 'ROSSY10' });
    const seen = await seenTotal(body);
    const placed = await placeOrder(deps, { ...body, expectedTotal: seen });
    expect(placed.order.totalKobo).toBe(Math.round(seen * 100));
    expect(placed.order.discountKobo).toBeGreaterThan(0);
  });

  it('a repeat of an order placed before the price changed answers that order, not a 409', async () => {
    await setStock(bag.id, 10);
    const body = orderBody({ items: [line(bag, 1)], email: 'placed-then-changed@example.ng' });
    const seen = await seenTotal(body);
    const first = await placeOrder(
      deps,
      { ...body, expectedTotal: seen },
      { idempotencyKey: 'seen-then-changed' },
    );
    await setPrice(bag.id, bag.priceKobo * 3);
    try {
      const again = await placeOrder(
        deps,
        { ...body, expectedTotal: seen },
        { idempotencyKey: 'seen-then-changed' },
      );
      expect(again.replayed).toBe(true);
      expect(again.order.number).toBe(first.order.number);
      expect(again.order.totalKobo).toBe(Math.round(seen * 100));
    } finally {
      await setPrice(bag.id, bag.priceKobo);
    }
  });

  it.each([-1, 'abc', 1e12, null])('an expectedTotal of %s with a 400 naming it', async (expectedTotal) => {
    const error = await expectAppError(
      placeOrder(deps, orderBody({ items: [line(bag, 1)], expectedTotal })),
      'BAD_REQUEST',
    );
    expect(error.fields).toHaveProperty('expectedTotal');
  });
});

describe('placeOrder saveInfo', () => {
  it("keeps a signed-in shopper's phone and address on their profile when asked", async () => {
    await setStock(bag.id, 10);
    const user = await insertUser('save-info@example.ng');
    const shippingAddress = {
      ...address,
      address: '5 Awolowo Road',
      city: 'Ikoyi',
      zipCode: '106104',
      country: 'UK',
    };
    await placeOrder(
      deps,
      orderBody({
        items: [line(bag, 1)],
        email: user.email,
        phone: '+234 809 123 4567',
        shippingAddress,
        saveInfo: true,
      }),
      { user: { id: user.id } },
    );
    const [profile] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(profile).toMatchObject({
      phone: '+234 809 123 4567',
      address: '5 Awolowo Road',
      city: 'Ikoyi',
      state: 'Lagos',
      zipCode: '106104',
      country: 'UK',
    });
  });

  it('leaves the profile alone without saveInfo', async () => {
    await setStock(bag.id, 10);
    const user = await insertUser('no-save@example.ng');
    await placeOrder(deps, orderBody({ items: [line(bag, 1)], email: user.email }), {
      user: { id: user.id },
    });
    const [profile] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(profile).toMatchObject({ phone: '', address: '', city: '', country: 'Nigeria' });
  });

  it('records a UK order with UK tax', async () => {
    await setStock(bag.id, 10);
    const placed = await placeOrder(
      deps,
      orderBody({ items: [line(bag, 1)], shippingAddress: { ...address, country: 'UK' } }),
    );
    expect(placed.order.taxRatePercent).toBe(20);
    // UK VAT inside the same tag price: a sixth of it.
    expect(placed.order.taxKobo).toBe(Math.round((bag.priceKobo * 20) / 120));
    expect(placed.order.totalKobo).toBe(bag.priceKobo + placed.order.shippingKobo);
    const [event] = await database.db
      .select()
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.number, placed.order.number))
      .orderBy(desc(orderEvents.id));
    expect(event!.order_events.status).toBe('awaiting_payment');
  });
});
