import { z } from 'zod';
import { koboToNaira } from './money';

/**
 * The largest value a PostgreSQL integer (int4) column holds. Every row id, count and kobo amount
 * the shop stores is one: a number past it must be refused with a 400 before it reaches a query.
 */
export const MAX_DB_INTEGER = 2_147_483_647;

/**
 * The dearest price a product may have, ₦20,000,000 (its kobo fits an int4 column with room to
 * spare). Price filters and the shop's other per-item amounts (a shipping charge) are bounded by it.
 */
export const MAX_PRICE_NAIRA = 20_000_000;

/** The most one payment can be for: an order's total in kobo is an int4 column too. */
export const MAX_AMOUNT_NAIRA = koboToNaira(MAX_DB_INTEGER);

/** A row id as a client sends it: a whole number from 1 to MAX_DB_INTEGER (a path's or a query's text is read as one). */
export const recordIdSchema = z.coerce
  .number()
  .int('Must be a whole number')
  .min(1, 'Must be 1 or more')
  .max(MAX_DB_INTEGER, `Must be at most ${MAX_DB_INTEGER}`);

/** Years a person means and the database holds (PostgreSQL has no year 0): 1000 to 2999. */
const SENSIBLE_YEAR = /^[12]\d{3}-/;

/** A calendar day, yyyy-mm-dd, of a year from 1000 to 2999. */
export function daySchema(message: string) {
  return z.iso.date({ error: message }).regex(SENSIBLE_YEAR, message);
}

/** A moment in ISO 8601 with its offset, in a year from 1000 to 2999. */
export function instantSchema(message: string) {
  return z.iso.datetime({ offset: true, error: message }).regex(SENSIBLE_YEAR, message);
}
