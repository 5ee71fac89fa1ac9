import { isAppError } from '../../../core/errors';
import type { OrderView } from '../../../core/orders/order-view';
import type { OrderViewer } from '../../../core/orders/read-orders';
import type { PaymentDeps } from '../../../core/payments/payments';
import {
  openTransferAccount,
  paysIntoOwnAccount,
  type TransferAccountView,
} from '../../../core/payments/transfer-accounts';

/**
 * The order's own transfer account for its page, opened on the server so its number is in the
 * first HTML. Null when the order pays otherwise, can no longer be paid, or the provider could not
 * open one just now (the page then shows the shop's own account and the order number as reference).
 */
export async function loadTransferAccount(
  payments: PaymentDeps,
  order: OrderView,
  viewer: OrderViewer,
): Promise<TransferAccountView | null> {
  if (!paysIntoOwnAccount(order) || order.status === 'cancelled') return null;
  try {
    return await openTransferAccount(payments, order.number, viewer);
  } catch (error) {
    if (isAppError(error) && (error.code === 'UNAVAILABLE' || error.code === 'CONFLICT')) return null;
    throw error;
  }
}
