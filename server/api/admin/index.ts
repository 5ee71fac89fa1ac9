import type { FastifyInstance } from 'fastify';
import { requireStaff } from '../../plugins/session';
import { adminAuditRoutes } from './audit';
import { adminCouponRoutes } from './coupons';
import { adminExportRoutes } from './exports';
import { adminInventoryRoutes } from './inventory';
import { adminMessageRoutes } from './messages';
import { adminOrderRoutes } from './orders';
import { adminOutboxRoutes } from './outbox';
import { adminOverviewRoutes } from './overview';
import { adminPaymentRoutes } from './payments';
import { adminProductImportRoutes } from './product-import';
import { adminProductRoutes } from './products';
import { adminRefundRoutes } from './refunds';
import { adminReportRoutes } from './reports';
import { adminReturnRoutes } from './returns';
import { adminSettingsRoutes } from './settings';
import { adminStaffRoutes } from './staff';
import { adminVitalsRoutes } from './vitals';
import { adminAnswers, declareAnswers } from '../schemas';

/**
 * Every /api/admin route. The staff guard checks the permission table once, here, for every route of every plugin
 * registered below: a new admin route cannot forget it.
 */
export async function adminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireStaff());
  declareAnswers(app, adminAnswers);
  await app.register(adminOverviewRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminProductImportRoutes);
  await app.register(adminInventoryRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminRefundRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminVitalsRoutes);
  await app.register(adminReturnRoutes);
  await app.register(adminCouponRoutes);
  await app.register(adminMessageRoutes);
  await app.register(adminOutboxRoutes);
  await app.register(adminExportRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminStaffRoutes);
}
