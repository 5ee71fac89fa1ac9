// Browser-safe: the checkout, the product page and the e-mails all read delivery dates from here.
import { lagosDay } from './lagos-time';

export interface DeliveryDays {
  /** Fewest business days after the ship day (0: it arrives the day it ships). */
  minDays: number;
  maxDays: number;
}

export interface DispatchCalendar {
  /** 'HH:MM', Lagos time: an order after it ships the next business day. */
  cutoff: string;
  /** 'YYYY-MM-DD' days nothing ships or travels (the owner's list of public holidays). */
  holidays: readonly string[];
}

export interface DeliveryDates {
  /** 'YYYY-MM-DD', Lagos. */
  earliest: string;
  latest: string;
}

const DAY_MS = 86_400_000;

/** The day after a 'YYYY-MM-DD' day, computed at noon UTC so no offset can tip it into another day. */
const nextDay = (day: string): string =>
  new Date(new Date(`${day}T12:00:00Z`).getTime() + DAY_MS).toISOString().slice(0, 10);

const weekdayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();

/**
 * Couriers in Nigeria work Saturdays: only Sundays and the listed holidays are days nothing moves.
 */
export function isBusinessDay(day: string, holidays: readonly string[]): boolean {
  return weekdayOf(day) !== 0 && !holidays.includes(day);
}

function nextBusinessDay(day: string, holidays: readonly string[]): string {
  let next = nextDay(day);
  // A run of holidays is never a year long; the bound only guards against a broken list.
  for (let guard = 0; guard < 366 && !isBusinessDay(next, holidays); guard++) next = nextDay(next);
  return next;
}

function addBusinessDays(day: string, count: number, holidays: readonly string[]): string {
  let result = day;
  for (let index = 0; index < count; index++) result = nextBusinessDay(result, holidays);
  return result;
}

/** The Lagos wall-clock time of an instant, 'HH:MM'. */
const lagosClock = (instant: Date): string =>
  new Date(instant.getTime() + 60 * 60 * 1000).toISOString().slice(11, 16);

/**
 * The day an order placed at `now` leaves the shop: today (Lagos) when it is a business day and the
 * cut-off has not passed, else the next business day.
 */
export function shipDay(now: Date, calendar: DispatchCalendar): string {
  const today = lagosDay(now);
  if (isBusinessDay(today, calendar.holidays) && lagosClock(now) < calendar.cutoff) return today;
  return nextBusinessDay(today, calendar.holidays);
}

/** When an order placed at `now` arrives: its ship day plus the method's fewest and most business days. */
export function deliveryDates(now: Date, days: DeliveryDays, calendar: DispatchCalendar): DeliveryDates {
  const ships = shipDay(now, calendar);
  return {
    earliest: addBusinessDays(ships, days.minDays, calendar.holidays),
    latest: addBusinessDays(ships, Math.max(days.minDays, days.maxDays), calendar.holidays),
  };
}

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const monthNames = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

function parts(day: string) {
  const date = new Date(`${day}T12:00:00Z`);
  return {
    weekday: weekdayNames[date.getUTCDay()]!,
    date: date.getUTCDate(),
    month: monthNames[date.getUTCMonth()]!,
    year: date.getUTCFullYear(),
  };
}

/**
 * The promise in words, one form for pages and e-mails: "Arrives Thu 27 Nov", "Arrives Thu 27 – Fri
 * 28 Nov", "Arrives Mon 29 Dec – Fri 2 Jan". The year is never shown: a window is weeks at most.
 */
export function formatDeliveryWindow(earliest: string, latest: string): string {
  const from = parts(earliest);
  const to = parts(latest);
  if (earliest === latest) return `Arrives ${from.weekday} ${from.date} ${from.month}`;
  const sameMonth = from.month === to.month && from.year === to.year;
  const start = sameMonth ? `${from.weekday} ${from.date}` : `${from.weekday} ${from.date} ${from.month}`;
  return `Arrives ${start} – ${to.weekday} ${to.date} ${to.month}`;
}

/** A method's time in words, for where no date can be given: "1–2 business days", "Same or next business day". */
export function formatDeliveryDays(days: DeliveryDays): string {
  if (days.maxDays === 0) return 'The day it ships';
  if (days.minDays === 0 && days.maxDays === 1) return 'Same or next business day';
  if (days.minDays === days.maxDays) return `${days.minDays} business ${days.minDays === 1 ? 'day' : 'days'}`;
  return `${days.minDays}–${days.maxDays} business days`;
}
