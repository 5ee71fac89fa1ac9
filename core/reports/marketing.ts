import { and, asc, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';
import { orders } from '../../db/schema/orders';
import { sumOf, within, type ReportRange } from './range';

/** The Marketing card: coupons used and newsletter sign-ups in the range. */
export interface MarketingReport {
  /**
   * Coupons used on orders placed in the range, cancelled orders left out (their use is given back).
   * A coupon's discount is what it took off the goods, or the delivery it made free.
   */
  coupons: { code: string; uses: number; discountKobo: number; revenueKobo: number }[];
  couponUses: number;
  discountKobo: number;
  newsletter: { subscribed: number; unsubscribed: number; subscribers: number };
}

export async function marketingReport(db: DbOrTx, range: ReportRange): Promise<MarketingReport> {
  const [coupons, [newsletter]] = await Promise.all([
    db
      .select({
        code: orders.couponCode,
        uses: count(),
        discountKobo: sumOf(sql`${orders.discountKobo} + ${orders.deliveryDiscountKobo}`),
        revenueKobo: sumOf(sql`${orders.totalKobo}`),
      })
      .from(orders)
      .where(
        and(
          within(orders.createdAt, range),
          isNotNull(orders.couponCode),
          ne(orders.status, 'cancelled'),
          eq(orders.isTest, false),
        ),
      )
      .groupBy(orders.couponCode)
      .orderBy(desc(count()), asc(orders.couponCode)),
    db
      .select({
        subscribed:
          sql<number>`count(*) filter (where ${newsletterSubscribers.createdAt} >= ${range.start} and ${newsletterSubscribers.createdAt} < ${range.end})`.mapWith(
            Number,
          ),
        unsubscribed:
          sql<number>`count(*) filter (where ${newsletterSubscribers.unsubscribedAt} >= ${range.start} and ${newsletterSubscribers.unsubscribedAt} < ${range.end})`.mapWith(
            Number,
          ),
        subscribers:
          sql<number>`count(*) filter (where ${newsletterSubscribers.unsubscribedAt} is null)`.mapWith(
            Number,
          ),
      })
      .from(newsletterSubscribers),
  ]);
  const rows = coupons.map((row) => ({ ...row, code: row.code ?? '' }));
  return {
    coupons: rows,
    couponUses: rows.reduce((total, row) => total + row.uses, 0),
    discountKobo: rows.reduce((total, row) => total + row.discountKobo, 0),
    newsletter: {
      subscribed: newsletter?.subscribed ?? 0,
      unsubscribed: newsletter?.unsubscribed ?? 0,
      subscribers: newsletter?.subscribers ?? 0,
    },
  };
}
