import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Audit tab's data. */
export async function loadAuditTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const auditActions: Record<string, AdminActionHandler> = {};
