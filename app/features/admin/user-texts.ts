/** The User Management tab's words: SPEC.md's messages, and what each action says when it worked. */
export const USERS_PAGE_SIZE = 5;

export const userMessages = {
  noUsers: 'No users found.',
  promoteFailed: 'Failed to promote user',
  statusFailed: 'Failed to update user status',
  promoted: (name: string) => `${name} is now an Admin.`,
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
