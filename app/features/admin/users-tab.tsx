import type { loadUsersTab } from './users-tab.server';

export function UsersTab(_props: { data: Awaited<ReturnType<typeof loadUsersTab>> }) {
  return null;
}
