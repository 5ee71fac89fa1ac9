/**
 * What a staff member may do in the admin area, one name per capability. Which role holds which is
 * the permission table in core/accounts/permissions.ts; the pages receive the signed-in staff
 * member's list and show only what it holds.
 */
export const permissions = [
  /** The Overview tab: takings, counts and recent orders. */
  'overview.read',
  /** Products: add, edit, delete, import, pictures, stock alerts. */
  'catalog.manage',
  /** Orders: the list and each order with its timeline and address. */
  'orders.read',
  /** Moving an order to the door: ship, deliver, ready for pickup, picked up. */
  'orders.fulfil',
  /** Cancelling an order. */
  'orders.cancel',
  /** Payments: transactions, verifying a payment, confirming a transfer. */
  'payments.manage',
  /** Giving money back: refunds, retries, an overpaid transfer's difference, refunding a return. */
  'refunds.manage',
  /** Returns: the list and each request. */
  'returns.read',
  /** Answering a return request: approve, decline, receive, close. */
  'returns.manage',
  /** Sending another size or colour for a returned piece. */
  'returns.exchange',
  /** Customers: the Users list and each account. */
  'customers.read',
  /** Deactivating and reactivating a customer's account. */
  'customers.manage',
  /** Staff: giving, changing and taking away roles; invitations. */
  'staff.manage',
  /** Settings: the shop's details, delivery, payments, taxes, the second factor's rule. */
  'settings.manage',
  'coupons.manage',
  /** The blog and announcements. */
  'content.manage',
  /** Contact messages and the help chat. */
  'messages.manage',
  /** Reports. */
  'reports.read',
  /** CSV exports of orders, products, customers, transactions and refunds. */
  'exports.download',
  /** The outbox: every e-mail the shop sent. */
  'outbox.read',
  /** The activity log: who did what. */
  'audit.read',
] as const;

export type Permission = (typeof permissions)[number];

/** What an admin page knows of the signed-in staff member: enough to show only what they may do. */
export interface StaffAccess {
  name: string;
  roleLabel: string;
  permissions: Permission[];
  /** The dashboard's tabs (`/admin?tab=…`) their role opens, in the nav's order. */
  tabs: string[];
}
