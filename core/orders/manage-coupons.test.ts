import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { checkCoupon } from './coupons';
import { createCoupon, listCoupons, updateCoupon } from './manage-coupons';

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let database: TestDatabase;
const actor = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

describe('admin coupons', () => {
  it('stores codes in capitals, and checkout honours the first-order rule and the expiry set here', async () => {
    const created = await createCoupon(database.db, actor, {
      code: ' firstbuy ',
      percent: 20,
      firstOrderOnly: true,
      expiresAt: '2030-01-01T00:00:00+01:00',
    });
    expect(created).toMatchObject({ code: 'FIRSTBUY', firstOrderOnly: true, state: 'active' });
    expect((await checkCoupon(database.db, 'FirstBuy', { email: 'new@example.ng' })).problem).toBeNull();
    const later = new Date('2030-01-02T00:00:00Z');
    expect((await checkCoupon(database.db, 'FIRSTBUY', {}, later)).problem).toBe(
      'This coupon code has expired.',
    );
    const [listed] = (await listCoupons(database.db, later)).filter((coupon) => coupon.code === 'FIRSTBUY');
    expect(listed?.state).toBe('expired');
  });

  it('shows a used-up coupon as such', async () => {
    const coupon = await createCoupon(database.db, actor, { code: 'ONCE', percent: 5, usageLimit: 1 });
    const edited = await updateCoupon(database.db, actor, coupon.id, { description: 'One use only' });
    expect(edited.description).toBe('One use only');
    const { db } = database;
    await db.execute(`update coupons set used_count = 1 where id = ${coupon.id}`);
    const [listed] = (await listCoupons(db)).filter((row) => row.code === 'ONCE');
    expect(listed).toMatchObject({ state: 'used-up', usedCount: 1, usageLimit: 1 });
  });

  it('creates a fixed-amount coupon in naira with a minimum spend, a limit per customer and chosen categories', async () => {
    const created = await createCoupon(database.db, actor, {
      code: 'naija5k',
      type: 'fixed',
      amount: 5_000,
      minimumSpend: 20_000,
      usageLimitPerCustomer: 1,
      categoryIds: ['womens-bags'],
      productIds: [],
    });
    expect(created).toMatchObject({
      code: 'NAIJA5K',
      type: 'fixed',
      percent: null,
      amountKobo: 500_000,
      minimumSpendKobo: 2_000_000,
      usageLimitPerCustomer: 1,
      categoryIds: ['womens-bags'],
      productIds: [],
      state: 'active',
    });
    const [listed] = (await listCoupons(database.db)).filter((coupon) => coupon.code === 'NAIJA5K');
    expect(listed).toMatchObject({ type: 'fixed', amountKobo: 500_000 });
  });

  it('creates a free-delivery coupon, and a percent coupon when no type is given', async () => {
    const free = await createCoupon(database.db, actor, { code: 'SHIPFREE', type: 'free_delivery' });
    expect(free).toMatchObject({ type: 'free_delivery', percent: null, amountKobo: null });
    const plain = await createCoupon(database.db, actor, { code: 'PLAIN12', percent: 12 });
    expect(plain).toMatchObject({ type: 'percent', percent: 12, amountKobo: null, minimumSpendKobo: 0 });
  });

  it('refuses terms that do not fit the type, and categories or products the shop does not have (422)', async () => {
    const noAmount = await refusal(createCoupon(database.db, actor, { code: 'NOAMOUNT', type: 'fixed' }));
    expect(noAmount.code).toBe('UNPROCESSABLE');
    expect(noAmount.fields).toEqual({ amount: 'Enter the amount off in naira' });
    const noPercent = await refusal(createCoupon(database.db, actor, { code: 'NOPERCENT' }));
    expect(noPercent.fields).toEqual({ percent: 'Enter a percentage from 1 to 100' });
    const both = await refusal(
      createCoupon(database.db, actor, { code: 'BOTH', type: 'fixed', amount: 1_000, percent: 10 }),
    );
    expect(both.fields).toEqual({ percent: 'A fixed-amount coupon takes no percentage' });
    const unknown = await refusal(
      createCoupon(database.db, actor, {
        code: 'NOWHERE',
        percent: 10,
        categoryIds: ['no-such-category'],
        productIds: [987_654],
      }),
    );
    expect(unknown.code).toBe('UNPROCESSABLE');
    expect(unknown.fields).toEqual({
      categoryIds: 'No category no-such-category',
      productIds: 'No product 987654',
    });
  });

  it('changes a percent coupon into a fixed one, its percentage let go', async () => {
    const coupon = await createCoupon(database.db, actor, { code: 'SWITCHME', percent: 10 });
    const refused = await refusal(updateCoupon(database.db, actor, coupon.id, { amount: 2_000 }));
    expect(refused.fields).toEqual({ amount: 'A percentage coupon takes no amount' });
    const fixed = await updateCoupon(database.db, actor, coupon.id, { type: 'fixed', amount: 2_000 });
    expect(fixed).toMatchObject({ type: 'fixed', percent: null, amountKobo: 200_000 });
  });
});
