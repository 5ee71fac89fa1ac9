import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { checkoutMessages, couponScopeWords } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { coupons, orders } from '../../db/schema/orders';
import { AppError } from '../errors';
import { isRestricted } from './coupon-discount';

export type Coupon = typeof coupons.$inferSelect;

export interface CouponCheck {
  coupon: Coupon | null;
  /** Why the code cannot be used, in the shopper's words; null when it can. */
  problem: string | null;
}

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Whether this shopper has an order that counts (a cancelled one does not). */
async function hasPlacedOrder(db: DbOrTx, email: string, userId: string | null): Promise<boolean> {
  const owner = userId
    ? or(eq(orders.email, email.toLowerCase()), eq(orders.userId, userId))
    : eq(orders.email, email.toLowerCase());
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(owner, ne(orders.status, 'cancelled')))
    .limit(1);
  return Boolean(row);
}

/** Who is using a coupon, as far as checkout knows yet. */
export interface CouponShopper {
  email?: string | undefined;
  userId?: string | null | undefined;
  /** The order's phone, in the form orders keep it (+234 and the national number in Nigeria). */
  phone?: string | undefined;
}

/**
 * Whether this shopper has used the coupon on as many orders (not cancelled) as it allows each
 * customer: counted by account and by e-mail or phone. Place Order counts again under locks
 * (`take_coupon_customer_use`, migration 0035); this tells the shopper before.
 */
async function reachedCustomerLimit(db: DbOrTx, coupon: Coupon, shopper: CouponShopper): Promise<boolean> {
  const limit = coupon.usageLimitPerCustomer;
  if (limit === null) return false;
  const who: SQL[] = [];
  if (shopper.email) who.push(eq(orders.email, shopper.email.trim().toLowerCase()));
  if (shopper.phone) who.push(eq(orders.phone, shopper.phone));
  if (shopper.userId) who.push(eq(orders.userId, shopper.userId));
  if (who.length === 0) return false;
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.couponCode, coupon.code), ne(orders.status, 'cancelled'), or(...who)))
    .limit(limit);
  return rows.length >= limit;
}

/**
 * Checks a coupon code for an order: known, active, not expired, not used up, and, for a
 * first-order coupon, the shopper's first order (checked once the e-mail is known); with a limit
 * per customer, under it for this shopper's account, e-mail and phone as far as they are known.
 * What depends on the cart (the eligible lines, the minimum spend) is the quote's.
 */
export async function checkCoupon(
  db: DbOrTx,
  code: string,
  shopper: CouponShopper = {},
  now = new Date(),
): Promise<CouponCheck> {
  const normalized = normalizeCouponCode(code);
  if (!normalized) return { coupon: null, problem: checkoutMessages.invalidCoupon };
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, normalized));
  if (!coupon || !coupon.active) return { coupon: null, problem: checkoutMessages.invalidCoupon };
  if (coupon.expiresAt && coupon.expiresAt <= now) return { coupon, problem: checkoutMessages.couponExpired };
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit)
    return { coupon, problem: checkoutMessages.couponUsedUp };
  if (coupon.firstOrderOnly && shopper.email) {
    if (await hasPlacedOrder(db, shopper.email, shopper.userId ?? null))
      return { coupon, problem: checkoutMessages.couponFirstOrder };
  }
  if (await reachedCustomerLimit(db, coupon, shopper))
    return { coupon, problem: checkoutMessages.couponCustomerLimit };
  return { coupon, problem: null };
}

/** The chosen categories and every category below them, by id. */
export async function categoriesUnder(db: DbOrTx, chosen: readonly string[]): Promise<Set<string>> {
  if (chosen.length === 0) return new Set();
  const result = await db.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT ${categories.id} AS id FROM ${categories} WHERE ${inArray(categories.id, [...chosen])}
      UNION
      SELECT c.id FROM ${categories} c JOIN tree ON c.parent_id = tree.id
    )
    SELECT id FROM tree`);
  return new Set((result as { rows: { id: string }[] }).rows.map((row) => row.id));
}

/**
 * What a coupon for chosen categories or products is for, in the shopper's words ("Women's Bags,
 * Ankara Tote"); null for a coupon on every line.
 */
export async function couponScope(db: DbOrTx, coupon: Coupon): Promise<string | null> {
  if (!isRestricted(coupon)) return null;
  const [named, pieces] = await Promise.all([
    coupon.categoryIds.length
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, coupon.categoryIds))
      : Promise.resolve([]),
    coupon.productIds.length
      ? db
          .select({ name: products.name })
          .from(products)
          .where(inArray(products.id, coupon.productIds))
          .orderBy(asc(products.name))
      : Promise.resolve([]),
  ]);
  // The categories in the order the owner chose them, then the products.
  const names = [
    ...coupon.categoryIds.flatMap((id) => named.filter((row) => row.id === id).map((row) => row.name)),
    ...pieces.map((row) => row.name),
  ];
  return names.length > 0 ? couponScopeWords(names) : 'chosen items';
}

/**
 * Counts one use of a coupon, inside the order's transaction. The conditional update is the
 * guard: however many checkouts race, the count never passes the limit.
 */
export async function useCoupon(tx: DbOrTx, couponId: number): Promise<void> {
  const updated = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        eq(coupons.active, true),
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ id: coupons.id });
  if (updated.length === 0)
    throw new AppError('CONFLICT', checkoutMessages.couponUsedUp, {
      couponCode: checkoutMessages.couponUsedUp,
    });
}

/** Gives a use back when an order that counted one is cancelled. */
export async function returnCouponUse(tx: DbOrTx, code: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.code, normalizeCouponCode(code)));
}

export const seedCoupons = [
  { code: 'DISCOUNT10', percent: 10, description: '10% off your order' },
  { code: 'ROSSY10', percent: 10, description: 'An extra 10% off, from Rossy' },
  {
    code: 'WELCOME15',
    percent: 15,
    firstOrderOnly: true,
    description: '15% off a first order, for newsletter subscribers',
  },
] satisfies (typeof coupons.$inferInsert)[];

/**
 * Loads the shop's opening coupons; codes already there are left as they are. The columns are named
 * (percent coupons need no more), so a shop still on an older schema is seeded too: the migration
 * tests seed shops as they stood before each migration.
 */
export async function ensureSeedCoupons(db: DbOrTx): Promise<void> {
  for (const coupon of seedCoupons)
    await db.execute(sql`
      INSERT INTO coupons (code, percent, first_order_only, description)
      VALUES (${coupon.code}, ${coupon.percent}, ${'firstOrderOnly' in coupon ? coupon.firstOrderOnly : false},
              ${coupon.description})
      ON CONFLICT (code) DO NOTHING`);
}
