import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Announcements tab's data. */
export async function loadAnnouncementsTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const announcementsActions: Record<string, AdminActionHandler> = {};
