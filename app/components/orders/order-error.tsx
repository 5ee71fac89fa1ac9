import { isRouteErrorResponse, useRouteError } from 'react-router';
import { checkoutMessages } from '../../../contracts/checkout-texts';
import { ButtonLink } from '../ui/button';

/** An order's page that could not be shown: not found (or not hers), or failed; the ways on. */
export function OrderErrorPage({ failedTitle }: { failedTitle: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <h1 className="text-display-md">{notFound ? 'Order Not Found' : failedTitle}</h1>
      <p className="mt-3 max-w-md text-muted">
        {notFound ? checkoutMessages.orderNotFound : 'Please try again in a moment.'}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/orders">Back to Orders</ButtonLink>
        <ButtonLink to="/track-order" variant="outline">
          Track Your Order
        </ButtonLink>
      </div>
    </section>
  );
}
