import { goodsPaidKobo } from './tax';

/** The order's figures a line's worth is counted from. */
export interface RefundOrderFigures {
  subtotalKobo: number;
  discountKobo: number;
  taxKobo: number;
  /** The tax was inside the prices: the goods' money is the subtotal less the discount, tax and all. */
  taxIncluded: boolean;
}

/** A line as its worth is counted: its price, and its share of the discount when the order kept one. */
export interface RefundLineFigures {
  unitPriceKobo: number;
  refundedQuantity: number;
  /** Units on the line: with `discountKobo`, what its share is spread over. */
  quantity?: number;
  /**
   * The line's share of the order's discount, as checkout split it over the lines the coupon applied
   * to (decision 0064); null or absent for lines placed before shares were kept.
   */
  discountKobo?: number | null;
}

/**
 * What `units` units of a line are worth of the money the order took: their price, less their share
 * of the coupon's discount and plus their share of the tax, rounded down to the kobo. The discount's
 * share is the line's own when it kept one (a coupon for some lines only takes nothing off the
 * others), else the line's part of the subtotal; the tax's is the units' part of the goods after
 * the discount.
 */
function unitsWorth(order: RefundOrderFigures, line: RefundLineFigures, units: number): number {
  if (order.subtotalKobo <= 0) return 0;
  const goods = goodsPaidKobo(order);
  const share = line.discountKobo;
  const quantity = line.quantity ?? 0;
  if (share === null || share === undefined || quantity <= 0)
    return Math.floor((line.unitPriceKobo * units * goods) / order.subtotalKobo);
  const afterDiscount = order.subtotalKobo - order.discountKobo;
  if (afterDiscount <= 0) return 0;
  const net = line.unitPriceKobo * units - Math.floor((share * units) / quantity);
  return Math.floor((net * goods) / afterDiscount);
}

/**
 * What refunding `quantity` more units of a line gives back, counted after the units refunded
 * already, so a line refunded unit by unit gives back exactly what refunding it at once would. The
 * refund engine charges by it (core/refunds/plan.ts) and the admin's dialog shows it.
 */
export function lineRefundKobo(order: RefundOrderFigures, line: RefundLineFigures, quantity: number): number {
  if (quantity <= 0) return 0;
  return (
    unitsWorth(order, line, line.refundedQuantity + quantity) - unitsWorth(order, line, line.refundedQuantity)
  );
}
