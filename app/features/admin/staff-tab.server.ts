import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Staff tab (owners): who holds which role, and the invitations waiting. */
export async function loadStaffTab({ admin }: AdminLoadArgs) {
  return { selfId: admin.id };
}

/** Giving, changing and taking away roles, and withdrawing an invitation. */
export const staffActions: Record<string, AdminActionHandler> = {};
