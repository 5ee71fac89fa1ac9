import { and, eq, gte, inArray, isNotNull, lt, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { daySchema } from '../../contracts/limits';
import { paidPaymentStatuses } from '../../contracts/returns';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { LAGOS_TIME_ZONE, lagosDay, lagosMidnight } from '../../contracts/lagos-time';

/*
 * The admin's reports. Every figure is one query on the shop's own rows, for a range of Lagos days
 * (from and to included). Money is integer kobo; the edges (pages, API) format it. Results are plain
 * JSON (ISO strings, numbers), so a page can hand them to the browser as they are.
 */

export const DAY_MS = 86_400_000;
export const MAX_REPORT_DAYS = 366;
export const REPORT_PRESETS = [7, 30, 90] as const;

/** Today's date in Lagos: yyyy-mm-dd. */
export const lagosToday = (now = new Date()) => lagosDay(now);

/** A yyyy-mm-dd date moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A range of Lagos days, from and to included; `start` ≤ t < `end` in instants. */
export interface ReportRange {
  from: string;
  to: string;
  days: number;
  start: Date;
  end: Date;
}

export function lagosRange(from: string, to: string): ReportRange {
  return {
    from,
    to,
    days: Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1,
    start: lagosMidnight(from),
    end: lagosMidnight(addDays(to, 1)),
  };
}

/** The last `days` Lagos days, today included. */
export const lastDays = (days: number, now = new Date()) =>
  lagosRange(addDays(lagosToday(now), -(days - 1)), lagosToday(now));

const day = daySchema('Enter a date as yyyy-mm-dd');
export const reportRangeSchema = z.object({
  from: day.optional().or(z.literal('').transform(() => undefined)),
  to: day.optional().or(z.literal('').transform(() => undefined)),
});
export type ReportRangeInput = z.input<typeof reportRangeSchema>;

/**
 * The range a report asks for: from and to (Lagos days, both included); the last 30 days when
 * neither is given, 30 days up to `to` or from `from` when only one is.
 */
export function resolveReportRange(raw: unknown, now = new Date()): ReportRange {
  const input = parseInput(reportRangeSchema, raw ?? {});
  const to = input.to ?? (input.from ? minDay(addDays(input.from, 29), lagosToday(now)) : lagosToday(now));
  const from = input.from ?? addDays(to, -29);
  if (from > to)
    throw new AppError('UNPROCESSABLE', 'The start date must be on or before the end date.', {
      from: 'Must be on or before the end date',
    });
  const range = lagosRange(from, to);
  if (range.days > MAX_REPORT_DAYS)
    throw new AppError('UNPROCESSABLE', `A report covers at most ${MAX_REPORT_DAYS} days.`, {
      from: `At most ${MAX_REPORT_DAYS} days before the end date`,
    });
  return range;
}

export const minDay = (a: string, b: string) => (a < b ? a : b);

/** Every day of a range, in order. */
export function daysOf(range: Pick<ReportRange, 'from' | 'days'>): string[] {
  return Array.from({ length: range.days }, (_, index) => addDays(range.from, index));
}

/** Sum of a kobo column as a number (bigint in SQL, so large totals do not overflow). */
export const sumOf = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);

/** A timestamp's Lagos day, as yyyy-mm-dd text. */
export const lagosDayOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE ${sql.raw(`'${LAGOS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

export const within = (column: AnyColumn, range: Pick<ReportRange, 'start' | 'end'>) =>
  and(gte(column, range.start), lt(column, range.end));

/** An order that counts in the shop's figures: not cancelled, and not a TEST MODE order (no money moved). */
const countedOrder = and(ne(orders.status, 'cancelled'), eq(orders.isTest, false));

/**
 * What counts as a sale: an order paid within the range (by when it was paid), not cancelled, and
 * not a TEST MODE order (paid with a test card: no money moved). An order given money back, in part
 * or in full, was still paid: it stays a sale, and its refunds come off revenue (`refundedWithin`).
 */
export const paidWithin = (range: Pick<ReportRange, 'start' | 'end'>): SQL =>
  and(
    isNotNull(orders.paidAt),
    gte(orders.paidAt, range.start),
    lt(orders.paidAt, range.end),
    inArray(orders.paymentStatus, [...paidPaymentStatuses]),
    countedOrder,
  ) ?? sql`false`;

/** A TEST MODE order paid within the range: shown apart, never in the figures (no money moved). */
export const testPaidWithin = (range: Pick<ReportRange, 'start' | 'end'>): SQL =>
  and(
    isNotNull(orders.paidAt),
    gte(orders.paidAt, range.start),
    lt(orders.paidAt, range.end),
    inArray(orders.paymentStatus, [...paidPaymentStatuses]),
    ne(orders.status, 'cancelled'),
    eq(orders.isTest, true),
  ) ?? sql`false`;

/**
 * What comes off revenue: money an order took that went back to its shopper (refunds of purpose
 * 'order'; money owed beyond the order was never revenue), once the provider or the shop said it
 * went (completed). A refund counts on the day it completed, not the day it was asked nor the day
 * the order was paid, so a range's revenue is what came in less what went out in it. Refunds of
 * orders the figures leave out (cancelled, or TEST MODE) are left out with them. Read with `refunds`
 * joined to `orders`.
 */
export const refundedWithin = (range: Pick<ReportRange, 'start' | 'end'>): SQL =>
  and(
    eq(refunds.status, 'completed'),
    eq(refunds.purpose, 'order'),
    isNotNull(refunds.completedAt),
    gte(refunds.completedAt, range.start),
    lt(refunds.completedAt, range.end),
    countedOrder,
  ) ?? sql`false`;

export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
