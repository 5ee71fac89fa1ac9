import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Users tab's data. */
export async function loadUsersTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const usersActions: Record<string, AdminActionHandler> = {};
