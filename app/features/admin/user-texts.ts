import { roleLabels, staffRoles, type Role, type StaffRole } from '../../../contracts/roles';

/** The User Management tab's words: SPEC.md's messages, and what each action says when it worked. */
export const USERS_PAGE_SIZE = 5;

export const userMessages = {
  noUsers: 'No users found.',
  statusFailed: 'Failed to update user status',
  activated: (name: string) => `${name} has been activated and can sign in again.`,
  deactivated: (name: string) => `${name} has been deactivated and signed out everywhere.`,
} as const;

/** The Users tab's address with its search and page. */
export function usersHref(filter: { q?: string; page?: number }): string {
  const params = new URLSearchParams({ tab: 'users' });
  if (filter.q) params.set('q', filter.q);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  return `/admin?${params.toString()}`;
}

/** "a Dispatch", "an Owner": a role as a sentence says it. */
export const roleWithArticle = (role: Role) =>
  `${/^[AEIOU]/.test(roleLabels[role]) ? 'an' : 'a'} ${roleLabels[role]}`;

/** What each staff role may do, in one line, beside the role picker (the permission table decides). */
export const roleDescriptions: Record<StaffRole, string> = {
  owner: 'Everything, and alone manages staff, settings, the outbox and the activity log.',
  manager: 'Runs the shop day to day: products, orders, refunds, returns, customers, coupons and content.',
  dispatch: 'Sees orders and ships them; cannot cancel, refund or change the shop.',
  support: 'Answers customers: reads orders and customers, handles returns and messages.',
};

export const staffRoleOptions = staffRoles.map((role) => ({ role, label: roleLabels[role] }));

/** The Staff tab's words: what each action says when it worked, and the heading of each refusal. */
export const staffTexts = {
  noStaff: 'No staff yet.',
  noInvitations: 'No invitations waiting.',
  addFailed: 'Failed to add staff',
  roleFailed: 'Failed to change the role',
  removeFailed: 'Failed to remove from the staff',
  twoFactorResetFailed: 'Failed to turn off two-step sign-in',
  withdrawFailed: 'Failed to withdraw the invitation',
  invited: (email: string, role: StaffRole) =>
    `Invitation sent to ${email} to join as ${roleWithArticle(role)}. The link works for 48 hours.`,
  granted: (name: string, role: Role) => `${name} is now ${roleWithArticle(role)}. We e-mailed them.`,
  unchanged: (name: string, role: Role) => `${name} is already ${roleWithArticle(role)}.`,
  roleChanged: (name: string, role: Role) => `${name} is now ${roleWithArticle(role)}.`,
  removed: (name: string) => `${name} is no longer on the staff; their customer account stays.`,
  twoFactorReset: (name: string) =>
    `Two-step sign-in is off for ${name}; they were signed out and turn it on again when they next sign in.`,
  withdrawn: (email: string) =>
    email ? `The invitation to ${email} was withdrawn.` : 'The invitation was withdrawn.',
} as const;
