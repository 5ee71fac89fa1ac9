import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { notifications } from '../../db/schema/content';
import { outbox } from '../../db/schema/mail';
import { orderEvents, orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { defaultShopSettings, getShopSettings, saveShopSettings } from '../settings/shop-settings';
import { payOrder } from './lifecycle';
import { changeOrderStatus } from './manage-orders';
import { openPickupCode, pickupCodeProof } from './pickup-code';
import { placeOrder, type PlaceOrderDeps } from './place-order';
import { getOrderForViewer } from './read-orders';

let database: TestDatabase;
const SHOP_KEY = 'pickup-test-shop-key';
let deps: PlaceOrderDeps & { shopKey: string };
let productId: number;
let size: string | undefined;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
    shopKey: SHOP_KEY,
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  productId = row!.id;
  size = row!.sizes[0];
  await setProductStock(database.db, productId, 100);
  const [user] = await database.db
    .insert(users)
    .values({ email: 'collector@example.com', passwordHash: 'x', name: 'Ngozi Eze' })
    .returning({ id: users.id });
  userId = user!.id;
});
afterAll(async () => {
  await database?.destroy();
});

const row = async (number: string) =>
  (await database.db.select().from(orders).where(eq(orders.number, number)))[0]!;
const events = async (id: number) =>
  database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.id));
const mailsTo = async (subject: string) =>
  database.db.select().from(outbox).where(eq(outbox.subject, subject));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function orderFor(state: string, shippingMethod: string, address: Record<string, string> = {}) {
  return {
    items: [{ id: productId, quantity: 1, selectedSize: size }],
    shippingMethod,
    paymentMethod: 'credit-card',
    email: 'collector@example.com',
    phone: '08031234567',
    shippingAddress: { firstName: 'Ngozi', lastName: 'Eze', state, country: 'Nigeria', ...address },
  };
}

async function paidPickupOrder() {
  const { order } = await placeOrder(deps, orderFor('Lagos', 'pickup'), { user: { id: userId } });
  const unpaid = await row(order.number);
  await database.db.transaction((tx) => payOrder(tx, unpaid, 'sandbox', new Date()));
  return order.number;
}

describe('pickup at the shop', () => {
  it('is offered in Lagos from the start and off elsewhere', () => {
    const pickupIn = (zoneId: string) =>
      defaultShopSettings.deliveryZones
        .find((zone) => zone.id === zoneId)
        ?.methods.find((method) => method.id === 'pickup');
    expect(pickupIn('lagos')).toMatchObject({ priceKobo: 0, enabled: true });
    expect(pickupIn('other-states')?.enabled ?? false).toBe(false);
  });

  it('is placed without a delivery address, at ₦0, and a delivery still needs one', async () => {
    const { order } = await placeOrder(deps, orderFor('Lagos', 'pickup'), { user: { id: userId } });
    expect(order.shippingKobo).toBe(0);
    expect(order.shippingMethod).toBe('pickup');
    expect(order.pickupCode).toBeNull();
    const missing = await refusal(placeOrder(deps, orderFor('Lagos', 'standard')));
    expect(missing.code).toBe('UNPROCESSABLE');
    expect(missing.fields).toMatchObject({ 'shippingAddress.address': expect.any(String) });
  });

  it('is refused naming the state where the zone does not offer it, and nothing is placed', async () => {
    const before = (await database.db.select({ id: orders.id }).from(orders)).length;
    const error = await refusal(
      placeOrder(deps, orderFor('Kano', 'pickup', { address: '3 Bompai Rd', city: 'Kano' })),
    );
    // A rule of the shop's layout, which the API document cannot state: 422 (decision 0030).
    expect(error.code).toBe('UNPROCESSABLE');
    expect(error.message).toContain('Pickup at the shop is not offered in Kano.');
    expect((await database.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it('goes ready with the code for its shopper only (her view, her mail), then picked up with that code only', async () => {
    const number = await paidPickupOrder();
    // A pickup order is never shipped.
    const shipped = await refusal(
      changeOrderStatus(deps, number, { status: 'shipped', carrier: 'gig', trackingNumber: 'GIG-1' }),
    );
    expect(shipped.code).toBe('BAD_REQUEST');
    expect((await row(number)).status).toBe('processing');

    const ready = await changeOrderStatus(deps, number, { status: 'ready_for_pickup' });
    expect(ready.status).toBe('ready_for_pickup');
    expect(ready.statusLabel).toBe('Ready for pickup');
    // Staff who readied it are not given the code: its shopper is.
    expect(ready.pickupCode).toBeNull();
    const shopper = {
      id: userId,
      email: 'collector@example.com',
      emailVerified: true,
      role: 'customer' as const,
    };
    const code = (await getOrderForViewer({ db: database.db, shopKey: SHOP_KEY }, number, { user: shopper }))
      .pickupCode!;
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    const settings = await getShopSettings(database.db);
    const readyNote = ready.events.at(-1)!.note;
    expect(readyNote).toContain(settings.pickup.address);
    expect(readyNote).toContain(settings.pickup.hours);
    // The timeline is read by staff too: the code is not on it.
    expect(readyNote).not.toContain(code);

    const [mail] = await mailsTo(`Order ${number}: Ready for pickup`);
    expect(mail?.to).toBe('collector@example.com');
    expect(mail?.text).toContain(`Your pickup code: ${code}`);
    expect(mail?.text).toContain(settings.pickup.address);
    expect(mail?.text).toContain(settings.pickup.hours);
    // The bell, kept in the database and its backups, leads to the code without saying it.
    const told = await database.db.select().from(notifications).where(eq(notifications.userId, userId));
    const bell = told.find((note) => note.title === 'Ready for pickup')?.message;
    expect(bell).toContain("Your pickup code is on the order's page");
    expect(bell).not.toContain(code);
    // The row keeps the code's proof and its sealed copy, never the code.
    const kept = await row(number);
    expect(kept.pickupCode).toBe(pickupCodeProof(SHOP_KEY, number, code));
    expect(kept.plainPickupCode).toBeNull();
    expect(JSON.stringify(kept)).not.toContain(code);
    expect(openPickupCode(SHOP_KEY, kept)).toBe(code);
    expect(openPickupCode('another-shop-key', kept)).toBeNull();

    const wrong = await refusal(
      changeOrderStatus(deps, number, { status: 'picked_up', pickupCode: 'AAAAAA' }),
    );
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.fields).toMatchObject({ pickupCode: expect.any(String) });
    const none = await refusal(changeOrderStatus(deps, number, { status: 'picked_up' }));
    expect(none.code).toBe('BAD_REQUEST');
    const unchanged = await row(number);
    expect(unchanged).toMatchObject({ status: 'ready_for_pickup', pickedUpAt: null });

    // Staff may type it in lower case with a space.
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    const collected = await changeOrderStatus(deps, number, { status: 'picked_up', pickupCode: typed });
    expect(collected.statusLabel).toBe('Picked up');
    expect(collected.progress).toBe(100);
    const after = await row(number);
    expect(after.pickedUpAt).not.toBeNull();
    expect(after.deliveredAt).not.toBeNull();
    expect((await events(after.id)).map((event) => event.status)).toEqual([
      'awaiting_payment',
      'processing',
      'ready_for_pickup',
      'picked_up',
    ]);
    expect(await mailsTo(`Order ${number}: Picked up`)).toHaveLength(1);
    // Collected once: a second collection is refused and writes nothing.
    expect(
      (await refusal(changeOrderStatus(deps, number, { status: 'picked_up', pickupCode: code }))).code,
    ).toBe('CONFLICT');
    expect(await events(after.id)).toHaveLength(4);
  });

  it('is readied once however many staff click together, with one code and one mail', async () => {
    const number = await paidPickupOrder();
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => changeOrderStatus(deps, number, { status: 'ready_for_pickup' })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const after = await row(number);
    expect((await events(after.id)).filter((event) => event.status === 'ready_for_pickup')).toHaveLength(1);
    expect(await mailsTo(`Order ${number}: Ready for pickup`)).toHaveLength(1);
    expect(after.pickupCode).toMatch(/^[0-9A-F]{64}$/);
    expect(openPickupCode(SHOP_KEY, after)).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
    const [mail] = await mailsTo(`Order ${number}: Ready for pickup`);
    expect(mail?.text).toContain(`Your pickup code: ${openPickupCode(SHOP_KEY, after)!}`);
  });

  it('cannot be readied for an order that is delivered to its address', async () => {
    const { order } = await placeOrder(
      deps,
      orderFor('Lagos', 'standard', { address: '4 Awolowo Road', city: 'Ikoyi' }),
    );
    const unpaid = await row(order.number);
    await database.db.transaction((tx) => payOrder(tx, unpaid, 'sandbox', new Date()));
    const error = await refusal(changeOrderStatus(deps, order.number, { status: 'ready_for_pickup' }));
    expect(error.code).toBe('BAD_REQUEST');
    expect((await row(order.number)).status).toBe('processing');
  });
});

describe('tracking links', () => {
  async function paidDelivery() {
    const { order } = await placeOrder(
      deps,
      orderFor('Lagos', 'standard', { address: '4 Awolowo Road', city: 'Ikoyi' }),
    );
    const unpaid = await row(order.number);
    await database.db.transaction((tx) => payOrder(tx, unpaid, 'sandbox', new Date()));
    return order.number;
  }

  it('are built from the chosen carrier’s pattern, the number encoded, and mailed as the link', async () => {
    const number = await paidDelivery();
    const view = await changeOrderStatus(deps, number, {
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: 'JD 014/600',
    });
    expect(view.carrier).toBe('DHL');
    expect(view.trackingUrl).toBe(
      'https://www.dhl.com/ng-en/home/tracking.html?tracking-id=JD%20014%2F600&submit=1',
    );
    const [mail] = await mailsTo(`Order ${number}: Shipped`);
    expect(mail?.text).toContain(view.trackingUrl!);
    expect(mail?.html).toContain('tracking-id=JD%20014%2F600&amp;submit=1');
  });

  it('are none for the shop’s own rider or a carrier not in the list', async () => {
    const rider = await changeOrderStatus(deps, await paidDelivery(), {
      status: 'shipped',
      carrier: 'Our own rider',
      trackingNumber: 'R-7',
    });
    expect(rider).toMatchObject({ carrier: 'Our own rider', trackingUrl: null });
    const other = await changeOrderStatus(deps, await paidDelivery(), {
      status: 'shipped',
      carrier: 'Red Star Express',
      trackingNumber: 'RS-9',
    });
    expect(other).toMatchObject({ carrier: 'Red Star Express', trackingUrl: null });
  });

  it('follow the owner’s patterns, and a pattern that is not https with {tracking} changes nothing', async () => {
    const refusedHttp = await refusal(
      saveShopSettings(database.db, {
        carriers: [{ id: 'gig', name: 'GIG Logistics', trackingUrl: 'http://giglogistics.com/{tracking}' }],
      }),
    );
    expect(refusedHttp.code).toBe('BAD_REQUEST');
    expect(refusedHttp.fields).toMatchObject({ 'carriers.0.trackingUrl': 'Use an https:// address' });
    const refusedNoPlace = await refusal(
      saveShopSettings(database.db, {
        carriers: [{ id: 'gig', name: 'GIG Logistics', trackingUrl: 'https://giglogistics.com/track' }],
      }),
    );
    expect(refusedNoPlace.fields?.['carriers.0.trackingUrl']).toContain('{tracking}');
    expect((await getShopSettings(database.db)).carriers).toEqual(defaultShopSettings.carriers);

    await saveShopSettings(database.db, {
      carriers: [{ id: 'kwik', name: 'Kwik', trackingUrl: 'https://track.kwik.test/p/{tracking}' }],
    });
    const view = await changeOrderStatus(deps, await paidDelivery(), {
      status: 'shipped',
      carrier: 'Kwik',
      trackingNumber: 'K&1',
    });
    expect(view.trackingUrl).toBe('https://track.kwik.test/p/K%261');
  });
});
