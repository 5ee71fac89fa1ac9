import type { DbOrTx } from '../../../db/client';
import { isAppError } from '../../../core/errors';
import type { OrderView } from '../../../core/orders/order-view';
import type { OrderViewer } from '../../../core/orders/read-orders';
import { receivedOrderStatuses } from '../../../core/returns/plan';
import { listOrderReturns, returnableLines, type ReturnView } from '../../../core/returns/views';
import type { ReturnWindow } from './return-summary';

/**
 * What the order page shows of returns: those asked, and whether another may be asked now (a
 * delivered order inside the window with something left to send back).
 */
export async function loadOrderReturns(
  db: DbOrTx,
  order: Pick<OrderView, 'number' | 'status'>,
  viewer: OrderViewer,
): Promise<{ returns: ReturnView[]; returnWindow: ReturnWindow | null }> {
  const [returns, returnable] = await Promise.all([
    listOrderReturns(db, order.number, viewer),
    receivedOrderStatuses.includes(order.status)
      ? returnableLines(db, order.number, viewer).catch(quietly)
      : null,
  ]);
  const endsAt =
    returnable?.windowOpen && returnable.lines.some((line) => line.returnable > 0)
      ? returnable.windowEndsAt
      : null;
  return { returns, returnWindow: endsAt ? { endsAt } : null };
}

/** The order page stands without its returns button when returns cannot be read just now. */
function quietly(error: unknown): null {
  if (isAppError(error) && (error.code === 'UNAVAILABLE' || error.code === 'CONFLICT')) return null;
  throw error;
}
