import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { checkCoupon } from '../orders/coupons';
import { createCoupon, listCoupons, updateCoupon } from './coupons';

let database: TestDatabase;
const actor = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase();
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
});
