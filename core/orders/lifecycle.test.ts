import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusIds, type OrderStatusId } from '../../contracts/checkout-texts';
import { products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { orderEvents, orders } from '../../db/schema/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer } from '../mail/mailer';
import {
  canMove,
  canMoveOrder,
  cancelOrder,
  orderMoves,
  payOrder,
  placedOrderState,
  staffMoves,
} from './lifecycle';
import { changeOrderStatus } from './manage-orders';
import { placeOrder, type PlaceOrderDeps } from './place-order';

describe('the order moves', () => {
  it('go Awaiting payment → Processing → Shipped → Delivered, and cancel only before shipping', () => {
    const reachable = (status: OrderStatusId) =>
      (Object.keys(orderMoves) as (keyof typeof orderMoves)[]).filter((move) => canMove(status, move));
    expect(Object.fromEntries(orderStatusIds.map((status) => [status, reachable(status)]))).toEqual({
      awaiting_payment: ['pay', 'cancel'],
      processing: ['ship', 'ready', 'cancel'],
      shipped: ['deliver'],
      delivered: [],
      ready_for_pickup: ['collect', 'cancel'],
      picked_up: [],
      cancelled: [],
    });
  });

  it('let a pickup order be readied and collected, never shipped, and a delivery never readied', () => {
    const moves = (status: OrderStatusId, shippingMethod: string) =>
      (Object.keys(orderMoves) as (keyof typeof orderMoves)[]).filter((move) =>
        canMoveOrder({ status, shippingMethod }, move),
      );
    expect(moves('processing', 'pickup')).toEqual(['ready', 'cancel']);
    expect(moves('ready_for_pickup', 'pickup')).toEqual(['collect', 'cancel']);
    expect(moves('processing', 'standard')).toEqual(['ship', 'cancel']);
    expect(moves('ready_for_pickup', 'standard')).toEqual(['cancel']);
    const staff = (status: OrderStatusId) =>
      staffMoves({ status, paymentMethod: 'credit-card', paymentStatus: 'paid', shippingMethod: 'pickup' });
    expect(staff('processing')).toEqual(['ready', 'cancel']);
    expect(staff('ready_for_pickup')).toEqual(['collect', 'cancel']);
    expect(staff('picked_up')).toEqual([]);
  });

  it('give the admin a transfer to confirm only for an unpaid bank-transfer order', () => {
    const order = (
      status: OrderStatusId,
      paymentMethod: string,
      paymentStatus: 'pending' | 'paid' = 'pending',
    ) => staffMoves({ status, paymentMethod, paymentStatus });
    expect(order('awaiting_payment', 'bank-transfer')).toEqual(['confirm-transfer', 'cancel']);
    expect(order('awaiting_payment', 'credit-card')).toEqual(['cancel']);
    expect(order('processing', 'bank-transfer', 'paid')).toEqual(['ship', 'cancel']);
    expect(order('shipped', 'credit-card', 'paid')).toEqual(['deliver']);
    expect(order('delivered', 'credit-card', 'paid')).toEqual([]);
    expect(order('cancelled', 'bank-transfer')).toEqual([]);
  });

  it('hold a new order’s stock for the shop’s transfer hours, or its card minutes', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const settings = { unpaidOrderHoldHours: 48, cardPaymentHoldMinutes: 30, transferAccountPerOrder: true };
    const transfer = placedOrderState('bank-transfer', settings, now);
    expect(transfer.stockHeldUntil.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(transfer.note).toContain('48 hours');
    // An account of its own needs no reference; the shop's own account does.
    expect(transfer.transferReference).toBe(false);
    expect(
      placedOrderState('bank-transfer', { ...settings, transferAccountPerOrder: false }, now)
        .transferReference,
    ).toBe(true);
    expect(placedOrderState('credit-card', settings, now).stockHeldUntil.toISOString()).toBe(
      '2026-11-25T10:30:00.000Z',
    );
  });
});

describe('an order moving through its life', () => {
  let database: TestDatabase;
  let deps: PlaceOrderDeps;
  let productId: number;
  let size: string | undefined;

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
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id))
      .limit(1);
    productId = row!.id;
    size = row!.sizes[0];
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const stock = async () =>
    (await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId)))[0]!
      .stock;
  const row = async (number: string) =>
    (await database.db.select().from(orders).where(eq(orders.number, number)))[0]!;

  async function payNow(number: string) {
    const unpaid = await row(number);
    await database.db.transaction((tx) => payOrder(tx, unpaid, 'bank-transfer', new Date()));
  }

  async function place(email: string) {
    const { order } = await placeOrder(deps, {
      items: [{ id: productId, quantity: 1, selectedSize: size }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
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
    return order;
  }

  it('is paid once however many confirmations race, and tells the shopper once', async () => {
    const order = await place('pay-once@example.com');
    const before = await row(order.number);
    const now = new Date();
    const results = await Promise.all(
      [1, 2, 3].map(() => database.db.transaction((tx) => payOrder(tx, before, 'bank-transfer', now))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const after = await row(order.number);
    expect(after).toMatchObject({ status: 'processing', paymentStatus: 'paid', stockHeldUntil: null });
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, after.id));
    expect(events.map((event) => event.status)).toEqual(['awaiting_payment', 'processing']);
  });

  it('says the same shipped words whether the admin page or the REST call ships it', async () => {
    const order = await place('shipped-words@example.com');
    await payNow(order.number);
    const view = await changeOrderStatus(deps, order.number, {
      status: 'shipped',
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG-4455',
    });
    expect(view.events.at(-1)?.note).toBe(
      'Your order is on its way with GIG Logistics, tracking number GIG-4455.',
    );
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Order ${order.number}: Shipped`));
    expect(mail?.text).toContain('on its way with GIG Logistics, tracking number GIG-4455');
  });

  it('gives the stock back once when the shop cancels a paid order, and when a shopper’s cancel comes late', async () => {
    const order = await place('cancel-once@example.com');
    const held = await stock();
    await payNow(order.number);
    const paid = await row(order.number);
    // The shopper's own cancel cannot touch a paid order; the shop's can, once.
    expect(await database.db.transaction((tx) => cancelOrder(tx, paid, 'shopper', new Date()))).toBeNull();
    const outcomes = await Promise.all(
      [1, 2].map(() => database.db.transaction((tx) => cancelOrder(tx, paid, 'shop', new Date()))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await stock()).toBe(held + 1);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, paid.id));
    expect(events.filter((event) => event.status === 'cancelled').map((event) => event.note)).toEqual([
      'Your order has been cancelled.',
    ]);
  });
});
