import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Messages tab's data. */
export async function loadMessagesTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const messagesActions: Record<string, AdminActionHandler> = {};
