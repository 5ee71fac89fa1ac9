import type { AdminActionHandler, AdminLoadArgs } from './admin-tab.server';

/** The Products tab's data. */
export async function loadProductsTab(_args: AdminLoadArgs) {
  return await Promise.resolve({ ready: false as const });
}

export const productsActions: Record<string, AdminActionHandler> = {};
