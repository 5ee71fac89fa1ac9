import { isStaffRole, type Role, type StaffRole } from '../../contracts/accounts';
import { permissions, type Permission } from '../../contracts/permissions';
import { AppError } from '../errors';

/**
 * The permission table: what each staff role may do. Everything the admin area offers (every REST
 * route under the admin's guard, every tab, every action of a tab, every admin page) names one
 * permission in the tables below, and a staff member reaches it only when their role holds it.
 * Something with no entry refuses everyone: a new route or action is closed until it is placed here.
 */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  // Everything, and whatever permission is added later.
  owner: permissions,
  manager: [
    'overview.read',
    'catalog.manage',
    'orders.read',
    'orders.fulfil',
    'orders.cancel',
    'payments.manage',
    'refunds.manage',
    'returns.read',
    'returns.manage',
    'returns.exchange',
    'customers.read',
    'customers.manage',
    'coupons.manage',
    'content.manage',
    'messages.manage',
    'reports.read',
    'exports.download',
  ],
  dispatch: ['orders.read', 'orders.fulfil'],
  support: ['orders.read', 'returns.read', 'returns.manage', 'customers.read', 'messages.manage'],
};

/** Whether a role holds a permission; a customer (or anyone not staff) holds none. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && rolePermissions[role].includes(permission);
}

/** Every permission a role holds, for the pages to show only what it may do. */
export function permissionsOf(role: Role | null | undefined): Permission[] {
  return isStaffRole(role) ? [...rolePermissions[role]] : [];
}

export const FORBIDDEN_MESSAGE = 'You do not have permission to access this page.';
export const NOT_YOURS_MESSAGE = 'Your role does not allow this. Ask the shop owner.';

/** Throws 403 unless the role holds the permission (the admin's own checks inside core use this). */
export function requirePermission(role: Role | null | undefined, permission: Permission): void {
  if (!can(role, permission)) throw new AppError('FORBIDDEN', NOT_YOURS_MESSAGE);
}

/**
 * The staff REST routes that do not run a command (core/commands), as `METHOD /path` with Fastify's
 * `:param` spelling, and the permission each needs; core/commands adds the commands' routes to make the
 * table the staff guard reads. A route in neither answers 403 to everyone.
 */
export const routePermissionTable: Record<string, Permission> = {
  'GET /api/admin/overview': 'overview.read',

  'GET /api/admin/products': 'catalog.manage',
  'POST /api/admin/products/images': 'catalog.manage',
  'GET /api/admin/inventory/movements': 'catalog.manage',
  'GET /api/admin/locations': 'catalog.manage',
  'GET /api/admin/stock-alerts': 'catalog.manage',

  'GET /api/admin/orders': 'orders.read',
  // Shipping, delivering and pickup need orders.fulfil; cancelling also needs orders.cancel, and
  // cancelling with the money back refunds.manage (checked in core/orders/manage-orders.ts).

  'GET /api/admin/transactions': 'payments.manage',

  'GET /api/admin/orders/:id/refunds': 'refunds.manage',
  'GET /api/admin/refunds': 'refunds.manage',
  'GET /api/admin/refunds/:id/banks': 'refunds.manage',

  'GET /api/admin/returns': 'returns.read',
  'GET /api/admin/returns/:id': 'returns.read',

  'GET /api/users': 'customers.read',

  'GET /api/admin/staff': 'staff.manage',

  'GET /api/admin/settings': 'settings.manage',

  'GET /api/admin/coupons': 'coupons.manage',
  'GET /api/admin/coupons/:id': 'coupons.manage',

  'GET /api/admin/messages': 'messages.manage',
  'GET /api/admin/messages/:id': 'messages.manage',

  'GET /api/admin/reports': 'reports.read',
  'GET /api/admin/reports/vitals': 'reports.read',

  'GET /api/admin/export/orders.csv': 'exports.download',
  'GET /api/admin/export/products.csv': 'exports.download',
  'GET /api/admin/export/users.csv': 'exports.download',
  'GET /api/admin/export/transactions.csv': 'exports.download',
  'GET /api/admin/export/refunds.csv': 'exports.download',

  'GET /api/admin/outbox': 'outbox.read',
  'GET /api/admin/outbox/:id': 'outbox.read',

  'GET /api/admin/audit': 'audit.read',
};

/** The admin dashboard's tabs (`/admin?tab=…`) and the permission each needs to be shown. */
export const adminTabPermissions = {
  overview: 'overview.read',
  users: 'customers.read',
  staff: 'staff.manage',
  products: 'catalog.manage',
  inventory: 'catalog.manage',
  orders: 'orders.read',
  returns: 'returns.read',
  payments: 'payments.manage',
  settings: 'settings.manage',
  coupons: 'coupons.manage',
  messages: 'messages.manage',
  blog: 'content.manage',
  announcements: 'content.manage',
  outbox: 'outbox.read',
  audit: 'audit.read',
} as const satisfies Record<string, Permission>;

export type AdminTabId = keyof typeof adminTabPermissions;

/** The admin pages beside the dashboard, by their path. */
export const adminPagePermissions = {
  '/admin/products/new': 'catalog.manage',
  '/admin/products/import': 'catalog.manage',
  '/admin/products/:id': 'catalog.manage',
  '/admin/users': 'customers.read',
  '/admin/reports': 'reports.read',
} as const satisfies Record<string, Permission>;

/**
 * The dashboard's actions (a form's `intent`) that do not run a command, and the permission each needs;
 * core/commands adds the commands' intents. An intent in neither is refused (403) whatever the role.
 */
export const actionPermissionTable: Record<string, Permission> = {};

/** The first tab a role may open: where /admin lands it (the Overview for those who hold it). */
export function landingTab(role: Role | null | undefined): AdminTabId | null {
  for (const [tab, permission] of Object.entries(adminTabPermissions))
    if (can(role, permission)) return tab as AdminTabId;
  return null;
}
