import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Settings tab's data. */
export async function loadSettingsTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const settingsActions: Record<string, AdminActionHandler> = {};
