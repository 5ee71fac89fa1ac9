import { redirect } from 'react-router';
import type { Route } from './+types/products-redirect';

/** Some links use /products/{id}; the product page lives at /product/{id}. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/product/${encodeURIComponent(params.id)}`, 301);
}
