import type { AdminActionHandler } from './admin-tab.server';
import { announcementsActions } from './announcements-tab.server';
import { auditActions } from './audit-tab.server';
import { blogActions } from './blog-tab.server';
import { inventoryActions } from './inventory-tab.server';
import { couponsActions } from './coupons-tab.server';
import { messagesActions } from './messages-tab.server';
import { ordersActions } from './orders-tab.server';
import { outboxActions } from './outbox-tab.server';
import { paymentsActions } from './payments-tab.server';
import { productsActions } from './products-tab.server';
import { returnsActions } from './returns-tab.server';
import { settingsActions } from './settings-tab.server';
import { staffActions } from './staff-tab.server';
import { usersActions } from './users-tab.server';
import { vitalsActions } from './vitals-actions.server';

/**
 * Every action of the dashboard, by the form's `intent`; the names are unique across tabs. Each one's
 * permission is in the table of core/accounts/permissions.ts (`adminActionPermissions`), and a test
 * checks the two list the same intents.
 */
export const adminActions: Record<string, AdminActionHandler> = {
  ...ordersActions,
  ...returnsActions,
  ...paymentsActions,
  ...usersActions,
  ...staffActions,
  ...productsActions,
  ...inventoryActions,
  ...settingsActions,
  ...couponsActions,
  ...messagesActions,
  ...blogActions,
  ...announcementsActions,
  ...outboxActions,
  ...auditActions,
  ...vitalsActions,
};
