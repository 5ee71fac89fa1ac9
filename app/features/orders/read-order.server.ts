import { redirect, type AppLoadContext } from 'react-router';
import { isAppError } from '../../../core/errors';
import type { OrderView } from '../../../core/orders/order-view';
import { getOrderForViewer, type OrderViewer } from '../../../core/orders/read-orders';

/**
 * An order for its page, read under the one rule of who reads it and as whom (core/orders/read-orders.ts
 * orderReaderOf): its shopper's view with her pickup code, or the staff's without it. Staff kept out
 * of the admin area for want of the second factor the owner requires are kept out of others' orders
 * too, and sent where the admin's pages send them: to their profile, to turn it on.
 */
export async function readOrderForPage(
  context: AppLoadContext,
  number: string,
  viewer: OrderViewer,
): Promise<OrderView> {
  try {
    return await getOrderForViewer(context.services.orders, number, viewer);
  } catch (error) {
    if (isAppError(error) && error.code === 'FORBIDDEN') throw redirect('/profile?setup=two-factor');
    throw error;
  }
}
