import type { z } from 'zod';
import type { Permission } from '../../contracts/permissions';
import { actionPermissionTable, requirePermission, routePermissionTable } from '../accounts/permissions';
import type { Command, CommandContext } from '../command';
import { accountCommands } from '../accounts/commands';
import { catalogCommands } from '../catalog/commands';
import { contentCommands } from '../content/commands';
import { inventoryCommands } from '../inventory/commands';
import { orderCommands } from '../orders/commands';
import { paymentCommands } from '../payments/commands';
import { refundCommands } from '../refunds/commands';
import { returnCommands } from '../returns/commands';
import { settingsCommands } from '../settings/commands';
import { parseInput } from '../validation';
import { orderMoveCommands } from './order-moves';

/**
 * The table of commands (decision 0072): every command a person can run, by name, from each domain's
 * `commands.ts`. A REST route and a dashboard action that change the shop name the command they run
 * below, so its permission is checked in one place (`runCommand`) and the staff guard and the
 * dashboard read the same permission from it.
 */
export const commands = {
  ...inventoryCommands,
  ...accountCommands,
  ...orderCommands,
  ...contentCommands,
  ...refundCommands,
  ...returnCommands,
  ...settingsCommands,
  ...paymentCommands,
  ...orderMoveCommands,
  ...catalogCommands,
} satisfies Record<string, Command>;

export type CommandName = keyof typeof commands;
type CommandOf<Name extends CommandName> = (typeof commands)[Name];
export type CommandOutput<Name extends CommandName> =
  CommandOf<Name> extends Command<z.ZodType, infer Output> ? Output : never;

/** The staff REST routes (`METHOD /path`, Fastify's `:param` spelling) that run a command. */
export const commandRoutes = {
  'POST /api/admin/inventory/adjustments': 'inventory.adjust',
  'POST /api/admin/inventory/stocktakes/preview': 'inventory.stocktake.preview',
  'POST /api/admin/inventory/stocktakes': 'inventory.stocktake.apply',
  'POST /api/admin/inventory/transfers': 'inventory.transfer',
  'POST /api/admin/locations': 'locations.create',
  'PATCH /api/admin/locations/:id': 'locations.update',
  'POST /api/admin/staff': 'staff.grant',
  'PATCH /api/admin/staff/:userId': 'staff.role',
  'DELETE /api/admin/staff/:userId': 'staff.remove',
  'DELETE /api/admin/staff/:userId/two-factor': 'staff.two-factor.reset',
  'DELETE /api/admin/staff/invitations/:id': 'staff.invitation.revoke',
  'PATCH /api/users/:id/status': 'customers.status',
  'PATCH /api/users/:id/promote': 'customers.promote',
  'POST /api/admin/coupons': 'coupons.create',
  'PATCH /api/admin/coupons/:id': 'coupons.update',
  'PATCH /api/admin/messages/:id': 'messages.status',
  'PATCH /api/admin/settings': 'settings.save',
  'PUT /api/admin/settings': 'settings.save',
  'PATCH /api/admin/orders/:id/status': 'orders.move',
  'POST /api/admin/orders/:id/confirm-transfer': 'payments.transfer.confirm',
  'POST /api/admin/transactions/:id/verify': 'payments.verify',
  'POST /api/admin/products': 'products.create',
  'PATCH /api/admin/products/:id': 'products.update',
  'DELETE /api/admin/products/:id': 'products.remove',
  'POST /api/admin/products/import': 'products.import',
  'POST /api/admin/orders/:id/refunds': 'refunds.create',
  'POST /api/admin/refunds/:id/retry': 'refunds.retry',
  'POST /api/admin/refunds/:id/bank-account': 'refunds.bank-account',
  'POST /api/admin/returns/:id/approve': 'returns.approve',
  'POST /api/admin/returns/:id/decline': 'returns.decline',
  'POST /api/admin/returns/:id/receive': 'returns.receive',
  'POST /api/admin/returns/:id/close': 'returns.close',
  'POST /api/admin/returns/:id/refund': 'returns.refund',
  'POST /api/admin/returns/:id/exchange': 'returns.exchange',
} as const satisfies Record<string, CommandName>;

/** The dashboard's actions (a form's `intent`) that run a command. */
export const commandIntents = {
  'stocktake-preview': 'inventory.stocktake.preview',
  'stocktake-apply': 'inventory.stocktake.apply',
  transfer: 'inventory.transfer',
  'staff-add': 'staff.grant',
  'staff-role': 'staff.role',
  'staff-remove': 'staff.remove',
  'staff-reset-two-factor': 'staff.two-factor.reset',
  'staff-revoke-invitation': 'staff.invitation.revoke',
  'user-status': 'customers.status',
  'coupon-create': 'coupons.create',
  'coupon-update': 'coupons.update',
  'coupon-toggle': 'coupons.update',
  'message-status': 'messages.status',
  'blog-save': 'blog.update',
  'blog-publish': 'blog.publish',
  'blog-unpublish': 'blog.publish',
  'announcement-send': 'announcements.send',
  'settings-save': 'settings.save',
  'vitals-sample-rate': 'settings.save',
  ship: 'orders.move',
  deliver: 'orders.move',
  ready: 'orders.move',
  collect: 'orders.move',
  cancel: 'orders.cancel',
  'confirm-transfer': 'payments.transfer.confirm',
  verify: 'payments.verify',
  'product-save': 'products.update',
  'product-delete': 'products.remove',
  'product-restore': 'products.update',
  refund: 'refunds.create',
  'refund-owed': 'refunds.create',
  'retry-refund': 'refunds.retry',
  'refund-bank-account': 'refunds.bank-account',
  'return-approve': 'returns.approve',
  'return-decline': 'returns.decline',
  'return-receive': 'returns.receive',
  'return-close': 'returns.close',
  'return-refund': 'returns.refund',
  'return-exchange': 'returns.exchange',
} as const satisfies Record<string, CommandName>;

/**
 * Runs a command for a staff member: 403 unless their role holds its permission, then its input
 * parsed (400/422 naming each field), then the domain's function.
 */
export async function runCommand<Name extends CommandName>(
  name: Name,
  context: CommandContext,
  raw: unknown,
): Promise<CommandOutput<Name>> {
  const found = commands[name] as unknown as Command<z.ZodType, CommandOutput<Name>>;
  requirePermission(context.actor.role, found.permission);
  return found.run(context, parseInput(found.input, raw));
}

const permissionOf = <Table extends Record<string, CommandName>>(table: Table) =>
  Object.fromEntries(Object.entries(table).map(([key, name]) => [key, commands[name].permission])) as Record<
    string,
    Permission
  >;

/**
 * Every staff REST route and the permission it needs: a command's route needs its command's, the
 * others the accounts table's. The staff guard (server/plugins/session.ts) looks each request up
 * here; a route in neither answers 403 to everyone, and a test walks the routes so none is forgotten.
 */
export const staffRoutePermissions: Record<string, Permission> = {
  ...routePermissionTable,
  ...permissionOf(commandRoutes),
};

/** Every action of the dashboard, by its form's `intent`, and the permission it needs (the same way). */
export const adminActionPermissions: Record<string, Permission> = {
  ...actionPermissionTable,
  ...permissionOf(commandIntents),
};

/** The permission a staff REST route needs, or undefined when it is in no table (refused). */
export function routePermission(method: string, url: string): Permission | undefined {
  const key = `${method.toUpperCase()} ${url}`;
  return Object.hasOwn(staffRoutePermissions, key) ? staffRoutePermissions[key] : undefined;
}

/** The permission an action needs, or undefined when the intent is unknown (refused). */
export function actionPermission(intent: string): Permission | undefined {
  return Object.hasOwn(adminActionPermissions, intent) ? adminActionPermissions[intent] : undefined;
}
