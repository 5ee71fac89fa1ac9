import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/admin';
import { coupons } from '../../../db/schema/orders';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({
    seed: true,
    customerEmail: 'kemi@example.ng',
  }));
});
afterAll(async () => {
  await test?.close();
});

const create = (payload: object) =>
  test.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: auth(adminToken), payload });
const edit = (id: number, payload: object) =>
  test.app.inject({ method: 'PATCH', url: `/api/admin/coupons/${id}`, headers: auth(adminToken), payload });
const validate = (code: string) =>
  test.app.inject({ method: 'POST', url: '/api/coupons/validate', payload: { code } });

describe('/api/admin/coupons', () => {
  it('answers 401 to a guest and 403 to a customer on every route', async () => {
    await expectAdminOnly('GET', '/api/admin/coupons');
    await expectAdminOnly('GET', '/api/admin/coupons/1');
    await expectAdminOnly('POST', '/api/admin/coupons', { code: 'HACK50', percent: 50 });
    await expectAdminOnly('PATCH', '/api/admin/coupons/1', { active: false });
  });

  it('lists the seeded coupons with their usage', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/admin/coupons',
      headers: auth(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const codes = (
      response.json().coupons as { code: string; usedCount: number; usageLimit: number | null }[]
    ).map((coupon) => coupon.code);
    expect(codes).toEqual(expect.arrayContaining(['DISCOUNT10', 'ROSSY10', 'WELCOME15']));
  });

  it('creates a coupon that checkout accepts at once, refuses its code again in any case, and deactivation stops it', async () => {
    const created = await create({
      code: 'lagos25',
      percent: 25,
      usageLimit: 50,
      description: 'Lagos Fashion Week',
      expiresAt: '2099-12-31T23:59:00+01:00',
    });
    expect(created.statusCode).toBe(201);
    const coupon = created.json().coupon;
    expect(coupon).toMatchObject({
      code: 'LAGOS25',
      percent: 25,
      usedCount: 0,
      usageLimit: 50,
      state: 'active',
    });

    expect((await validate('Lagos25')).json()).toMatchObject({ code: 'LAGOS25', percent: 25 });

    const duplicate = await create({ code: 'LaGoS25', percent: 10 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A coupon with this code already exists.');

    const off = await edit(coupon.id, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().coupon).toMatchObject({ active: false, state: 'inactive' });
    const refused = await validate('LAGOS25');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Invalid coupon code.');

    const on = await edit(coupon.id, { active: true, percent: 30 });
    expect(on.json().coupon).toMatchObject({ active: true, percent: 30 });
    expect((await validate('lagos25')).json()).toMatchObject({ code: 'LAGOS25', percent: 30 });

    const entries = await test.database.db.select().from(auditLog).where(eq(auditLog.entityId, 'LAGOS25'));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'coupon.create',
      'coupon.update',
      'coupon.update',
    ]);
    const deactivation = entries.find((entry) => entry.summary === 'Coupon LAGOS25 deactivated');
    expect(deactivation).toMatchObject({
      actorEmail: 'admin@rossy.ng',
      before: { active: true },
      after: { active: false },
    });
  });

  it('validates the code, percentage and limit with per-field errors', async () => {
    const bad = await create({ code: 'NO SPACES!', percent: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      code: 'Use 3 to 20 letters A-Z and digits 0-9, no spaces',
      percent: 'Enter a percentage from 1 to 100',
    });
    expect((await create({ code: 'OVER100', percent: 101 })).statusCode).toBe(400);
    expect((await create({ code: 'NOLIMIT', percent: 5, usageLimit: 0 })).statusCode).toBe(400);
  });

  it('expires a coupon by its date, and refuses a limit below the uses already counted', async () => {
    const { coupon } = (await create({ code: 'EXPIRING', percent: 5, usageLimit: 3 })).json();
    await edit(coupon.id, { expiresAt: '2020-01-01T00:00:00+01:00' });
    const expired = await validate('EXPIRING');
    expect(expired.json().error.message).toBe('This coupon code has expired.');

    await edit(coupon.id, { expiresAt: null });
    await test.database.db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, coupon.id));
    const tooLow = await edit(coupon.id, { usageLimit: 1 });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().error.fields.usageLimit).toMatch(/already been used 2 times/);
    const { coupons: list } = (
      await test.app.inject({ method: 'GET', url: '/api/admin/coupons', headers: auth(adminToken) })
    ).json<{ coupons: { code: string; state: string; usedCount: number; usageLimit: number | null }[] }>();
    expect(list.find((row) => row.code === 'EXPIRING')).toMatchObject({
      state: 'active',
      usedCount: 2,
      usageLimit: 3,
    });
  });

  it('answers 404 for an unknown coupon', async () => {
    expect((await edit(999_999, { active: false })).statusCode).toBe(404);
  });

  it('creates a fixed-amount coupon in naira for chosen categories, which the quote applies to their lines only', async () => {
    const created = await create({
      code: 'naija5k',
      type: 'fixed',
      amount: 5_000,
      minimumSpend: 20_000,
      usageLimitPerCustomer: 1,
      categoryIds: ['womens-bags'],
      productIds: [],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().coupon).toMatchObject({
      code: 'NAIJA5K',
      type: 'fixed',
      percent: null,
      amount: 5_000,
      minimumSpend: 20_000,
      usageLimitPerCustomer: 1,
      categoryIds: ['womens-bags'],
      productIds: [],
    });
    expect((await validate('Naija5k')).json()).toEqual({
      code: 'NAIJA5K',
      type: 'fixed',
      percent: null,
      amount: 5_000,
      minimumSpend: 20_000,
      offer: '₦5,000 off',
    });

    const pieces = (await test.database.db.execute(sql`
      SELECT DISTINCT ON (c.parent_id) p.id, p.sizes, c.parent_id AS "parent"
        FROM products p JOIN categories c ON c.id = p.category_id
       WHERE p.status = 'active' AND c.parent_id IN ('womens-bags', 'mens-wear')
       ORDER BY c.parent_id, p.id`)) as {
      rows: { id: number; sizes: string[]; parent: string }[];
    };
    const bag = pieces.rows.find((row) => row.parent === 'womens-bags')!;
    const suit = pieces.rows.find((row) => row.parent === 'mens-wear')!;
    for (const piece of [bag, suit]) {
      await test.database.db.execute(sql`UPDATE products SET price_kobo = 3000000 WHERE id = ${piece.id}`);
      await test.database.db.execute(
        sql`UPDATE product_variants SET price_kobo = NULL, stock = 50 WHERE product_id = ${piece.id}`,
      );
    }
    const quote = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: {
        items: [
          { id: suit.id, quantity: 1, selectedSize: suit.sizes[0] },
          { id: bag.id, quantity: 1, selectedSize: bag.sizes[0] },
        ],
        couponCode: 'naija5k',
        shippingAddress: { country: 'Nigeria', state: 'Lagos' },
      },
    });
    expect(quote.statusCode).toBe(200);
    const body = quote.json();
    expect(body.discount).toBe(5_000);
    expect(body.coupon).toEqual({
      code: 'NAIJA5K',
      type: 'fixed',
      percent: null,
      amount: 5_000,
      minimumSpend: 20_000,
      offer: '₦5,000 off',
      discount: 5_000,
      appliedToLines: [{ line: 1, productId: bag.id, discount: 5_000 }],
    });
  });

  it('answers 422 for terms that do not fit the type, naming the field', async () => {
    const noAmount = await create({ code: 'NOAMT', type: 'fixed' });
    expect(noAmount.statusCode).toBe(422);
    expect(noAmount.json().error.fields).toEqual({ amount: 'Enter the amount off in naira' });
    const free = await create({ code: 'SHIPFREE', type: 'free_delivery', minimumSpend: 50_000 });
    expect(free.statusCode).toBe(201);
    expect(free.json().coupon).toMatchObject({ type: 'free_delivery', percent: null, amount: null });
    expect((await create({ code: 'KOBO', type: 'fixed', amount: 10.005 })).statusCode).toBe(400);
  });
});
