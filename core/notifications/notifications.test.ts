import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { notifications } from '../../db/schema/content';
import { paymentTransactions } from '../../db/schema/payments';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { changeOrderStatus } from '../orders/manage-orders';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { releaseUnpaidOrders } from '../orders/release-unpaid';
import {
  applyProviderTransaction,
  confirmBankTransfer,
  startPayment,
  type PaymentDeps,
} from '../payments/payments';
import { createSandboxProvider } from '../payments/sandbox';
import {
  clearNotifications,
  countUnreadNotifications,
  createNotification,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications';
import { setProductStock } from '../../tests/fixtures/stock';

let database: TestDatabase;
let orderDeps: PlaceOrderDeps & { rateLimiter: { hit: () => Promise<void>; check: () => Promise<void> } };
let paymentDeps: PaymentDeps;
let product: { id: number; sizes: string[] };
const admin = { id: null, email: 'admin@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = {
    db: database.db,
    mailer,
    publicUrl: 'https://rossy.test',
    rateLimiter: { hit: async () => {}, check: async () => {} },
  };
  paymentDeps = {
    db: database.db,
    mailer,
    publicUrl: 'https://rossy.test',
    providers: { sandbox: createSandboxProvider(database.db) },
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1);
  product = row!;
  await setProductStock(database.db, product.id, 500);
});
afterAll(async () => {
  await database?.destroy();
});

async function insertUser(email: string, verified = true) {
  const [user] = await database.db
    .insert(users)
    .values({
      name: 'Chioma Obi',
      email,
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: verified ? new Date() : null,
    })
    .returning();
  return { ...user!, emailVerified: verified };
}

function orderBody(email: string, paymentMethod = 'bank-transfer') {
  return {
    items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] }],
    shippingMethod: 'standard',
    paymentMethod,
    email,
    phone: '+234 803 000 1111',
    shippingAddress: {
      firstName: 'Chioma',
      lastName: 'Obi',
      address: '4 Awolowo Road',
      city: 'Ikoyi',
      state: 'Lagos',
      zipCode: '101233',
      country: 'Nigeria',
    },
  };
}

const titlesOf = async (userId: string) =>
  (await listNotifications(database.db, userId)).notifications.map((item) => item.title);

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('notifications made by order events', () => {
  it('tells a signed-in shopper that the order was placed, paid, shipped (carrier and tracking) and delivered', async () => {
    const shopper = await insertUser('chioma@example.ng');
    const { order } = await placeOrder(orderDeps, orderBody('chioma@example.ng'), { user: shopper });
    let list = await listNotifications(database.db, shopper.id);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'order',
      title: 'Order placed',
      link: `/orders/${order.number}`,
      isRead: false,
    });
    expect(list.notifications[0]!.message).toContain(order.number);
    expect(list.unreadCount).toBe(1);

    const boss = await insertUser('boss@rossy.ng');
    await confirmBankTransfer(paymentDeps, order.number, { id: boss.id, email: boss.email });
    await changeOrderStatus(
      orderDeps,
      order.number,
      { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-778899' },
      { actor: admin },
    );
    await changeOrderStatus(orderDeps, order.number, { status: 'delivered' }, { actor: admin });

    list = await listNotifications(database.db, shopper.id);
    expect(list.notifications.map((item) => item.title)).toEqual([
      'Order delivered',
      'Order shipped',
      'Payment confirmed',
      'Order placed',
    ]);
    expect(list.notifications[1]!.message).toBe(
      `Order ${order.number} is on its way with GIG Logistics, tracking number GIG-778899.`,
    );
    expect(list.unreadCount).toBe(4);
  });

  it('tells the shopper when a card payment is verified, and only once however often it is reported', async () => {
    const shopper = await insertUser('card.payer@example.ng');
    const { order } = await placeOrder(orderDeps, orderBody('card.payer@example.ng', 'flutterwave'), {
      user: shopper,
    });
    const start = await startPayment(paymentDeps, order.number, { user: { ...shopper, role: 'customer' } });
    const report = {
      id: '91001',
      txRef: start.txRef,
      flwRef: 'FLW-1',
      amount: start.amount,
      currency: 'NGN',
      status: 'successful',
      paymentType: 'card',
      createdAt: null,
      customer: { email: order.email, name: 'Chioma Obi' },
      message: 'Approved',
    };
    await applyProviderTransaction(paymentDeps, report);
    await applyProviderTransaction(paymentDeps, report);
    expect(await titlesOf(shopper.id)).toEqual(['Payment confirmed', 'Order placed']);
    const [attempt] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, start.txRef));
    expect(attempt!.status).toBe('successful');
  });

  it('tells the shopper when the shop cancels an order, and when an unpaid order is released', async () => {
    const shopper = await insertUser('cancelled@example.ng');
    const first = await placeOrder(orderDeps, orderBody('cancelled@example.ng'), { user: shopper });
    await changeOrderStatus(orderDeps, first.order.number, { status: 'cancelled' }, { actor: admin });
    const placedAt = new Date(Date.now() - 72 * 3_600_000);
    const second = await placeOrder(orderDeps, orderBody('cancelled@example.ng'), {
      user: shopper,
      now: placedAt,
    });
    const released = await releaseUnpaidOrders(orderDeps);
    expect(released).toContain(second.order.number);

    const list = await listNotifications(database.db, shopper.id);
    const cancelled = list.notifications.filter((item) => item.title === 'Order cancelled');
    expect(cancelled.map((item) => item.link)).toEqual([
      `/orders/${second.order.number}`,
      `/orders/${first.order.number}`,
    ]);
    expect(cancelled[0]!.message).toContain('did not receive the payment');
  });

  it('gives a guest without an account no notifications, and a guest order placed with an account’s e-mail to that account', async () => {
    const before = await database.db.select().from(notifications);
    await placeOrder(orderDeps, orderBody('nobody@example.ng'));
    const after = await database.db.select().from(notifications);
    expect(after).toHaveLength(before.length);

    const owner = await insertUser('guest.owner@example.ng');
    await placeOrder(orderDeps, orderBody('Guest.Owner@example.ng'));
    expect(await titlesOf(owner.id)).toEqual(['Order placed']);

    // An account that has not confirmed the address is not told about a guest's order placed with it.
    const unconfirmed = await insertUser('unconfirmed.owner@example.ng', false);
    await placeOrder(orderDeps, orderBody('unconfirmed.owner@example.ng'));
    expect(await titlesOf(unconfirmed.id)).toEqual([]);
  });
});

describe('a shopper’s notifications', () => {
  it('filters by tab: all, unread, orders, promotions, info', async () => {
    const shopper = await insertUser('filters@example.ng');
    const now = Date.now();
    const order = await createNotification(database.db, shopper.id, {
      type: 'order',
      title: 'Order shipped',
      message: 'On its way',
      now: new Date(now - 3_000),
    });
    const promo = await createNotification(database.db, shopper.id, {
      type: 'promo',
      title: 'Private sale',
      message: '30% off bags',
      link: '/sale',
      now: new Date(now - 2_000),
    });
    await createNotification(database.db, shopper.id, {
      type: 'info',
      title: 'New opening hours',
      message: 'We open at 9',
      now: new Date(now - 1_000),
    });
    await markNotificationRead(database.db, shopper.id, promo.id);

    const ids = async (filter: Parameters<typeof listNotifications>[2]) =>
      (await listNotifications(database.db, shopper.id, filter)).notifications.map((item) => item.title);
    expect(await ids('all')).toEqual(['New opening hours', 'Private sale', 'Order shipped']);
    expect(await ids('unread')).toEqual(['New opening hours', 'Order shipped']);
    expect(await ids('orders')).toEqual(['Order shipped']);
    expect(await ids('promotions')).toEqual(['Private sale']);
    expect(await ids('info')).toEqual(['New opening hours']);
    const list = await listNotifications(database.db, shopper.id, 'orders');
    expect(list).toMatchObject({ unreadCount: 2, total: 3 });
    expect(order.isRead).toBe(false);
  });

  it('marks one read, then all read, deletes one and clears the rest; the unread count follows', async () => {
    const shopper = await insertUser('actions@example.ng');
    const made = [];
    for (const title of ['One', 'Two', 'Three'])
      made.push(await createNotification(database.db, shopper.id, { type: 'info', title, message: title }));
    expect(await countUnreadNotifications(database.db, shopper.id)).toBe(3);

    const read = await markNotificationRead(database.db, shopper.id, made[0]!.id);
    expect(read.isRead).toBe(true);
    expect((await markNotificationRead(database.db, shopper.id, made[0]!.id)).isRead).toBe(true);
    expect(await countUnreadNotifications(database.db, shopper.id)).toBe(2);

    expect(await markAllNotificationsRead(database.db, shopper.id)).toBe(2);
    expect(await countUnreadNotifications(database.db, shopper.id)).toBe(0);

    await deleteNotification(database.db, shopper.id, made[1]!.id);
    expect(await titlesOf(shopper.id)).toEqual(['Three', 'One']);
    expect(await clearNotifications(database.db, shopper.id)).toBe(2);
    expect(await titlesOf(shopper.id)).toEqual([]);
  });

  it("cannot read, mark or delete someone else's notification: not found, and it stays as it was", async () => {
    const owner = await insertUser('owner@example.ng');
    const other = await insertUser('other@example.ng');
    const mine = await createNotification(database.db, owner.id, {
      type: 'info',
      title: 'Mine',
      message: 'x',
    });

    expect((await appError(markNotificationRead(database.db, other.id, mine.id))).code).toBe('NOT_FOUND');
    expect((await appError(deleteNotification(database.db, other.id, mine.id))).code).toBe('NOT_FOUND');
    await markAllNotificationsRead(database.db, other.id);
    await clearNotifications(database.db, other.id);
    expect((await listNotifications(database.db, other.id)).notifications).toEqual([]);

    const list = await listNotifications(database.db, owner.id);
    expect(list.notifications).toEqual([expect.objectContaining({ id: mine.id, isRead: false })]);
  });
});
