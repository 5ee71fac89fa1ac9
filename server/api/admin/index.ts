import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from './audit';
import { adminCouponRoutes } from './coupons';
import { adminExportRoutes } from './exports';
import { adminMessageRoutes } from './messages';
import { adminOrderRoutes } from './orders';
import { adminOutboxRoutes } from './outbox';
import { adminOverviewRoutes } from './overview';
import { adminPaymentRoutes } from './payments';
import { adminProductRoutes } from './products';
import { adminReportRoutes } from './reports';
import { adminSettingsRoutes } from './settings';

/** Every /api/admin route; each plugin checks the Admin role on the server for each of its routes. */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(adminOverviewRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminCouponRoutes);
  await app.register(adminMessageRoutes);
  await app.register(adminOutboxRoutes);
  await app.register(adminExportRoutes);
  await app.register(adminAuditRoutes);
}
