// Kept free of zod: the browser imports this for the filters.
import { formatWholeNaira, koboToNaira, nairaToKobo, wholeNaira } from './money';

/**
 * A price band of a list, chosen from the list's own prices (core/catalog/price-bands.ts): from
 * `fromKobo` (inclusive) to below `belowKobo`, open at an end that is null. Bands share their edges,
 * never a price: ₦50,000 exactly is in "₦50,000 – ₦100,000", not in "Under ₦50,000".
 */
export interface PriceBand {
  id: string;
  fromKobo: number | null;
  belowKobo: number | null;
  /** How many products of the list (its other filters applied, not its price) the band holds. */
  count: number;
}

const whole = (kobo: number) => String(wholeNaira(kobo));

/** A band's id in an address: `under-50000`, `50000-100000`, `over-250000` (whole naira). */
export function priceBandId(fromKobo: number | null, belowKobo: number | null): string {
  if (fromKobo === null && belowKobo === null) return '';
  if (fromKobo === null) return `under-${whole(belowKobo!)}`;
  if (belowKobo === null) return `over-${whole(fromKobo)}`;
  return `${whole(fromKobo)}-${whole(belowKobo)}`;
}

export function priceBandLabel(band: Pick<PriceBand, 'fromKobo' | 'belowKobo'>): string {
  if (band.fromKobo === null)
    return band.belowKobo === null ? 'Any price' : `Under ${formatWholeNaira(band.belowKobo)}`;
  if (band.belowKobo === null) return `${formatWholeNaira(band.fromKobo)} and over`;
  return `${formatWholeNaira(band.fromKobo)} – ${formatWholeNaira(band.belowKobo)}`;
}

/** A band's edges from its id in an address (priceBandId), null for anything else. */
export function readPriceBand(id: string): Pick<PriceBand, 'fromKobo' | 'belowKobo'> | null {
  const kobo = (naira: string) => nairaToKobo(Number(naira));
  const under = /^under-(\d{1,9})$/.exec(id);
  if (under) return Number(under[1]) > 0 ? { fromKobo: null, belowKobo: kobo(under[1]!) } : null;
  const over = /^over-(\d{1,9})$/.exec(id);
  if (over) return { fromKobo: kobo(over[1]!), belowKobo: null };
  const between = /^(\d{1,9})-(\d{1,9})$/.exec(id);
  if (between && Number(between[1]) < Number(between[2]))
    return { fromKobo: kobo(between[1]!), belowKobo: kobo(between[2]!) };
  return null;
}

/**
 * What a band's id means as the list's price filter, in naira (both bounds inclusive, as minPrice and
 * maxPrice are): below an edge is up to one kobo less. Null for anything else. An id of the fixed
 * bands the shop had before (`under-25000`, `25000-30000`, `over-40000`) still reads, by these rules.
 */
export function priceBandRange(id: string): { minPrice?: number; maxPrice?: number } | null {
  const band = readPriceBand(id);
  if (!band) return null;
  return {
    ...(band.fromKobo === null ? {} : { minPrice: koboToNaira(band.fromKobo) }),
    ...(band.belowKobo === null ? {} : { maxPrice: koboToNaira(band.belowKobo - 1) }),
  };
}
