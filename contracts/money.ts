import { formatHundredths, formatWholeUnits } from './figures';

/** ₦1,234.50 from 123450 kobo, ₦65,000 from 6500000. Money is integer kobo everywhere; this is the edge. */
export function formatNaira(kobo: number): string {
  // Nigerian shops write ₦65,000: kobo are shown only where there are some (₦4,534.88).
  return Math.round(kobo) % 100 === 0
    ? formatWholeUnits('₦', Math.round(kobo) / 100)
    : formatHundredths('₦', kobo);
}

/** ₦15,000 from 1500000 kobo: a round figure in a sentence ("free delivery over ₦15,000"). */
export function formatWholeNaira(kobo: number): string {
  return formatWholeUnits('₦', kobo / 100);
}

/** Naira as the REST API speaks it: a number with at most two decimals. */
export function koboToNaira(kobo: number): number {
  return Math.round(kobo) / 100;
}

export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** round((originalPrice - price) / originalPrice * 100), shown only above 0. */
export function discountPercent(priceKobo: number, originalPriceKobo: number | null | undefined): number {
  if (!originalPriceKobo || originalPriceKobo <= priceKobo) return 0;
  return Math.round(((originalPriceKobo - priceKobo) / originalPriceKobo) * 100);
}
