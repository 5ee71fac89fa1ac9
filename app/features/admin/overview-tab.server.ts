import { shopOverview } from '../../../core/reports/overview';
import { listOrdersForAdmin } from '../../../core/orders/manage-orders';
import type { AdminLoadArgs } from './admin-tab.server';

/** The Overview tab: revenue, orders by status, new customers, low stock, and the latest orders. */
export async function loadOverviewTab({ context }: AdminLoadArgs) {
  const [figures, recent] = await Promise.all([
    shopOverview(context.services.db),
    listOrdersForAdmin(context.services.db, { pageSize: 6 }),
  ]);
  return { figures, recentOrders: recent.orders, totalOrders: recent.total };
}

export type OverviewTabData = Awaited<ReturnType<typeof loadOverviewTab>>;
