/** Excel reads a UTF-8 file as UTF-8 (₦, accents) only when it starts with this byte-order mark. */
export const CSV_BOM = '\uFEFF';
import { lagosIso } from '../../contracts/lagos-time';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, that some
 * spreadsheets strip before doing so): OWASP's CSV-injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field, RFC 4180: quoted when it holds a comma, a quote or a line break, quotes doubled. Text
 * that a spreadsheet would run as a formula is prefixed with ' so it shows as typed. Numbers and
 * booleans are written as they are: they are ours, never typed by a shopper.
 */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Kobo as naira with two decimals and no grouping: 2550000 → '25500.00'. */
export function csvNaira(kobo: number | null | undefined): string {
  if (kobo === null || kobo === undefined) return '';
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An instant as Lagos reads it, ISO 8601 with its offset: '2026-11-21T14:05:09+01:00' (Lagos keeps no DST). */
export function csvLagosTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return lagosIso(date);
}

/** Today's date in Lagos, for file names: '2026-11-21'. */
export function lagosToday(now = new Date()): string {
  return csvLagosTime(now).slice(0, 10);
}
