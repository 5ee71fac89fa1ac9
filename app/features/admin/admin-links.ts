export interface OrdersFilterState {
  q: string;
  status: string;
  page: number;
}

/** The Orders tab's address with its filters, and optionally one order opened. */
export function ordersHref(filter: Partial<OrdersFilterState>, order?: string): string {
  const params = new URLSearchParams({ tab: 'orders' });
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  if (order) params.set('order', order);
  return `/admin?${params.toString()}`;
}

export interface ReturnsFilterState {
  q: string;
  status: string;
}

/** The Returns tab's address with its filters, and optionally one return opened. */
export function returnsHref(filter: Partial<ReturnsFilterState>, number?: string): string {
  const params = new URLSearchParams({ tab: 'returns' });
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (number) params.set('return', number);
  return `/admin?${params.toString()}`;
}
