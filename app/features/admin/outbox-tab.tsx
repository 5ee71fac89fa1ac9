import type { loadOutboxTab } from './outbox-tab.server';

export function OutboxTab(_props: { data: Awaited<ReturnType<typeof loadOutboxTab>> }) {
  return null;
}
