import type { loadMessagesTab } from './messages-tab.server';

export function MessagesTab(_props: { data: Awaited<ReturnType<typeof loadMessagesTab>> }) {
  return null;
}
