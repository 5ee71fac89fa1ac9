import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Blog tab's data. */
export async function loadBlogTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const blogActions: Record<string, AdminActionHandler> = {};
