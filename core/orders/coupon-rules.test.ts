/**
 * The coupons a Nigerian shop runs (decision 0064), as checkout prices and places them: a fixed amount
 * off the eligible lines, free delivery, a minimum spend on the eligible lines, a limit per customer,
 * and coupons for chosen categories or products, the quote saying which lines each applied to.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { coupons, orderLines, orders } from '../../db/schema/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { allowManyUnpaidOrders } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { cancelOrder } from './lifecycle';
import { placeOrder, type PlaceOrderDeps } from './place-order';
import { quoteCart } from './quote';

let database: TestDatabase;
let deps: PlaceOrderDeps;
interface Piece {
  id: number;
  name: string;
  sizes: string[];
  categoryId: string;
}
/** A bag (under Women's Bags) and a men's piece, each at a round price. */
let bag: Piece;
let shirt: Piece;

async function pieceUnder(parent: string): Promise<Piece> {
  const result = await database.db.execute(sql`
    SELECT p.id, p.name, p.sizes, p.category_id AS "categoryId" FROM products p
      JOIN categories c ON c.id = p.category_id
     WHERE c.parent_id = ${parent} AND p.status = 'active'
     ORDER BY p.id LIMIT 1`);
  return (result as { rows: Piece[] }).rows[0]!;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  await allowManyUnpaidOrders(database.db);
  bag = await pieceUnder('womens-bags');
  shirt = await pieceUnder('mens-wear');
  for (const [piece, priceKobo] of [
    [bag, 3_000_000],
    [shirt, 1_000_000],
  ] as const) {
    await database.db.execute(sql`UPDATE products SET price_kobo = ${priceKobo} WHERE id = ${piece.id}`);
    await database.db.execute(
      sql`UPDATE product_variants SET price_kobo = NULL WHERE product_id = ${piece.id}`,
    );
    await setProductStock(database.db, piece.id, 500);
  }
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

const line = (piece: Piece, quantity = 1) => ({ id: piece.id, quantity, selectedSize: piece.sizes[0] });

async function addCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await database.db
    .insert(coupons)
    .values({ percent: null, ...values })
    .returning();
  return row!;
}

const address = {
  firstName: 'Chioma',
  lastName: 'Obi',
  address: '5 Bourdillon Road',
  city: 'Ikoyi',
  state: 'Lagos',
  zipCode: '',
  country: 'Nigeria' as const,
};

function orderBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    items: [line(bag)],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email,
    phone: '0803 111 2222',
    shippingAddress: address,
    ...extra,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const lagos = { country: 'Nigeria' as const, state: 'Lagos' };

describe('a fixed amount off', () => {
  it('takes ₦5,000 off the order, split over its lines in proportion, and the total follows', async () => {
    await addCoupon({ code: 'NAIRA5K', type: 'fixed', amountKobo: 500_000 });
    const quote = await quoteCart(database.db, {
      items: [line(bag), line(shirt)],
      couponCode: 'naira5k',
      shippingAddress: lagos,
    });
    expect(quote.couponError).toBeNull();
    expect(quote.discountKobo).toBe(500_000);
    expect(quote.coupon).toMatchObject({
      code: 'NAIRA5K',
      type: 'fixed',
      percent: null,
      amountKobo: 500_000,
      discountKobo: 500_000,
      appliedToLines: [0, 1],
    });
    // ₦30,000 and ₦10,000: ₦3,750 and ₦1,250 of the ₦5,000.
    expect(quote.lines.map((item) => item.discountKobo)).toEqual([375_000, 125_000]);
    const goods = 4_000_000 - 500_000;
    // The VAT is inside what is left of the tag prices: the total is those and the delivery.
    expect(quote.totalKobo).toBe(goods + quote.shippingKobo);
    expect(quote.taxKobo).toBe(Math.round((goods * quote.taxRatePercent) / (100 + quote.taxRatePercent)));
  });

  it('never takes the goods below nothing', async () => {
    await addCoupon({ code: 'BIG50K', type: 'fixed', amountKobo: 5_000_000 });
    const quote = await quoteCart(database.db, {
      items: [line(shirt)],
      couponCode: 'BIG50K',
      shippingAddress: lagos,
    });
    expect(quote.discountKobo).toBe(1_000_000);
    expect(quote.totalKobo).toBe(quote.shippingKobo);
  });

  it('records the discount and each line’s share on the order', async () => {
    const placed = await placeOrder(
      deps,
      orderBody('fixed.buyer@example.ng', { items: [line(bag), line(shirt)], couponCode: 'NAIRA5K' }),
    );
    expect(placed.order.discountKobo).toBe(500_000);
    expect(placed.order.couponCode).toBe('NAIRA5K');
    const [order] = await database.db.select().from(orders).where(eq(orders.number, placed.order.number));
    const shares = await database.db
      .select({ productId: orderLines.productId, discountKobo: orderLines.discountKobo })
      .from(orderLines)
      .where(eq(orderLines.orderId, order!.id))
      .orderBy(asc(orderLines.id));
    expect(shares).toEqual([
      { productId: bag.id, discountKobo: 375_000 },
      { productId: shirt.id, discountKobo: 125_000 },
    ]);
  });
});

describe('coupons for chosen categories or products', () => {
  it('applies only to the lines of the chosen category (and those below it), and says which', async () => {
    await addCoupon({ code: 'BAGS20', type: 'percent', percent: 20, categoryIds: ['womens-bags'] });
    const quote = await quoteCart(database.db, {
      items: [line(shirt), line(bag)],
      couponCode: 'bags20',
      shippingAddress: lagos,
    });
    expect(quote.discountKobo).toBe(600_000);
    expect(quote.coupon?.appliedToLines).toEqual([1]);
    expect(quote.lines.map((item) => item.discountKobo)).toEqual([0, 600_000]);
  });

  it('applies a fixed amount to the chosen products only', async () => {
    await addCoupon({ code: 'SHIRT2K', type: 'fixed', amountKobo: 200_000, productIds: [shirt.id] });
    const quote = await quoteCart(database.db, {
      items: [line(bag), line(shirt, 2)],
      couponCode: 'SHIRT2K',
      shippingAddress: lagos,
    });
    expect(quote.discountKobo).toBe(200_000);
    expect(quote.coupon?.appliedToLines).toEqual([1]);
  });

  it('refuses a cart with nothing the coupon is for, naming what it is for', async () => {
    const quote = await quoteCart(database.db, {
      items: [line(shirt)],
      couponCode: 'BAGS20',
      shippingAddress: lagos,
    });
    expect(quote.coupon).toBeNull();
    expect(quote.discountKobo).toBe(0);
    expect(quote.couponError).toBe("This code is for Women's Bags only: nothing in your bag qualifies.");
  });
});

describe('a minimum spend', () => {
  it('counts the eligible lines only, and says so in naira', async () => {
    await addCoupon({
      code: 'BAGS20K',
      type: 'fixed',
      amountKobo: 300_000,
      minimumSpendKobo: 5_000_000,
      categoryIds: ['womens-bags'],
    });
    const short = await quoteCart(database.db, {
      items: [line(bag), line(shirt, 3)],
      couponCode: 'BAGS20K',
      shippingAddress: lagos,
    });
    expect(short.couponError).toBe("Spend ₦50,000 on eligible items (Women's Bags) to use this code.");
    expect(short.discountKobo).toBe(0);
    const enough = await quoteCart(database.db, {
      items: [line(bag, 2)],
      couponCode: 'BAGS20K',
      shippingAddress: lagos,
    });
    expect(enough.couponError).toBeNull();
    expect(enough.discountKobo).toBe(300_000);

    await addCoupon({ code: 'ALL40K', type: 'percent', percent: 5, minimumSpendKobo: 4_000_000 });
    const whole = await quoteCart(database.db, {
      items: [line(shirt)],
      couponCode: 'ALL40K',
      shippingAddress: lagos,
    });
    expect(whole.couponError).toBe('Spend ₦40,000 to use this code.');
  });

  it('is refused at Place Order when not met', async () => {
    const error = await refusal(
      placeOrder(deps, orderBody('short@example.ng', { items: [line(shirt)], couponCode: 'ALL40K' })),
    );
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.fields).toEqual({ couponCode: 'Spend ₦40,000 to use this code.' });
  });
});

describe('free delivery', () => {
  it('makes every delivery method free, takes nothing off the goods, and says what it saved', async () => {
    await addCoupon({ code: 'FREESHIP', type: 'free_delivery' });
    const plain = await quoteCart(database.db, {
      items: [line(shirt)],
      shippingMethod: 'express',
      shippingAddress: lagos,
    });
    expect(plain.shippingKobo).toBeGreaterThan(0);
    const quote = await quoteCart(database.db, {
      items: [line(shirt)],
      couponCode: 'freeship',
      shippingMethod: 'express',
      shippingAddress: lagos,
    });
    expect(quote.couponError).toBeNull();
    expect(quote.shippingKobo).toBe(0);
    expect(quote.discountKobo).toBe(0);
    expect(quote.coupon).toMatchObject({ type: 'free_delivery', discountKobo: plain.shippingKobo });
    expect(quote.totalKobo).toBe(plain.totalKobo - plain.shippingKobo);
    for (const method of quote.shippingMethods.filter((option) => option.id !== 'pickup'))
      expect(method).toMatchObject({ priceKobo: 0, free: true });
  });

  it('does not apply to pickup at the shop', async () => {
    const quote = await quoteCart(database.db, {
      items: [line(shirt)],
      couponCode: 'FREESHIP',
      shippingMethod: 'pickup',
      shippingAddress: lagos,
    });
    expect(quote.couponError).toBe(checkoutMessages.couponNotForPickup);
  });

  it('places the order with no delivery charge', async () => {
    const placed = await placeOrder(
      deps,
      orderBody('free.delivery@example.ng', {
        items: [line(shirt)],
        couponCode: 'FREESHIP',
        shippingMethod: 'express',
      }),
    );
    expect(placed.order.shippingKobo).toBe(0);
    expect(placed.order.discountKobo).toBe(0);
    expect(placed.order.couponCode).toBe('FREESHIP');
  });
});

describe('a limit per customer', () => {
  it('counts a guest’s orders by e-mail or phone, and a cancelled order gives its use back', async () => {
    await addCoupon({ code: 'ONCEEACH', type: 'fixed', amountKobo: 100_000, usageLimitPerCustomer: 1 });
    const first = await placeOrder(deps, orderBody('ada@example.ng', { couponCode: 'ONCEEACH' }));
    expect(first.order.discountKobo).toBe(100_000);

    const quote = await quoteCart(
      database.db,
      { items: [line(bag)], couponCode: 'ONCEEACH', email: 'ADA@example.ng', shippingAddress: lagos },
      {},
    );
    expect(quote.couponError).toBe(checkoutMessages.couponCustomerLimit);

    const again = await refusal(placeOrder(deps, orderBody('Ada@Example.ng', { couponCode: 'onceeach' })));
    expect(again.message).toBe(checkoutMessages.couponCustomerLimit);
    expect(again.fields).toEqual({ couponCode: checkoutMessages.couponCustomerLimit });
    // Another e-mail on the same phone is the same customer.
    const samePhone = await refusal(
      placeOrder(
        deps,
        orderBody('ada.other@example.ng', { couponCode: 'ONCEEACH', phone: '+2348031112222' }),
      ),
    );
    expect(samePhone.message).toBe(checkoutMessages.couponCustomerLimit);
    // Someone else may use it.
    const other = await placeOrder(
      deps,
      orderBody('bisi@example.ng', { couponCode: 'ONCEEACH', phone: '0803 999 0000' }),
    );
    expect(other.order.couponCode).toBe('ONCEEACH');

    const [row] = await database.db.select().from(orders).where(eq(orders.number, first.order.number));
    await database.db.transaction((tx) => cancelOrder(tx, row!, 'shop', new Date()));
    const after = await placeOrder(deps, orderBody('ada@example.ng', { couponCode: 'ONCEEACH' }));
    expect(after.order.couponCode).toBe('ONCEEACH');
  });

  it('counts a signed-in shopper’s orders by account, whatever e-mail and phone they use', async () => {
    const [user] = (
      (await database.db.execute(
        sql`INSERT INTO users (email, name, password_hash) VALUES ('tobi@example.ng', 'Tobi', 'x') RETURNING id`,
      )) as { rows: { id: string }[] }
    ).rows;
    await addCoupon({ code: 'TWICE', type: 'percent', percent: 5, usageLimitPerCustomer: 2 });
    const signedIn = { user: { id: user!.id } };
    await placeOrder(
      deps,
      orderBody('tobi@example.ng', { couponCode: 'TWICE', phone: '0803 000 0001' }),
      signedIn,
    );
    await placeOrder(
      deps,
      orderBody('tobi.b@example.ng', { couponCode: 'TWICE', phone: '0803 000 0002' }),
      signedIn,
    );
    const third = await refusal(
      placeOrder(
        deps,
        orderBody('tobi.c@example.ng', { couponCode: 'TWICE', phone: '0803 000 0003' }),
        signedIn,
      ),
    );
    expect(third.message).toBe(checkoutMessages.couponCustomerLimit);
    const quote = await quoteCart(
      database.db,
      { items: [line(bag)], couponCode: 'TWICE', shippingAddress: lagos },
      { userId: user!.id },
    );
    expect(quote.couponError).toBe(checkoutMessages.couponCustomerLimit);
  });

  it('lets one use through when the same guest places two orders at once', async () => {
    await addCoupon({ code: 'RACE1', type: 'fixed', amountKobo: 100_000, usageLimitPerCustomer: 1 });
    const results = await Promise.allSettled(
      [0, 1, 2].map((index) =>
        placeOrder(deps, orderBody('racer@example.ng', { couponCode: 'RACE1' }), {
          idempotencyKey: `race-${index}`,
        }),
      ),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    expect(placed).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect((result.reason as AppError).message).toBe(checkoutMessages.couponCustomerLimit);
    const [counted] = await database.db.select().from(coupons).where(eq(coupons.code, 'RACE1'));
    expect(counted!.usedCount).toBe(1);
  });
});
