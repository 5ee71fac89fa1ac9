import { and, eq, ne, or, sql } from 'drizzle-orm';
import { checkoutMessages } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { coupons, orders } from '../../db/schema/orders';
import { AppError } from '../errors';

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

/**
 * Checks a coupon code for an order: known, active, not expired, not used up, and, for a
 * first-order coupon, the shopper's first order (checked once the e-mail is known).
 */
export async function checkCoupon(
  db: DbOrTx,
  code: string,
  shopper: { email?: string | undefined; userId?: string | null | undefined } = {},
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
  return { coupon, problem: null };
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

/** Loads the shop's opening coupons; codes already there are left as they are. */
export async function ensureSeedCoupons(db: DbOrTx): Promise<void> {
  await db.insert(coupons).values(seedCoupons).onConflictDoNothing({ target: coupons.code });
}
