import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Real shoppers' Core Web Vitals, kept as daily aggregates: per Lagos day, page template, metric,
 * device class and connection type, a fixed histogram of value buckets (core/vitals/histogram.ts)
 * and how many values fell in it. A beacon adds one to a bucket; rows older than 90 days are
 * deleted. So the table never outgrows days × templates × metrics × devices × connections rows,
 * however many shoppers come.
 */
export const webVitalsDaily = pgTable(
  'web_vitals_daily',
  {
    day: date('day').notNull(),
    template: text('template').notNull(),
    metric: text('metric').notNull(),
    device: text('device').notNull(),
    connection: text('connection').notNull(),
    count: integer('count').notNull().default(0),
    /** One counter per bucket, the bucket's index + 1 in PostgreSQL's 1-based arrays. */
    buckets: integer('buckets').array().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.template, table.metric, table.device, table.connection] }),
    check('web_vitals_daily_count', sql`${table.count} >= 0`),
    check('web_vitals_daily_metric', sql`${table.metric} IN ('LCP', 'INP', 'CLS', 'TTFB')`),
    check('web_vitals_daily_device', sql`${table.device} IN ('mobile', 'desktop')`),
    check('web_vitals_daily_buckets', sql`cardinality(${table.buckets}) = 40`),
  ],
);
