import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { products } from '../../db/schema/catalog';
import { coupons, orders } from '../../db/schema/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { checkCoupon } from './coupons';
import { placeOrder, type PlaceOrderDeps } from './place-order';
import { quoteCart } from './quote';
import { setProductStock } from '../../tests/fixtures/stock';
import { gridStock, setGridStock } from '../../tests/fixtures/variant-grid';

let database: TestDatabase;
let deps: PlaceOrderDeps;
type Product = { id: number; name: string; sizes: string[]; colors: { name: string }[] };
let shirt: Product;
let bag: Product;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  const rows = await database.db
    .select({ id: products.id, name: products.name, sizes: products.sizes, colors: products.colors })
    .from(products)
    .orderBy(asc(products.id))
    .limit(2);
  [shirt, bag] = [rows[0]!, rows[1]!];
});
afterAll(async () => {
  await database?.destroy();
});

async function setProduct(
  id: number,
  values: { priceKobo?: number; stock?: number; freeShipping?: boolean },
) {
  const { stock, ...rest } = values;
  if (Object.keys(rest).length > 0) await database.db.update(products).set(rest).where(eq(products.id, id));
  if (stock !== undefined) await setProductStock(database.db, id, stock);
}

function line(product: { id: number; sizes: string[] }, quantity: number, sizeIndex = 0) {
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
  firstName: 'Chidi',
  lastName: 'Eze',
  address: '3 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  zipCode: '100271',
  country: 'Nigeria' as const,
};

function orderBody(email: string, extra: Record<string, unknown> = {}) {
  return {
    items: [line(bag, 1)],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email,
    phone: '+234 803 000 2222',
    shippingAddress: address,
    ...extra,
  };
}

describe('quoteCart prices from the database', () => {
  it('ignores price, total and unitPriceKobo sent with the items', async () => {
    await setProduct(shirt.id, { priceKobo: 1_234_500, stock: 20 });
    const quote = await quoteCart(database.db, {
      items: [{ ...line(shirt, 2), price: 1, total: 1, unitPriceKobo: 1, priceKobo: 1 }],
      subtotalKobo: 1,
      totalKobo: 1,
      total: 1,
    });
    expect(quote.lines[0]).toMatchObject({ productId: shirt.id, unitPriceKobo: 1_234_500, quantity: 2 });
    expect(quote.lines[0]!.lineTotalKobo).toBe(2_469_000);
    expect(quote.subtotalKobo).toBe(2_469_000);
    // Over the free-shipping threshold; Nigeria's 7.5 % VAT is inside the tag price.
    expect(quote.shippingKobo).toBe(0);
    expect(quote).toMatchObject({ taxRatePercent: 7.5, taxIncluded: true });
    expect(quote.taxKobo).toBe(172_256);
    expect(quote.totalKobo).toBe(2_469_000);
    expect(quote.purchasable).toBe(true);
  });

  it('follows a price change in the catalogue at once', async () => {
    await setProduct(shirt.id, { priceKobo: 700_000, stock: 20, freeShipping: false });
    const quote = await quoteCart(database.db, { items: [line(shirt, 1)], country: 'USA' });
    expect(quote.subtotalKobo).toBe(700_000);
    expect(quote.shippingKobo).toBe(150_000);
    // The USA's 7 %, inside the price as every region's tax is by default.
    expect(quote.taxKobo).toBe(45_794);
    expect(quote.totalKobo).toBe(700_000 + 150_000);
  });

  it('ships free by Standard when every piece ships free, below the threshold too; Express and a mixed bag still pay', async () => {
    await setProduct(shirt.id, { priceKobo: 700_000, stock: 20, freeShipping: true });
    await setProduct(bag.id, { priceKobo: 500_000, stock: 20, freeShipping: false });
    try {
      const free = await quoteCart(database.db, { items: [line(shirt, 1)], shippingMethod: 'standard' });
      expect(free.shippingKobo, 'a free-shipping piece below the threshold').toBe(0);
      expect(free.shippingMethods.find((method) => method.id === 'standard')).toMatchObject({ free: true });
      const express = await quoteCart(database.db, { items: [line(shirt, 1)], shippingMethod: 'express' });
      expect(express.shippingKobo, 'Express is never free by the flag').toBeGreaterThan(0);
      const mixed = await quoteCart(database.db, {
        items: [line(shirt, 1), line(bag, 1)],
        shippingMethod: 'standard',
      });
      expect(mixed.shippingKobo, 'one piece without free shipping').toBe(200_000);
    } finally {
      await setProduct(shirt.id, { freeShipping: false });
    }
  });

  it.each([0, -1, 1000, 'abc', 1.5])('refuses quantity %s with a 400 naming the line', async (quantity) => {
    const error = await expectAppError(
      quoteCart(database.db, { items: [{ id: shirt.id, quantity, selectedSize: shirt.sizes[0] }] }),
      'BAD_REQUEST',
    );
    expect(error.status).toBe(400);
    expect(error.fields).toHaveProperty(['items.0.quantity']);
  });

  it('refuses an empty cart with a 400', async () => {
    await expectAppError(quoteCart(database.db, { items: [] }), 'BAD_REQUEST');
  });

  it('shows an unknown product as a problem line that adds nothing to the total', async () => {
    await setProduct(shirt.id, { priceKobo: 700_000, stock: 20 });
    const quote = await quoteCart(database.db, {
      items: [{ id: 987_654, quantity: 1 }, line(shirt, 1)],
    });
    expect(quote.lines[0]).toMatchObject({
      productId: 987_654,
      problem: 'This item is no longer available.',
      problemKind: 'unavailable',
    });
    expect(quote.lines[1]!.problem).toBeNull();
    expect(quote.subtotalKobo).toBe(700_000);
    expect(quote.purchasable).toBe(false);
  });

  it('counts two lines of one size together against that size; lines of two sizes draw on their own', async () => {
    if (shirt.sizes.length < 2) throw new Error('the test needs a product with two sizes');
    await setProduct(shirt.id, { priceKobo: 700_000 });
    const [first, second] = shirt.sizes as [string, string];
    const color = shirt.colors[0]?.name ?? null;
    await setGridStock(
      database.db,
      shirt.id,
      [
        { size: first, color, stock: 3 },
        { size: second, color, stock: 1 },
      ],
      0,
    );

    const sameSize = await quoteCart(database.db, { items: [line(shirt, 2, 0), line(shirt, 2, 0)] });
    const label = [first, color].filter(Boolean).join(' / ');
    expect(sameSize.lines.map((quoted) => quoted.problem)).toEqual([
      `Only 3 left in ${label}.`,
      `Only 3 left in ${label}.`,
    ]);
    expect(sameSize.purchasable).toBe(false);

    // Three of the first size and one of the second: each size has enough of its own.
    const fits = await quoteCart(database.db, {
      items: [line(shirt, 2, 0), line(shirt, 1, 0), line(shirt, 1, 1)],
    });
    expect(fits.lines.map((quoted) => quoted.problem)).toEqual([null, null, null]);
    expect(fits.purchasable).toBe(true);
    expect(fits.subtotalKobo).toBe(2_800_000);

    // Two of the second size: the first size's three units do not make up for it.
    const short = await quoteCart(database.db, { items: [line(shirt, 1, 0), line(shirt, 2, 1)] });
    expect(short.lines.map((quoted) => quoted.problem)).toEqual([
      null,
      `Only 1 left in ${[second, color].filter(Boolean).join(' / ')}.`,
    ]);
    expect(short.lines[1]).toMatchObject({ problemKind: 'stock', stock: 1, size: second, color });
    expect(short.purchasable).toBe(false);
  });

  it("will not place an order whose lines of one size together pass that size's stock, taking nothing for any line", async () => {
    await setProduct(shirt.id, { priceKobo: 700_000 });
    const [first, second] = shirt.sizes as [string, string];
    const color = shirt.colors[0]?.name ?? null;
    await setGridStock(
      database.db,
      shirt.id,
      [
        { size: first, color, stock: 3 },
        { size: second, color, stock: 1 },
      ],
      0,
    );
    await setProduct(bag.id, { stock: 5 });
    const before = {
      shirt: await gridStock(database.db, shirt.id),
      bag: await gridStock(database.db, bag.id),
    };
    const error = await expectAppError(
      placeOrder(
        deps,
        orderBody('two-lines@example.ng', {
          items: [line(bag, 1), line(shirt, 1, 1), line(shirt, 2, 0), line(shirt, 2, 0)],
        }),
      ),
      'OUT_OF_STOCK',
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      `${shirt.name}: Only 3 left in ${[first, color].filter(Boolean).join(' / ')}.`,
    );
    expect(await gridStock(database.db, shirt.id)).toEqual(before.shirt);
    expect(await gridStock(database.db, bag.id)).toEqual(before.bag);
    const [row] = await database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, shirt.id));
    expect(row!.stock).toBe(4);
  });
});

describe('coupons', () => {
  it.each([
    ['discount10', 'DISCOUNT10', 10],
    ['DISCOUNT10', 'DISCOUNT10', 10],
    [' Rossy10 ', 'ROSSY10', 10],
    ['rossy10', 'ROSSY10', 10],
    ['welcome15', 'WELCOME15', 15],
  ])('applies %j as %s, %i%% off the goods', async (typed, code, percent) => {
    await setProduct(shirt.id, { priceKobo: 1_000_000, stock: 20 });
    const quote = await quoteCart(database.db, { items: [line(shirt, 1)], couponCode: typed });
    expect(quote.couponError).toBeNull();
    expect(quote.coupon).toMatchObject({ code, percent });
    expect(quote.discountKobo).toBe(10_000 * percent);
    const goods = 1_000_000 - 10_000 * percent;
    // The coupon brings the goods under the threshold: Standard shipping is charged again (its "from" price until a state is chosen).
    expect(quote.shippingKobo).toBe(200_000);
    expect(quote.taxKobo).toBe(Math.round((goods * 7.5) / 107.5));
    expect(quote.totalKobo).toBe(goods + 200_000);
  });

  it('answers an unknown code with the shop message and no discount', async () => {
    const quote = await quoteCart(database.db, { items: [line(shirt, 1)], couponCode: 'FREESTUFF' });
    expect(quote.couponError).toBe('Invalid coupon code.');
    expect(quote.coupon).toBeNull();
    expect(quote.discountKobo).toBe(0);
    const check = await checkCoupon(database.db, 'nope');
    expect(check.problem).toBe('Invalid coupon code.');
  });

  it('refuses an expired coupon, a used-up one and a switched-off one', async () => {
    await database.db.insert(coupons).values([
      { code: 'OLD20', percent: 20, expiresAt: new Date(Date.now() - 60_000) },
      { code: 'GONE5', percent: 5, usageLimit: 2, usedCount: 2 },
      { code: 'OFF30', percent: 30, active: false },
      {
        code: 'LATER25',
        percent: 25,
        expiresAt: new Date(Date.now() + 86_400_000),
        usageLimit: 2,
        usedCount: 1,
      },
    ]);
    const problem = async (code: string) =>
      (await quoteCart(database.db, { items: [line(shirt, 1)], couponCode: code })).couponError;
    expect(await problem('old20')).toBe(checkoutMessages.couponExpired);
    expect(await problem('gone5')).toBe(checkoutMessages.couponUsedUp);
    expect(await problem('off30')).toBe('Invalid coupon code.');
    expect(await problem('later25')).toBeNull();
  });

  it('refuses a used-up coupon at Place Order with a 409', async () => {
    await setProduct(bag.id, { stock: 20 });
    const error = await expectAppError(
      placeOrder(deps, orderBody('gone@example.ng', { couponCode: 'Gone5' })),
      'CONFLICT',
    );
    expect(error.message).toBe(checkoutMessages.couponUsedUp);
    expect(error.fields).toEqual({ couponCode: checkoutMessages.couponUsedUp });
  });

  it('refuses an expired coupon at Place Order with a 422 and takes no stock', async () => {
    await setProduct(bag.id, { stock: 20 });
    const error = await expectAppError(
      placeOrder(deps, orderBody('old@example.ng', { couponCode: 'old20' })),
      'UNPROCESSABLE',
    );
    expect(error.message).toBe(checkoutMessages.couponExpired);
    const [row] = await database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, bag.id));
    expect(row!.stock).toBe(20);
  });

  it('gives WELCOME15 to a first order only; a cancelled order does not count', async () => {
    await setProduct(bag.id, { stock: 20 });
    const email = 'amaka@example.ng';
    const quoteFor = async (shopper: string) =>
      (await quoteCart(database.db, { items: [line(bag, 1)], couponCode: 'welcome15', email: shopper }))
        .couponError;
    expect(await quoteFor(email)).toBeNull();

    const first = await placeOrder(deps, orderBody('Amaka@Example.NG', { couponCode: 'WELCOME15' }));
    expect(first.order.couponCode).toBe('WELCOME15');
    expect(first.order.discountKobo).toBeGreaterThan(0);

    expect(await quoteFor(email)).toBe(checkoutMessages.couponFirstOrder);
    expect(await quoteFor('AMAKA@example.ng')).toBe(checkoutMessages.couponFirstOrder);
    expect((await checkCoupon(database.db, 'Welcome15', { email })).problem).toBe(
      checkoutMessages.couponFirstOrder,
    );
    const second = await expectAppError(
      placeOrder(deps, orderBody(email, { couponCode: 'welcome15' })),
      'UNPROCESSABLE',
    );
    expect(second.message).toBe(checkoutMessages.couponFirstOrder);

    // Another shopper may still use it; so may this one once their only order is cancelled.
    expect(await quoteFor('someone-else@example.ng')).toBeNull();
    await database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.number, first.order.number));
    expect(await quoteFor(email)).toBeNull();
  });
});
