import type { DbOrTx } from '../../db/client';
import { resolveReportRange } from './range';
import { usersReport, type UsersReport } from './users';
import { salesReport, type SalesReport } from './sales';
import { inventoryReport, type InventoryReport } from './inventory';
import { ordersReport, type OrdersReport } from './orders';
import { trafficReport, type TrafficReport } from './traffic';
import { feedbackReport, type FeedbackReport } from './feedback';
import { adminActionsReport, type AdminActionsReport } from './admin-actions';
import { marketingReport, type MarketingReport } from './marketing';
import { stockValueReport, type StockValueReport } from './stock-value';

/** Every report card at once, for the Reports page and GET /api/admin/reports. */
export interface ShopReport {
  range: { from: string; to: string; days: number };
  generatedAt: string;
  users: UsersReport;
  sales: SalesReport;
  inventory: InventoryReport;
  /** Units on hand at every location, at cost and at their price, now. */
  stockValue: StockValueReport;
  orders: OrdersReport;
  traffic: TrafficReport;
  feedback: FeedbackReport;
  admin: AdminActionsReport;
  marketing: MarketingReport;
}

/** Every report card for a range of Lagos days (see resolveReportRange for the input). */
export async function buildShopReport(db: DbOrTx, rawRange: unknown, now = new Date()): Promise<ShopReport> {
  const range = resolveReportRange(rawRange, now);
  const [usersPart, sales, inventory, stockValue, ordersPart, traffic, feedback, admin, marketing] =
    await Promise.all([
      usersReport(db, range),
      salesReport(db, range),
      inventoryReport(db),
      stockValueReport(db),
      ordersReport(db, range),
      trafficReport(db, range),
      feedbackReport(db, range),
      adminActionsReport(db, range),
      marketingReport(db, range),
    ]);
  return {
    range: { from: range.from, to: range.to, days: range.days },
    generatedAt: now.toISOString(),
    users: usersPart,
    sales,
    inventory,
    stockValue,
    orders: ordersPart,
    traffic,
    feedback,
    admin,
    marketing,
  };
}
