import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Outbox tab's data. */
export async function loadOutboxTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const outboxActions: Record<string, AdminActionHandler> = {};
