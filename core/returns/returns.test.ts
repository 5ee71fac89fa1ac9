import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnStatusIds, type ReturnStatusId } from '../../contracts/returns';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/admin';
import { categories, productVariants, products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { notifications } from '../../db/schema/content';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { orderReturns } from '../../db/schema/returns';
import { paymentTransactions, refundLines, refunds } from '../../db/schema/payments';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { gridStock, setGridStock } from '../../tests/fixtures/variant-grid';
import { isAppError } from '../errors';
import { createMailer } from '../mail/mailer';
import type { PaymentProvider, RefundRequest } from '../payments/provider';
import { createRefund } from '../refunds/record';
import { hashSecret } from '../orders/place-order';
import { moveReturn } from './moves';
import { canMoveReturn, type ReturnMoveDeps, returnMoveIds, returnMoves } from './plan';
import { requestReturn } from './request';
import { getReturnForAdmin, listOrderReturns, listReturnsForAdmin, returnableLines } from './views';

const DAY = 86_400_000;
const DELIVERED = new Date('2030-05-01T12:00:00Z');
/** The shop's default window: 30 days. */
const INSIDE = new Date(DELIVERED.getTime() + 29 * DAY);
const OUTSIDE = new Date(DELIVERED.getTime() + 31 * DAY);

describe('the return moves', () => {
  it('go requested → approved | declined, approved → received, received → refunded | exchanged → closed', () => {
    const reachable = (status: ReturnStatusId) => returnMoveIds.filter((move) => canMoveReturn(status, move));
    expect(Object.fromEntries(returnStatusIds.map((status) => [status, reachable(status)]))).toEqual({
      requested: ['approve', 'decline'],
      approved: ['receive'],
      declined: [],
      received: ['refund', 'exchange'],
      refunded: ['close'],
      exchanged: ['close'],
      closed: [],
    });
    expect(returnMoves.decline.to).toBe('declined');
  });
});

describe('a return of a delivered order', () => {
  let database: TestDatabase;
  let deps: ReturnMoveDeps;
  let productId = 0;
  let staff: { id: string; email: string };
  let owner: { id: string; email: string; emailVerified: boolean; role: 'customer' };
  let stranger: { id: string; email: string; emailVerified: boolean; role: 'customer' };
  let orderCount = 0;
  /** What the stand-in for Flutterwave was asked, and how it answers. */
  const providerCalls: RefundRequest[] = [];
  let providerAnswer: 'completed' | 'failed' = 'completed';

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    deps = {
      db,
      mailer: createMailer({ db, from: 'Rossy <orders@rossy.test>' }),
      publicUrl: 'https://rossy.test',
      providers: {
        flutterwave: {
          name: 'flutterwave',
          mode: 'live',
          refund: async (request) => {
            providerCalls.push(request);
            if (providerAnswer === 'failed')
              return {
                id: `RF-${providerCalls.length}`,
                status: 'failed',
                amountKobo: request.amountKobo,
                reference: null,
                message: 'Insufficient balance',
              };
            return {
              id: `RF-${providerCalls.length}`,
              status: 'completed',
              amountKobo: request.amountKobo,
              reference: `FLW-RF-${providerCalls.length}`,
              message: '',
            };
          },
        } as Partial<PaymentProvider> as PaymentProvider,
      },
    };
    await db.insert(categories).values({ id: 'men', name: 'Men' });
    const [product] = await db
      .insert(products)
      .values({
        name: 'Linen Shirt',
        description: 'Shirt',
        categoryId: 'men',
        priceKobo: 2_000_000,
        sizes: ['M', 'L', 'XL'],
        colors: [{ name: 'Olive', hex: '#708238' }],
      })
      .returning({ id: products.id });
    productId = product!.id;
    const people = await db
      .insert(users)
      .values([
        { name: 'Staff', email: 'staff@rossy.test', passwordHash: 'x', role: 'owner' },
        { name: 'Ada', email: 'ada@example.ng', passwordHash: 'x', emailVerifiedAt: new Date() },
        { name: 'Bola', email: 'bola@example.ng', passwordHash: 'x', emailVerifiedAt: new Date() },
      ])
      .returning({ id: users.id, email: users.email });
    staff = people[0]!;
    owner = { ...people[1]!, emailVerified: true, role: 'customer' };
    stranger = { ...people[2]!, emailVerified: true, role: 'customer' };
  });
  afterAll(async () => {
    await database?.destroy();
  });

  /** A delivered, paid order of `quantity` shirts in M / Olive, for Ada; its number and its link's key. */
  async function deliveredOrder(
    quantity = 2,
    fields: Partial<typeof orders.$inferInsert> = {},
  ): Promise<{ number: string; key: string }> {
    const { db } = database;
    const key = randomUUID();
    const number = `ORD-R${++orderCount}`;
    await setGridStock(db, productId, [], 10);
    const [variant] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), eq(productVariants.size, 'M')));
    const [order] = await db
      .insert(orders)
      .values({
        number,
        userId: owner.id,
        email: owner.email,
        phone: '+2348000000000',
        shippingAddress: {
          firstName: 'Ada',
          lastName: 'Obi',
          address: '1 Broad Street',
          city: 'Lagos',
          state: 'Lagos',
          zipCode: '100001',
          country: 'Nigeria',
        },
        shippingMethod: 'standard',
        shippingMethodLabel: 'Standard',
        paymentMethod: 'flutterwave',
        paymentStatus: 'paid',
        status: 'delivered',
        deliveredAt: DELIVERED,
        paidAt: DELIVERED,
        subtotalKobo: quantity * 2_000_000,
        shippingKobo: 0,
        taxKobo: 0,
        totalKobo: quantity * 2_000_000,
        taxRatePercent: 0,
        accessTokenHash: hashSecret(key),
        ...fields,
      })
      .returning({ id: orders.id });
    // Paid by card through Flutterwave: a refund goes back through it.
    await db.insert(paymentTransactions).values({
      orderId: order!.id,
      provider: 'flutterwave',
      txRef: `${number}-pay`,
      providerTransactionId: `${9_000 + orderCount}`,
      amountKobo: quantity * 2_000_000,
      status: 'successful',
      verified: true,
      customerName: 'Ada Obi',
      customerEmail: owner.email,
    });
    await db.insert(orderLines).values({
      orderId: order!.id,
      productId,
      name: 'Linen Shirt',
      unitPriceKobo: 2_000_000,
      quantity,
      size: 'M',
      color: 'Olive',
      variantId: variant!.id,
    });
    return { number, key };
  }

  const item = (fields: Record<string, unknown> = {}) => ({
    productId,
    selectedSize: 'M',
    selectedColor: 'Olive',
    quantity: 1,
    reason: 'too_small',
    ...fields,
  });
  const exchangeFor = (size: string) => [{ productId, selectedSize: size, selectedColor: 'Olive' }];
  const asOwner = {
    get user() {
      return owner;
    },
  };
  const actor = () => ({ id: staff.id, email: staff.email });
  const stock = async () => gridStock(database.db, productId);

  async function refused(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!isAppError(error)) throw new Error(`Expected a refusal, got ${String(error)}`);
    return { status: error.status, message: error.message };
  }

  async function returnCount(number: string): Promise<number> {
    const [order] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    return (await database.db.select().from(orderReturns).where(eq(orderReturns.orderId, order!.id))).length;
  }

  it('is asked by the signed-in owner inside the window, noted on the timeline, notified and mailed', async () => {
    const { number } = await deliveredOrder();
    const { created, view } = await requestReturn(
      deps,
      number,
      { items: [item()], resolution: 'refund' },
      asOwner,
      { now: INSIDE },
    );
    expect(created).toBe(true);
    expect(view).toMatchObject({
      number: expect.stringMatching(/^RET-\d+$/),
      status: 'requested',
      resolution: 'refund',
      refundKobo: 2_000_000,
      items: [{ size: 'M', color: 'Olive', quantity: 1, reason: 'too_small', reasonLabel: 'Too small' }],
    });
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.at(-1)).toMatchObject({ status: 'delivered' });
    expect(events.at(-1)!.note).toContain(`Return ${view.number} requested`);
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(told.some((row) => row.title === 'Return requested' && row.message.includes(view.number))).toBe(
      true,
    );
    const mails = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `Return ${view.number}%`));
    // The shopper's confirmation, and the shop's alert (e-mail alerts are on by default).
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([
        `Return ${view.number} for order ${number}: Requested`,
        `Return ${view.number} asked for order ${number}`,
      ]),
    );
    expect(mails.find((mail) => mail.subject.endsWith('Requested'))?.to).toBe(owner.email);
    expect(await listOrderReturns(database.db, number, asOwner)).toMatchObject([{ id: view.id }]);
  });

  it('is asked through the order’s link by a guest holding its key', async () => {
    const { number, key } = await deliveredOrder();
    const { view } = await requestReturn(
      deps,
      number,
      { key, items: [item()], resolution: 'refund' },
      { user: null },
      { now: INSIDE },
    );
    expect(view.status).toBe('requested');
  });

  it('does not exist for someone else: 404, nothing written', async () => {
    const { number } = await deliveredOrder();
    const body = { items: [item()], resolution: 'refund' };
    expect(
      await refused(requestReturn(deps, number, body, { user: stranger }, { now: INSIDE })),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await refused(requestReturn(deps, number, { ...body, key: 'wrong' }, { user: null }, { now: INSIDE })),
    ).toMatchObject({ status: 404 });
    expect(await refused(listOrderReturns(database.db, number, { user: stranger }))).toMatchObject({
      status: 404,
    });
    expect(await returnCount(number)).toBe(0);
  });

  it('opens one day inside the window and is refused one day outside, naming the day it closed', async () => {
    const { number } = await deliveredOrder();
    const body = { items: [item()], resolution: 'refund' };
    const late = await refused(requestReturn(deps, number, body, asOwner, { now: OUTSIDE }));
    expect(late.status).toBe(409);
    expect(late.message).toBe('The return window for this order closed on 31 May 2030.');
    expect(await returnCount(number)).toBe(0);
    const window = await returnableLines(database.db, number, asOwner, OUTSIDE);
    expect(window).toMatchObject({ windowOpen: false, windowEndsAt: '2030-05-31T12:00:00.000Z' });
    expect((await requestReturn(deps, number, body, asOwner, { now: INSIDE })).created).toBe(true);
  });

  it('cannot start before delivery', async () => {
    const { number } = await deliveredOrder(1, { status: 'shipped', deliveredAt: null });
    const early = await refused(
      requestReturn(deps, number, { items: [item()], resolution: 'refund' }, asOwner, { now: INSIDE }),
    );
    expect(early.status).toBe(409);
    expect(await returnCount(number)).toBe(0);
  });

  it('opens for an order collected from the shop, counting from its pickup', async () => {
    const { number } = await deliveredOrder(1, { status: 'picked_up', shippingMethod: 'pickup' });
    const { view } = await requestReturn(
      deps,
      number,
      { items: [item({ quantity: 1 })], resolution: 'refund' },
      asOwner,
      {
        now: INSIDE,
      },
    );
    expect(view.status).toBe('requested');
  });

  it('refuses a return of an order already refunded in full, and says why', async () => {
    const { number } = await deliveredOrder(1, { paymentStatus: 'refunded' });
    const refused = await requestReturn(
      deps,
      number,
      { items: [item({ quantity: 1 })], resolution: 'exchange', exchangeFor: exchangeFor('XL') },
      asOwner,
      { now: INSIDE },
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/refunded in full/) });
    expect(
      await database.db
        .select()
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .where(eq(orders.number, number)),
    ).toHaveLength(0);
  });

  it('refuses a line not in the order, more than was bought, and Other without words', async () => {
    const { number } = await deliveredOrder(2);
    const notInOrder = await refused(
      requestReturn(deps, number, { items: [item({ selectedSize: 'XL' })], resolution: 'refund' }, asOwner, {
        now: INSIDE,
      }),
    );
    expect(notInOrder.status).toBe(400);
    expect(notInOrder.message).toContain('XL / Olive');
    const tooMany = await refused(
      requestReturn(deps, number, { items: [item({ quantity: 3 })], resolution: 'refund' }, asOwner, {
        now: INSIDE,
      }),
    );
    expect(tooMany).toMatchObject({
      status: 409,
      message: 'Only 2 of Linen Shirt (M / Olive) can still be returned.',
    });
    const other = await refused(
      requestReturn(deps, number, { items: [item({ reason: 'other' })], resolution: 'refund' }, asOwner, {
        now: INSIDE,
      }),
    );
    expect(other.status).toBe(422);
    const badReason = await refused(
      requestReturn(deps, number, { items: [item({ reason: 'ugly' })], resolution: 'refund' }, asOwner, {
        now: INSIDE,
      }),
    );
    expect(badReason.status).toBe(400);
    expect(await returnCount(number)).toBe(0);
    // One now, one later: the second may take only what is left.
    await requestReturn(deps, number, { items: [item()], resolution: 'refund' }, asOwner, { now: INSIDE });
    const lines = await returnableLines(database.db, number, asOwner, INSIDE);
    expect(lines.lines[0]).toMatchObject({ bought: 2, returnable: 1 });
    await requestReturn(
      deps,
      number,
      { items: [item({ reason: 'too_big' })], resolution: 'refund' },
      asOwner,
      {
        now: INSIDE,
      },
    );
    const third = await refused(
      requestReturn(deps, number, { items: [item({ reason: 'damaged' })], resolution: 'refund' }, asOwner, {
        now: INSIDE,
      }),
    );
    expect(third).toMatchObject({
      status: 409,
      message: 'Linen Shirt (M / Olive) is already being returned.',
    });
  });

  it('answers the same request twice with the same return, never two', async () => {
    const { number } = await deliveredOrder(1);
    const body = { items: [item()], resolution: 'refund' };
    const first = await requestReturn(deps, number, body, asOwner, { now: INSIDE });
    const second = await requestReturn(deps, number, body, asOwner, { now: INSIDE });
    expect(second).toMatchObject({ created: false, view: { id: first.view.id } });
    const together = await Promise.all(
      [1, 2].map(() => requestReturn(deps, number, body, asOwner, { now: INSIDE })),
    );
    expect(together.map((answer) => answer.view.id)).toEqual([first.view.id, first.view.id]);
    expect(await returnCount(number)).toBe(1);
  });

  it('reserves the exchange’s piece at once, gives it back when declined, and refuses a sold-out size', async () => {
    const { number } = await deliveredOrder(1);
    const exchange = { items: [item()], resolution: 'exchange', exchangeFor: exchangeFor('L') };
    const { view } = await requestReturn(deps, number, exchange, asOwner, { now: INSIDE });
    expect(view.items[0]).toMatchObject({
      exchangeFor: { size: 'L', color: 'Olive' },
      exchangeReserved: true,
    });
    expect((await stock())['L/Olive']).toBe(9);
    const declined = await moveReturn(deps, view.id, 'decline', { reason: 'Worn and washed' }, actor(), {
      now: INSIDE,
    });
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Worn and washed' });
    expect(declined.items[0]!.exchangeReserved).toBe(false);
    expect((await stock())['L/Olive']).toBe(10);

    // Declined returns free the line: she may ask again, and a sold-out size is refused with nothing taken.
    await setGridStock(database.db, productId, [{ size: 'L', color: 'Olive', stock: 0 }]);
    const soldOut = await refused(requestReturn(deps, number, exchange, asOwner, { now: INSIDE }));
    expect(soldOut).toMatchObject({
      status: 409,
      message: 'Sorry, L / Olive is sold out — choose another size or your money back.',
    });
    expect(await returnCount(number)).toBe(1);
  });

  it('refuses an exchange for the same size, another product, or a dearer piece', async () => {
    const { number } = await deliveredOrder(1);
    const ask = (fields: Record<string, unknown>) =>
      refused(
        requestReturn(deps, number, { items: [item()], resolution: 'exchange', ...fields }, asOwner, {
          now: INSIDE,
        }),
      );
    expect((await ask({ exchangeFor: exchangeFor('M') })).status).toBe(422);
    expect(
      (
        await ask({
          exchangeFor: [{ productId: productId + 999, selectedSize: 'L', selectedColor: 'Olive' }],
        })
      ).status,
    ).toBe(422);
    expect((await ask({})).status).toBe(422);
    await database.db
      .update(productVariants)
      .set({ priceKobo: 2_500_000 })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.size, 'XL')));
    const dearer = await ask({ exchangeFor: exchangeFor('XL') });
    expect(dearer.status).toBe(409);
    expect(dearer.message).toContain('ask for your money back');
    await database.db
      .update(productVariants)
      .set({ priceKobo: null })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.size, 'XL')));
    expect(await returnCount(number)).toBe(0);
  });

  it('moves an exchange through approve, receive (restocked) and ship, each on the timeline and the log', async () => {
    const { number } = await deliveredOrder(1);
    const { view } = await requestReturn(
      deps,
      number,
      { items: [item()], resolution: 'exchange', exchangeFor: exchangeFor('L') },
      asOwner,
      { now: INSIDE },
    );
    expect((await stock())['L/Olive']).toBe(9);
    const approved = await moveReturn(
      deps,
      view.number,
      'approve',
      { instructions: 'Drop it at our Ikoyi shop' },
      actor(),
      {
        now: INSIDE,
      },
    );
    expect(approved).toMatchObject({
      status: 'approved',
      instructions: 'Drop it at our Ikoyi shop',
      handledBy: staff.email,
    });
    expect(approved.moves).toEqual(['receive']);
    const received = await moveReturn(deps, view.id, 'receive', { restock: true }, actor(), { now: INSIDE });
    expect(received.items[0]!.restocked).toBe(true);
    expect((await stock())['M/Olive']).toBe(11);
    expect(received.moves).toEqual(['refund', 'exchange']);
    const shipped = await moveReturn(
      deps,
      view.id,
      'exchange',
      { carrier: 'GIG Logistics', trackingNumber: 'GIG-77' },
      actor(),
      { now: INSIDE },
    );
    expect(shipped).toMatchObject({
      status: 'exchanged',
      exchangeCarrier: 'GIG Logistics',
      exchangeTrackingNumber: 'GIG-77',
    });
    // The exchange's unit stays sold to her.
    expect((await stock())['L/Olive']).toBe(9);
    const closed = await moveReturn(deps, view.id, 'close', {}, actor(), { now: INSIDE });
    expect(closed.status).toBe('closed');

    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    const notes = (
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id))
    ).map((event) => event.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        `Return ${view.number} approved: Drop it at our Ikoyi shop`,
        expect.stringContaining(`Return ${view.number} received: 1 × Linen Shirt (M / Olive) back in stock`),
        expect.stringContaining(
          `Return ${view.number} exchange sent with GIG Logistics, tracking number GIG-77`,
        ),
        `Return ${view.number} closed.`,
      ]),
    );
    expect(order!.status).toBe('delivered');
    const logged = await database.db.select().from(auditLog).where(eq(auditLog.entityId, view.number));
    expect(logged.map((entry) => entry.action).sort()).toEqual(
      ['return.approved', 'return.closed', 'return.exchanged', 'return.received'].sort(),
    );
    expect(logged.every((entry) => entry.actorEmail === staff.email)).toBe(true);
    const mails = await database.db
      .select()
      .from(outbox)
      .where(like(outbox.subject, `Return ${view.number}%`));
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([`Return ${view.number} for order ${number}: Exchange sent`]),
    );
  });

  it('receives a damaged piece without putting it back on sale', async () => {
    const { number } = await deliveredOrder(1);
    const { view } = await requestReturn(
      deps,
      number,
      { items: [item({ reason: 'damaged' })], resolution: 'refund' },
      asOwner,
      {
        now: INSIDE,
      },
    );
    await moveReturn(deps, view.id, 'approve', {}, actor(), { now: INSIDE });
    const before = await stock();
    const itemId = String(view.items[0]!.id);
    expect(
      (await refused(moveReturn(deps, view.id, 'receive', { restock: { 999999: true } }, actor()))).status,
    ).toBe(422);
    const received = await moveReturn(deps, view.id, 'receive', { restock: { [itemId]: false } }, actor(), {
      now: INSIDE,
    });
    expect(received.items[0]!.restocked).toBe(false);
    expect(await stock()).toEqual(before);
  });

  it('refuses every move the return’s state does not allow, and a body that does not fit', async () => {
    const { number } = await deliveredOrder(1);
    const { view } = await requestReturn(deps, number, { items: [item()], resolution: 'refund' }, asOwner, {
      now: INSIDE,
    });
    for (const move of ['receive', 'refund', 'exchange', 'close'] as const) {
      const answer = await refused(
        moveReturn(deps, view.id, move, { restock: true, carrier: 'x', trackingNumber: 'y' }, actor()),
      );
      expect(answer.status).toBe(409);
      expect(answer.message).toContain('This return has moved on');
    }
    expect((await refused(moveReturn(deps, view.id, 'decline', {}, actor()))).status).toBe(400);
    await moveReturn(deps, view.id, 'approve', {}, actor());
    await moveReturn(deps, view.id, 'receive', { restock: true }, actor());
    // A refund return is not shipped as an exchange.
    expect(
      (await refused(moveReturn(deps, view.id, 'exchange', { carrier: 'x', trackingNumber: 'y' }, actor())))
        .status,
    ).toBe(409);
    expect((await refused(moveReturn(deps, 999_999, 'approve', {}, actor()))).status).toBe(404);
    expect((await getReturnForAdmin(database.db, view.id)).status).toBe('received');
  });

  it('approves once when two staff approve together', async () => {
    const { number } = await deliveredOrder(1);
    const { view } = await requestReturn(deps, number, { items: [item()], resolution: 'refund' }, asOwner, {
      now: INSIDE,
    });
    const outcomes = await Promise.allSettled(
      [1, 2].map(() => moveReturn(deps, view.id, 'approve', { instructions: 'Post it' }, actor())),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id));
    expect(events.filter((event) => event.note.includes('approved'))).toHaveLength(1);
  });

  it('lists returns for staff by state, with the order, customer, items and reasons', async () => {
    const requested = await listReturnsForAdmin(database.db, { status: 'requested' });
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((row) => row.status === 'requested')).toBe(true);
    expect(requested[0]).toMatchObject({
      customerName: 'Ada Obi',
      email: owner.email,
      orderNumber: expect.any(String),
    });
    expect((await refused(listReturnsForAdmin(database.db, { status: 'lost' }))).status).toBe(400);
  });

  /** A refund return of one shirt out of two, received back in stock. */
  async function receivedRefundReturn(): Promise<{ number: string; id: number; returnNumber: string }> {
    const { number } = await deliveredOrder(2);
    const { view } = await requestReturn(deps, number, { items: [item()], resolution: 'refund' }, asOwner, {
      now: INSIDE,
    });
    await moveReturn(deps, view.id, 'approve', {}, actor(), { now: INSIDE });
    await moveReturn(deps, view.id, 'receive', { restock: true }, actor(), { now: INSIDE });
    return { number, id: view.id, returnNumber: view.number };
  }

  it('refunds the returned units through the refund engine and the provider that took the money', async () => {
    providerAnswer = 'completed';
    const { number, id, returnNumber } = await receivedRefundReturn();
    const before = providerCalls.length;
    const refunded = await moveReturn(deps, id, 'refund', {}, actor(), { now: INSIDE });
    expect(refunded).toMatchObject({
      status: 'refunded',
      refunds: [{ amountKobo: 2_000_000, status: 'completed' }],
    });
    expect(providerCalls.slice(before)).toMatchObject([{ amountKobo: 2_000_000 }]);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.returnId, id));
    expect(row).toMatchObject({
      reason: `Return ${returnNumber}: Too small`,
      restock: false,
      status: 'completed',
    });
    expect(
      await database.db.select().from(refundLines).where(eq(refundLines.refundId, row!.id)),
    ).toMatchObject([{ quantity: 1 }]);
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    expect(order!.paymentStatus).toBe('partially_refunded');
    const notes = (
      await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order!.id))
    ).map((event) => event.note);
    expect(notes).toContain(`Return ${returnNumber} refunded: ₦20,000.`);
    // Refunded by its return, the unit is not returned twice.
    expect((await returnableLines(database.db, number, asOwner, INSIDE)).lines[0]!.returnable).toBe(1);
    expect((await refused(moveReturn(deps, id, 'refund', {}, actor()))).status).toBe(409);
    expect((await moveReturn(deps, id, 'close', {}, actor())).status).toBe('closed');
  });

  it('stays received when the provider refuses the refund, and refunds once tried again', async () => {
    const { id } = await receivedRefundReturn();
    providerAnswer = 'failed';
    const failed = await refused(moveReturn(deps, id, 'refund', {}, actor(), { now: INSIDE }));
    expect(failed.status).toBe(409);
    expect(failed.message).toContain('Insufficient balance');
    expect(await getReturnForAdmin(database.db, id)).toMatchObject({
      status: 'received',
      refunds: [{ status: 'failed' }],
    });
    providerAnswer = 'completed';
    expect((await moveReturn(deps, id, 'refund', {}, actor(), { now: INSIDE })).status).toBe('refunded');
  });

  it('refunds once when two staff refund together', async () => {
    providerAnswer = 'completed';
    const { id } = await receivedRefundReturn();
    const outcomes = await Promise.allSettled(
      [1, 2].map(() => moveReturn(deps, id, 'refund', {}, actor(), { now: INSIDE })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await database.db.select().from(refunds).where(eq(refunds.returnId, id))).toHaveLength(1);
  });

  it('finds the refund a crash left behind and moves the return without refunding twice', async () => {
    providerAnswer = 'completed';
    const { number, id } = await receivedRefundReturn();
    const [line] = await database.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orders.number, number));
    // The refund was made, then the process stopped before the return moved.
    await createRefund(
      deps,
      number,
      { lines: [{ orderLineId: line!.id, quantity: 1 }], reason: 'Return: Too small' },
      actor(),
      { returnId: id, now: INSIDE },
    );
    const before = providerCalls.length;
    const refunded = await moveReturn(deps, id, 'refund', {}, actor(), { now: INSIDE });
    expect(refunded.status).toBe('refunded');
    expect(providerCalls.length).toBe(before);
    expect(await database.db.select().from(refunds).where(eq(refunds.returnId, id))).toHaveLength(1);
  });

  it('refunds the difference when the exchanged piece costs less', async () => {
    providerAnswer = 'completed';
    await database.db
      .update(productVariants)
      .set({ priceKobo: 1_500_000 })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.size, 'XL')));
    const { number } = await deliveredOrder(1);
    const { view } = await requestReturn(
      deps,
      number,
      { items: [item({ reason: 'too_small' })], resolution: 'exchange', exchangeFor: exchangeFor('XL') },
      asOwner,
      { now: INSIDE },
    );
    expect(view.refundKobo).toBe(500_000);
    await moveReturn(deps, view.id, 'approve', {}, actor());
    await moveReturn(deps, view.id, 'receive', { restock: true }, actor());
    const shipped = await moveReturn(
      deps,
      view.id,
      'exchange',
      { carrier: 'GIG', trackingNumber: 'G-1' },
      actor(),
    );
    expect(shipped).toMatchObject({
      status: 'exchanged',
      refunds: [{ amountKobo: 500_000, status: 'completed' }],
    });
    await database.db
      .update(productVariants)
      .set({ priceKobo: null })
      .where(and(eq(productVariants.productId, productId), eq(productVariants.size, 'XL')));
  });
});
