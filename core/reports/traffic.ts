import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageViews } from '../../db/schema/admin';
import { orders } from '../../db/schema/orders';
import { sumOf, within, percentOf, daysOf, type ReportRange } from './range';

/** The Traffic card: first-party page views in the range. */
export interface TrafficReport {
  views: number;
  /** Orders placed in the range per 100 page views. */
  conversionPercent: number;
  ordersPlaced: number;
  sources: { source: string; views: number; percent: number }[];
  topPages: { path: string; views: number }[];
  daily: { day: string; views: number }[];
}

export async function trafficReport(
  db: DbOrTx,
  range: ReportRange,
  options: { top?: number } = {},
): Promise<TrafficReport> {
  const inRange = and(gte(pageViews.day, range.from), lte(pageViews.day, range.to));
  const views = sumOf(sql`${pageViews.views}`);
  const [[totals], [placed], sources, pages, daily] = await Promise.all([
    db.select({ views }).from(pageViews).where(inRange),
    db
      .select({ orders: count() })
      .from(orders)
      .where(and(within(orders.createdAt, range), eq(orders.isTest, false))),
    db
      .select({ source: pageViews.source, views })
      .from(pageViews)
      .where(inRange)
      .groupBy(pageViews.source)
      .orderBy(desc(views), asc(pageViews.source)),
    db
      .select({ path: pageViews.path, views })
      .from(pageViews)
      .where(inRange)
      .groupBy(pageViews.path)
      .orderBy(desc(views), asc(pageViews.path))
      .limit(options.top ?? 10),
    db
      .select({ day: sql<string>`${pageViews.day}::text`, views })
      .from(pageViews)
      .where(inRange)
      .groupBy(pageViews.day),
  ]);
  const total = totals?.views ?? 0;
  const ordersPlaced = placed?.orders ?? 0;
  const byDay = new Map(daily.map((row) => [row.day, row.views]));
  return {
    views: total,
    ordersPlaced,
    conversionPercent: total > 0 ? Math.round((ordersPlaced / total) * 10_000) / 100 : 0,
    sources: sources.map((row) => ({ ...row, percent: percentOf(row.views, total) })),
    topPages: pages,
    daily: daysOf(range).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
  };
}
