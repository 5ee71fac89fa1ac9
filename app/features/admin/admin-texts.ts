import type { FieldErrors } from '../../../core/errors';

/** The admin dashboard's tabs, in order. Only built tabs are shown: a tab still to come is not a dead link. */
export const adminTabs = [
  { id: 'overview', label: 'Overview', ready: true },
  { id: 'users', label: 'User Management', ready: true },
  { id: 'staff', label: 'Staff', ready: true },
  { id: 'products', label: 'All Products', ready: true },
  { id: 'inventory', label: 'Inventory', ready: true },
  { id: 'orders', label: 'Orders', ready: true },
  { id: 'returns', label: 'Returns', ready: true },
  { id: 'payments', label: 'Payments', ready: true },
  { id: 'settings', label: 'Settings', ready: true },
  { id: 'coupons', label: 'Coupons', ready: true },
  { id: 'messages', label: 'Messages', ready: true },
  { id: 'blog', label: 'Blog', ready: true },
  { id: 'announcements', label: 'Announcements', ready: true },
  { id: 'outbox', label: 'Outbox', ready: true },
  { id: 'audit', label: 'Activity Log', ready: true },
] as const;

export type AdminTabId = (typeof adminTabs)[number]['id'];
export type ReadyAdminTabId = Extract<(typeof adminTabs)[number], { ready: true }>['id'];

export function readyAdminTab(value: string | null): ReadyAdminTabId {
  const tab = adminTabs.find((candidate) => candidate.id === value && candidate.ready);
  return tab?.id ?? 'overview';
}

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const adminMessages = {
  noTransactions: 'No transactions found.',
  transactionsFailed: 'Failed to fetch transactions. Please try again.',
  noOrders: 'No orders found.',
} as const;

/** What every admin action answers: a message to show, or what went wrong (and which field). */
export type AdminActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent?: string; error: string; fields: FieldErrors };

/** Transactions show Successful, Failed, or otherwise Pending (SPEC.md section 4). */
export function transactionStatusLabel(
  status: string,
): 'Successful' | 'Failed' | 'Pending' | 'Needs review' | 'Refund due' {
  if (status === 'successful') return 'Successful';
  if (status === 'failed') return 'Failed';
  // Money arrived short or after its transfer account closed: the shop decides.
  if (status === 'review') return 'Needs review';
  // Money the order could not take (paid already, or cancelled): the shop owes it back.
  if (status === 'refund_due') return 'Refund due';
  return 'Pending';
}
