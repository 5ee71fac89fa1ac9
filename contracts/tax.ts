// Kept free of zod: the browser imports these.
import { percentOf, percentWithin } from './money';

/** The figures an order's tax is read from. */
export interface TaxFigures {
  subtotalKobo: number;
  discountKobo: number;
  taxKobo: number;
  /** The tax was inside the prices (VAT included); false when it was added on top. */
  taxIncluded: boolean;
}

/**
 * The tax in `goodsKobo` of goods at `ratePercent`, rounded to the kobo. Included, it is the part of
 * the price that is tax (₦65,000 at 7.5 % holds ₦4,534.88); added on top, it is the rate of the goods.
 */
export function taxOfGoods(goodsKobo: number, ratePercent: number, included: boolean): number {
  if (goodsKobo <= 0 || ratePercent <= 0) return 0;
  return included ? percentWithin(goodsKobo, ratePercent) : percentOf(goodsKobo, ratePercent);
}

/**
 * What the shopper pays for the goods, tax and all, before delivery: with the tax inside the prices
 * the goods less the discount, else those plus the tax added on top.
 */
export function goodsPaidKobo(order: TaxFigures): number {
  const goods = order.subtotalKobo - order.discountKobo;
  return order.taxIncluded ? goods : goods + order.taxKobo;
}

/**
 * The tax's line on a cart, an order, an e-mail or a receipt: "incl. VAT (7.5%)" when it is inside
 * the total, "Tax (10%)" when it was added to it (and on every order placed before the difference
 * was kept).
 */
export const taxLineLabel = (figures: { taxIncluded: boolean; taxRatePercent: number }): string =>
  figures.taxIncluded ? `incl. VAT (${figures.taxRatePercent}%)` : `Tax (${figures.taxRatePercent}%)`;
