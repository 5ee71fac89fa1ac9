import { stringify, type Options } from 'csv-stringify/sync';
import { lagosIso } from '../../contracts/lagos-time';
import { nairaDigits } from '../../contracts/money';

/** Excel reads a UTF-8 file as UTF-8 (₦, accents) only when it starts with this byte-order mark. */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * RFC 4180 by csv-stringify (decision 0070): a field is quoted when it holds a comma, a quote or a
 * line break (a lone CR too), quotes doubled, records ended with CRLF. `escape_formulas` is the
 * formula guard: text a spreadsheet would run as a formula (=, +, -, @, tab, CR and their
 * full-width twins: OWASP's CSV-injection list) is prefixed with ' so it shows as typed; numbers
 * are ours, never typed by a shopper, so -5 stays a number. Booleans are written yes / no.
 */
const FIELD_OPTIONS = {
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  escape_formulas: true,
  eof: false,
  cast: {
    boolean: (value: boolean) => (value ? 'yes' : 'no'),
    number: (value: number) => (Number.isFinite(value) ? String(value) : ''),
  },
} satisfies Options;
const LINE_OPTIONS = { ...FIELD_OPTIONS, eof: true } satisfies Options;

/** One field, quoted and guarded as a record's fields are. */
export function csvField(value: CsvValue): string {
  return stringify([[value]], FIELD_OPTIONS);
}

/** One record, ended with CRLF as RFC 4180 asks. */
export function csvLine(values: readonly CsvValue[]): string {
  return stringify([[...values]], LINE_OPTIONS);
}

/** Kobo as naira with two decimals and no grouping: 2550000 → '25500.00'. */
export function csvNaira(kobo: number | null | undefined): string {
  return kobo === null || kobo === undefined ? '' : nairaDigits(kobo);
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
