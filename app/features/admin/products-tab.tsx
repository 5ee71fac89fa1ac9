import type { loadProductsTab } from './products-tab.server';

export function ProductsTab(_props: { data: Awaited<ReturnType<typeof loadProductsTab>> }) {
  return null;
}
