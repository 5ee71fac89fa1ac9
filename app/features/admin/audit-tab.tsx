import type { loadAuditTab } from './audit-tab.server';

export function AuditTab(_props: { data: Awaited<ReturnType<typeof loadAuditTab>> }) {
  return null;
}
