import { data, redirect, type AppLoadContext } from 'react-router';
import { isStaffRole, roleLabels } from '../../contracts/roles';
import type { Permission, StaffAccess } from '../../contracts/permissions';
import { adminTabPermissions, can, FORBIDDEN_MESSAGE, permissionsOf } from '../../core/accounts/permissions';
import type { CurrentUser } from '../../core/accounts/sessions';

/** The signed-in staff member and what their role may do, for an admin page and its components. */
export interface StaffContext {
  staff: CurrentUser;
  permissions: Permission[];
  /** For the page: the admin frame shows only the tabs and actions the role may use. */
  access: StaffAccess;
}

/**
 * Admin pages: a guest goes to sign in (and comes back after), a customer goes home, and a staff
 * member whose role lacks `permission` gets 403 (the admin area's other pages stay theirs). Staff
 * without a second factor, when the owner requires one, go to their profile to turn it on.
 */
export function requireStaff(
  context: AppLoadContext,
  request: Request,
  permission?: Permission,
): StaffContext {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!isStaffRole(user.role)) throw redirect('/');
  // The owner requires a second factor of staff: the profile opens where it is turned on.
  if (user.secondFactorMissing) throw redirect('/profile?setup=two-factor');
  if (permission && !can(user.role, permission)) throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  const permissions = permissionsOf(user.role);
  return {
    staff: user,
    permissions,
    access: {
      name: user.name,
      roleLabel: roleLabels[user.role],
      permissions,
      tabs: Object.entries(adminTabPermissions)
        .filter(([, needed]) => permissions.includes(needed))
        .map(([tab]) => tab),
    },
  };
}
