import type { Role } from '../../contracts/accounts';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import type { RateLimiter, RateLimitRule } from '../rate-limits';
import { placeOrder, type PlacedOrder, type PlaceOrderDeps } from './place-order';
import { getOrderForViewer, listOrdersForUser, trackOrder, trackOrderLimit } from './read-orders';
import { setProductStock } from '../../tests/fixtures/stock';

type Viewer = { id: string; email: string; role: Role; emailVerified: boolean };

let database: TestDatabase;
let deps: PlaceOrderDeps;
let owner: Viewer;
let stranger: Viewer;
let admin: Viewer;
let ownerFirst: PlacedOrder;
let ownerSecond: PlacedOrder;
let guest: PlacedOrder;
let product: { id: number; sizes: string[] };

/** What reading an order needs: the database, and the shop key its shopper's pickup code opens with. */
const reading = () => ({ db: database.db, shopKey: 'read-orders-test-shop-key' });

const hits: { rule: RateLimitRule; key: string }[] = [];
const rateLimiter: RateLimiter = {
  hit: async (rule, key) => {
    hits.push({ rule, key });
  },
  check: async () => {},
};

async function insertUser(
  email: string,
  role: Viewer['role'] = 'customer',
  verified = true,
): Promise<Viewer> {
  const [row] = await database.db
    .insert(users)
    .values({
      name: 'Shopper',
      email,
      passwordHash: 'not-a-real-hash',
      role,
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning();
  return { id: row!.id, email: row!.email, role: row!.role, emailVerified: row!.emailVerifiedAt !== null };
}

function orderBody(email: string) {
  return {
    items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] }],
    shippingMethod: 'express',
    paymentMethod: 'bank-transfer',
    email,
    phone: '+234 803 000 5555',
    shippingAddress: {
      firstName: 'Kemi',
      lastName: 'Ola',
      address: '4 Broad Street',
      city: 'Lagos Island',
      state: 'Lagos',
      zipCode: '102273',
      country: 'Nigeria',
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1);
  product = row!;
  await setProductStock(database.db, product.id, 50);
  owner = await insertUser('owner@example.ng');
  stranger = await insertUser('stranger@example.ng');
  admin = await insertUser('admin@rossy.test', 'owner');
  ownerFirst = await placeOrder(deps, orderBody(owner.email), { user: { id: owner.id } });
  ownerSecond = await placeOrder(deps, orderBody(owner.email), { user: { id: owner.id } });
  guest = await placeOrder(deps, orderBody('Later.Member@Example.ng'));
});
afterAll(async () => {
  await database?.destroy();
});

async function expectNotFound(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('NOT_FOUND');
  return error as AppError;
}

describe('getOrderForViewer', () => {
  it('shows the owner their order, with its lines and events', async () => {
    const view = await getOrderForViewer(reading(), ownerFirst.order.number, { user: owner });
    expect(view.number).toBe(ownerFirst.order.number);
    expect(view.items).toHaveLength(1);
    expect(view.events.map((event) => event.status)).toEqual(['awaiting_payment']);
    // The number may be typed in any case.
    const typed = await getOrderForViewer(reading(), ownerFirst.order.number.toLowerCase(), {
      user: owner,
    });
    expect(typed.number).toBe(ownerFirst.order.number);
  });

  it('answers NOT_FOUND to another shopper and to an anonymous visitor', async () => {
    await expectNotFound(getOrderForViewer(reading(), ownerFirst.order.number, { user: stranger }));
    await expectNotFound(getOrderForViewer(reading(), ownerFirst.order.number, { user: null }));
    // Even with the key of an order of their own.
    await expectNotFound(
      getOrderForViewer(reading(), ownerFirst.order.number, { user: null, key: guest.accessToken }),
    );
  });

  it("shows a guest's order to whoever holds its link's key, and to no one with a wrong key", async () => {
    const view = await getOrderForViewer(reading(), guest.order.number, {
      user: null,
      key: guest.accessToken,
    });
    expect(view.email).toBe('later.member@example.ng');
    await expectNotFound(getOrderForViewer(reading(), guest.order.number, { user: null, key: 'wrong-key' }));
    await expectNotFound(
      getOrderForViewer(reading(), guest.order.number, { user: null, key: `${guest.accessToken!}x` }),
    );
    await expectNotFound(getOrderForViewer(reading(), guest.order.number, { user: null, key: '' }));
    await expectNotFound(getOrderForViewer(reading(), guest.order.number, { user: stranger }));
  });

  it('shows any order to an admin', async () => {
    for (const placed of [ownerFirst, guest])
      expect((await getOrderForViewer(reading(), placed.order.number, { user: admin })).number).toBe(
        placed.order.number,
      );
  });

  it('answers NOT_FOUND for an order number that does not exist', async () => {
    await expectNotFound(getOrderForViewer(reading(), 'ORD-99999', { user: admin }));
  });

  it('keeps staff without the second factor the owner requires out of every order but their own, as the admin does', async () => {
    const kept = { ...admin, secondFactorMissing: true };
    for (const number of [guest.order.number, 'ORD-99999']) {
      const error = await getOrderForViewer(reading(), number, { user: kept }).catch(
        (caught: unknown) => caught,
      );
      expect(error, number).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('FORBIDDEN');
    }
    // Her order link's key, or an order of her own, makes her its shopper.
    const linked = await getOrderForViewer(reading(), guest.order.number, {
      user: kept,
      key: guest.accessToken,
    });
    expect(linked.number).toBe(guest.order.number);
    const ownAsStaff = { ...owner, role: 'dispatch' as const, secondFactorMissing: true };
    expect((await getOrderForViewer(reading(), ownerFirst.order.number, { user: ownAsStaff })).number).toBe(
      ownerFirst.order.number,
    );
  });
});

describe('listOrdersForUser', () => {
  it("lists a shopper's own orders, newest first, and nobody else's", async () => {
    const list = await listOrdersForUser(database.db, owner);
    expect(list.map((order) => order.number)).toEqual([ownerSecond.order.number, ownerFirst.order.number]);
    expect(list[0]).toMatchObject({
      status: 'awaiting_payment',
      itemCount: 1,
      totalKobo: ownerSecond.order.totalKobo,
    });
    expect(await listOrdersForUser(database.db, stranger)).toEqual([]);
  });

  it('includes orders placed as a guest with the e-mail a shopper registers with later, once confirmed', async () => {
    const member = await insertUser('later.member@example.ng', 'customer', false);
    // Anyone can type the address at sign-up: until the account follows the link mailed to it, the
    // guest's orders (address, phone) stay out of its list and its reach.
    expect(await listOrdersForUser(database.db, member)).toEqual([]);
    await expectNotFound(getOrderForViewer(reading(), guest.order.number, { user: member }));

    await database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, member.id));
    const confirmed = { ...member, emailVerified: true };
    const list = await listOrdersForUser(database.db, confirmed);
    expect(list.map((order) => order.number)).toEqual([guest.order.number]);
    const view = await getOrderForViewer(reading(), guest.order.number, { user: confirmed });
    expect(view.number).toBe(guest.order.number);
  });

  it('filters by status and searches by number', async () => {
    await database.db
      .update(orders)
      .set({ status: 'shipped' })
      .where(eq(orders.number, ownerFirst.order.number));
    try {
      const shipped = await listOrdersForUser(database.db, owner, { status: 'shipped' });
      expect(shipped.map((order) => order.number)).toEqual([ownerFirst.order.number]);
      expect(shipped[0]!.statusLabel).toBe('Shipped');
      const waiting = await listOrdersForUser(database.db, owner, { status: 'awaiting_payment' });
      expect(waiting.map((order) => order.number)).toEqual([ownerSecond.order.number]);
      expect(await listOrdersForUser(database.db, owner, { status: 'delivered' })).toEqual([]);
      // An unknown status filters nothing out.
      expect(await listOrdersForUser(database.db, owner, { status: 'lost' })).toHaveLength(2);

      const digits = ownerSecond.order.number.slice(4);
      const found = await listOrdersForUser(database.db, owner, { q: digits });
      expect(found.map((order) => order.number)).toEqual([ownerSecond.order.number]);
      const typed = await listOrdersForUser(database.db, owner, { q: ownerFirst.order.number.toLowerCase() });
      expect(typed.map((order) => order.number)).toEqual([ownerFirst.order.number]);
      expect(await listOrdersForUser(database.db, owner, { q: '%' })).toEqual([]);
      // Search never reaches someone else's order.
      expect(await listOrdersForUser(database.db, stranger, { q: digits })).toEqual([]);
    } finally {
      await database.db
        .update(orders)
        .set({ status: 'awaiting_payment' })
        .where(eq(orders.number, ownerFirst.order.number));
    }
  });
});

describe('trackOrder', () => {
  const client = { ip: '203.0.113.7' };

  it('finds an order by number and e-mail in any case, counting the attempt per address', async () => {
    hits.length = 0;
    const tracked = await trackOrder(
      { db: database.db, rateLimiter },
      { orderNumber: ` ${guest.order.number.toLowerCase()} `, email: '  LATER.member@EXAMPLE.NG ' },
      client,
    );
    expect(tracked).toMatchObject({
      number: guest.order.number,
      status: 'awaiting_payment',
      destination: 'Lagos Island, Lagos, Nigeria',
      totalKobo: guest.order.totalKobo,
    });
    expect(tracked.events).toHaveLength(1);
    // Tracking shows the parcel, not the shopper's contact or payment details.
    expect(tracked).not.toHaveProperty('email');
    expect(tracked).not.toHaveProperty('phone');
    expect(tracked).not.toHaveProperty('bankReference');
    expect(hits).toEqual([{ rule: trackOrderLimit, key: client.ip }]);
  });

  it('answers the shop message for a wrong e-mail or an unknown number', async () => {
    const deps = { db: database.db, rateLimiter };
    const wrongEmail = await expectNotFound(
      trackOrder(deps, { orderNumber: guest.order.number, email: 'owner@example.ng' }, client),
    );
    expect(wrongEmail.message).toBe(
      'No order found with the provided information. Please check and try again.',
    );
    const unknown = await expectNotFound(
      trackOrder(deps, { orderNumber: 'ORD-99999', email: 'later.member@example.ng' }, client),
    );
    expect(unknown.message).toBe(checkoutMessages.trackNotFound);
  });

  it('stops when the rate limiter says so', async () => {
    const limited: RateLimiter = {
      hit: () => Promise.reject(new AppError('RATE_LIMITED', 'Too many attempts.')),
      check: async () => {},
    };
    const error = await trackOrder(
      { db: database.db, rateLimiter: limited },
      { orderNumber: guest.order.number, email: 'later.member@example.ng' },
      client,
    ).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as AppError).code).toBe('RATE_LIMITED');
  });
});

describe('unpaid card attempts in My Orders', () => {
  const cardOrder = (email: string, paymentMethod: 'credit-card' | 'flutterwave') => ({
    ...orderBody(email),
    paymentMethod,
  });

  it("reads 'Payment not completed' while waiting, and leaves the list once given up or released", async () => {
    const shopper = await insertUser('card.attempts@example.ng');
    const first = await placeOrder(deps, cardOrder(shopper.email, 'credit-card'), {
      user: { id: shopper.id },
    });
    const second = await placeOrder(deps, cardOrder(shopper.email, 'flutterwave'), {
      user: { id: shopper.id },
    });
    const transfer = await placeOrder(deps, orderBody(shopper.email), { user: { id: shopper.id } });

    const listed = await listOrdersForUser(database.db, shopper);
    expect(listed.map((order) => [order.number, order.statusLabel])).toEqual([
      [transfer.order.number, 'Awaiting payment'],
      [second.order.number, 'Payment not completed'],
      [first.order.number, 'Payment not completed'],
    ]);
    const detail = await getOrderForViewer(reading(), first.order.number, { user: shopper });
    expect(detail.statusLabel).toBe('Payment not completed');

    // Released (the hold ran out, or the shopper cancelled): gone from the list, not from the shop.
    await database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.number, [first.order.number, transfer.order.number]));
    const after = await listOrdersForUser(database.db, shopper);
    expect(after.map((order) => order.number)).toEqual([transfer.order.number, second.order.number]);
    expect(after[0]!.statusLabel).toBe('Cancelled');
    expect(await listOrdersForUser(database.db, shopper, { status: 'cancelled' })).toHaveLength(1);
    const kept = await getOrderForViewer(reading(), first.order.number, { user: admin });
    expect(kept.status).toBe('cancelled');

    // A paid card order that is later cancelled stays: money moved.
    await database.db
      .update(orders)
      .set({ status: 'cancelled', paymentStatus: 'refunded' })
      .where(eq(orders.number, second.order.number));
    expect((await listOrdersForUser(database.db, shopper)).map((order) => order.number)).toEqual([
      transfer.order.number,
      second.order.number,
    ]);
  });
});
