/* Roles and what they are called: browser-safe (no schema library), read by the shop's header on every page. */

/**
 * Staff roles, highest first: the owner does everything (and alone manages staff and settings); a
 * manager runs the shop's trade; dispatch moves orders to the door; support answers shoppers. What
 * each may do is the permission table in core/accounts/permissions.ts.
 */
export const staffRoles = ['owner', 'manager', 'dispatch', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const roles = ['customer', ...staffRoles] as const;
export type Role = (typeof roles)[number];

/** Whether a role opens the admin area at all (what it may do there is the permission table's). */
export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  staffRoles.includes(role as StaffRole);

export const roleLabels: Record<Role, string> = {
  customer: 'Customer',
  owner: 'Owner',
  manager: 'Manager',
  dispatch: 'Dispatch',
  support: 'Support',
};
