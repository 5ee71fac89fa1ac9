import { quoteCart } from '../../core/orders/quote';
import { formFailure } from '../lib/action-result.server';
import type { Route } from './+types/cart-quote';

/** Prices the shopper's cart on the server for the cart and checkout pages. */
export async function action({ request, context }: Route.ActionArgs) {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    body = {};
  }
  try {
    return {
      ok: true as const,
      quote: await quoteCart(context.services.db, body, { userId: context.user?.id }),
    };
  } catch (error) {
    return formFailure(error, 'Your cart could not be priced. Please try again.');
  }
}
