import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/admin';
import { products } from '../../../db/schema/catalog';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
let productId: number;

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({
    seed: true,
    customerEmail: 'tolu@example.ng',
  }));
  const [row] = await test.database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(products.id)
    .limit(1);
  productId = row!.id;
});
afterAll(async () => {
  await test?.close();
});

const patch = (payload: unknown, token = adminToken) =>
  test.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: auth(token),
    payload: payload as object,
  });
const quote = async (country: string) =>
  (
    await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: productId, quantity: 1 }], country, shippingMethod: 'standard' },
    })
  ).json<{
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    total: number;
    taxRatePercent: number;
    taxIncluded: boolean;
  }>();

describe('/api/admin/settings', () => {
  it('answers 401 to a guest and 403 to a customer on every method', async () => {
    for (const method of ['GET', 'PATCH', 'PUT'] as const) {
      await expectAdminOnly(
        method,
        '/api/admin/settings',
        method === 'GET' ? undefined : { name: 'Hijacked' },
      );
    }
  });

  it('shows the settings with money in naira and the SPEC defaults for alerts', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: auth(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.freeShippingThreshold).toBe(15_000);
    expect(body.shippingMethods[0]).toMatchObject({ id: 'standard', price: 1_500, enabled: true });
    expect(body.taxRates).toEqual({ ng: 7.5, us: 7, eu: 20, asia: 15, other: 10 });
    expect(body.pricesIncludeTax).toBe(true);
    expect(body.notifications).toMatchObject({ emailAlerts: true, smsAlerts: false });
    expect(body.currencyRates).toEqual({ USD: 1550, EUR: 1700, GBP: 1950 });
  });

  it('refuses a tax rate of 101 with a field error and changes nothing', async () => {
    const response = await patch({ taxRates: { us: 101 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['taxRates.us']).toBe('Enter a rate from 0 to 100');
    expect((await quote('USA')).taxRatePercent).toBe(7);
  });

  it('refuses turning every payment method off, and every shipping method off', async () => {
    const payments = await patch({
      paymentMethods: { flutterwave: false, creditCard: false, bankTransfer: false },
    });
    expect(payments.statusCode).toBe(422);
    expect(payments.json().error.fields.paymentMethods).toMatch(/at least one payment method/);

    const current = (
      await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth(adminToken) })
    ).json<{ shippingMethods: { enabled: boolean }[] }>();
    const shipping = await patch({
      shippingMethods: current.shippingMethods.map((method) => ({ ...method, enabled: false })),
    });
    expect(shipping.statusCode).toBe(422);
    expect(shipping.json().error.fields.shippingMethods).toMatch(/at least one shipping method/);

    const settings = (
      await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth(adminToken) })
    ).json();
    expect(settings.paymentMethods).toEqual({ flutterwave: true, creditCard: true, bankTransfer: true });
  });

  it('names a bad naira amount by its API field', async () => {
    const response = await patch({ freeShippingThreshold: -5 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['freeShippingThreshold']);
  });

  it('changes one tax rate, checkout quotes follow at once, and the change is in the audit log', async () => {
    const before = await quote('AUS');
    expect(before.taxRatePercent).toBe(15);
    const response = await patch({ taxRates: { asia: 12.5 }, freeShippingThreshold: 20_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json().taxRates).toEqual({ ng: 7.5, us: 7, eu: 20, asia: 12.5, other: 10 });
    expect(response.json().freeShippingThreshold).toBe(20_000);

    const after = await quote('AUS');
    expect(after.taxRatePercent).toBe(12.5);
    // Inside the prices: the part of the goods that is tax.
    expect(after.tax).toBeCloseTo(Math.round((after.subtotal * 100 * 12.5) / 112.5) / 100, 2);
    expect((await quote('Nigeria')).taxRatePercent).toBe(7.5);

    const [entry] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorEmail, 'admin@rossy.ng')));
    expect(entry?.before).toEqual({
      freeShippingThresholdKobo: 1_500_000,
      taxRates: { ng: 7.5, us: 7, eu: 20, asia: 15, other: 10 },
    });
    expect(entry?.after).toEqual({
      freeShippingThresholdKobo: 2_000_000,
      taxRates: { ng: 7.5, us: 7, eu: 20, asia: 12.5, other: 10 },
    });
  });

  it('stores the notification preferences, SMS included', async () => {
    const response = await patch({ notifications: { smsAlerts: true, alertEmail: 'orders@rossy.ng' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().notifications).toEqual({
      emailAlerts: true,
      smsAlerts: true,
      alertEmail: 'orders@rossy.ng',
    });
    const bad = await patch({ notifications: { alertEmail: 'not-an-address' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['notifications.alertEmail']).toBeDefined();
  });

  it('switches VAT from inside the prices to on top: the quote adds it, and switching back takes it out', async () => {
    const inside = await quote('Nigeria');
    expect(inside).toMatchObject({ taxIncluded: true, taxRatePercent: 7.5 });
    expect(inside.total).toBeCloseTo(inside.subtotal - inside.discount + inside.shipping, 2);
    const response = await patch({ pricesIncludeTax: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().pricesIncludeTax).toBe(false);
    try {
      const onTop = await quote('Nigeria');
      expect(onTop).toMatchObject({ taxIncluded: false, taxRatePercent: 7.5 });
      expect(onTop.tax).toBeCloseTo(Math.round(onTop.subtotal * 7.5) / 100, 2);
      expect(onTop.total).toBeCloseTo(onTop.subtotal + onTop.shipping + onTop.tax, 2);
      const refused = await patch({ pricesIncludeTax: 'sometimes' });
      expect(refused.statusCode).toBe(400);
    } finally {
      await patch({ pricesIncludeTax: true });
    }
  });

  it('replaces all settings with PUT, and refuses an incomplete PUT', async () => {
    const current = (
      await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth(adminToken) })
    ).json();
    const replaced = await test.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: auth(adminToken),
      payload: { ...current, name: 'Rossy Lagos', returnsDays: 14 },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ name: 'Rossy Lagos', returnsDays: 14 });
    const partial = await test.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: auth(adminToken),
      payload: { name: 'Only a name' },
    });
    expect(partial.statusCode).toBe(400);
  });

  it('shows delivery zones in naira and prices a quote by the zone of its state', async () => {
    const current = (
      await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth(adminToken) })
    ).json();
    expect(current.dispatchCutoff).toBe('14:00');
    const lagos = current.deliveryZones.find((zone: { id: string }) => zone.id === 'lagos');
    expect(lagos).toMatchObject({ name: 'Lagos', states: ['Lagos'], freeShippingThreshold: null });
    expect(lagos.methods[0]).toEqual({ id: 'standard', price: 2000, minDays: 1, maxDays: 2, enabled: true });

    const zones = current.deliveryZones.map((zone: { id: string; methods: { price: number }[] }) =>
      zone.id === 'other-states'
        ? { ...zone, methods: zone.methods.map((method) => ({ ...method, price: method.price + 500 })) }
        : zone,
    );
    const saved = await patch({ deliveryZones: zones });
    expect(saved.statusCode).toBe(200);
    const kano = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: {
        items: [{ id: productId, quantity: 1 }],
        shippingAddress: { country: 'Nigeria', state: 'Kano' },
        shippingMethod: 'standard',
      },
    });
    expect(kano.statusCode).toBe(200);
    expect(kano.json()).toMatchObject({
      state: 'Kano',
      deliveryZone: { id: 'other-states', name: 'Other states' },
      needsState: false,
      shippingMethod: { id: 'standard', minDays: 3, maxDays: 7, priceRange: null },
    });
    expect(kano.json().shippingMethod.deliveryDates.earliest).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await patch({ deliveryZones: current.deliveryZones });
  });

  it('refuses a zone layout that leaves a state out, naming it, and changes nothing', async () => {
    const current = (
      await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth(adminToken) })
    ).json();
    const withoutKano = current.deliveryZones.map((zone: { id: string; states: string[] }) =>
      zone.id === 'other-states'
        ? { ...zone, states: zone.states.filter((state) => state !== 'Kano') }
        : zone,
    );
    const refused = await patch({ deliveryZones: withoutKano, name: 'Not saved' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('deliveryZones: Kano is in no delivery zone.');
    const after = (
      await test.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth(adminToken) })
    ).json();
    expect(after).toEqual(current);
  });
});
