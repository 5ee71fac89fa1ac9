import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Coupons tab's data. */
export async function loadCouponsTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const couponsActions: Record<string, AdminActionHandler> = {};
