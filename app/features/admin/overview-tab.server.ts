import { listOrdersForAdmin } from '../../../core/orders/manage-orders';
import type { AdminLoadArgs } from './admin-tab.server';

/** The Overview tab: the latest orders. */
export async function loadOverviewTab({ context }: AdminLoadArgs) {
  const recent = await listOrdersForAdmin(context.services.db, { pageSize: 6 });
  return { recentOrders: recent.orders, totalOrders: recent.total };
}
