/**
 * Lagos time, written once: the shop's days, dates and times are Lagos's. Lagos keeps UTC+01:00 all
 * year (West Africa Time, no daylight saving), so an offset is exact. Browser-safe.
 */
export const LAGOS_TIME_ZONE = 'Africa/Lagos';
export const LAGOS_OFFSET = '+01:00';
/** Lagos's offset from UTC in milliseconds: a Lagos wall time is the UTC time of `instant + offset`. */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** The Lagos date of an instant: yyyy-mm-dd. */
export const lagosDay = (instant: Date = new Date()): string =>
  new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Lagos day (yyyy-mm-dd) starts. */
export const lagosMidnight = (day: string): Date => new Date(`${day}T00:00:00${LAGOS_OFFSET}`);

/** The instant the Lagos day after `day` starts: the end of a range that includes `day`. */
export const lagosNextMidnight = (day: string): Date => new Date(lagosMidnight(day).getTime() + DAY_MS);

/** An instant as Lagos reads it, ISO 8601 with its offset, to the second: '2026-11-21T14:05:09+01:00'. */
export function lagosIso(instant: Date): string {
  return `${new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 19)}${LAGOS_OFFSET}`;
}

/** '2026-12-24T18:00' (Lagos wall time, as a datetime-local input shows it) from an ISO time. */
export function toLagosInput(iso: string): string {
  return new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

/** An ISO time with Lagos's offset from a datetime-local value; null when it is not one. */
export function fromLagosInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (!match) return null;
  const iso = `${match[1]}${match[2] ?? ':00'}${LAGOS_OFFSET}`;
  return Number.isNaN(new Date(iso).getTime()) ? null : iso;
}
