import type { loadCouponsTab } from './coupons-tab.server';

export function CouponsTab(_props: { data: Awaited<ReturnType<typeof loadCouponsTab>> }) {
  return null;
}
