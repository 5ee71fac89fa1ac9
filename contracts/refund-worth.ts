/** The order's figures a line's worth is counted from. */
export interface RefundOrderFigures {
  subtotalKobo: number;
  discountKobo: number;
  taxKobo: number;
}

/**
 * What `units` units of a line are worth of the money the order took: their price, less their share
 * of the coupon's discount and plus their share of the tax, both in proportion to the line's part of
 * the subtotal, rounded down to the kobo.
 */
function unitsWorth(order: RefundOrderFigures, unitPriceKobo: number, units: number): number {
  if (order.subtotalKobo <= 0) return 0;
  const goods = order.subtotalKobo - order.discountKobo + order.taxKobo;
  return Math.floor((unitPriceKobo * units * goods) / order.subtotalKobo);
}

/**
 * What refunding `quantity` more units of a line gives back, counted after the units refunded
 * already, so a line refunded unit by unit gives back exactly what refunding it at once would. The
 * refund engine charges by it (core/payments/refunds.ts) and the admin's dialog shows it.
 */
export function lineRefundKobo(
  order: RefundOrderFigures,
  line: { unitPriceKobo: number; refundedQuantity: number },
  quantity: number,
): number {
  if (quantity <= 0) return 0;
  return (
    unitsWorth(order, line.unitPriceKobo, line.refundedQuantity + quantity) -
    unitsWorth(order, line.unitPriceKobo, line.refundedQuantity)
  );
}
