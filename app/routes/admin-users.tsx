import { redirect } from 'react-router';
import { adminPagePermissions } from '../../core/accounts/permissions';
import { requireStaff } from '../lib/guards.server';
import type { Route } from './+types/admin-users';

/** /admin/users is the dashboard's User Management tab, with the search and page kept. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, adminPagePermissions['/admin/users']);
  const from = new URL(request.url).searchParams;
  const params = new URLSearchParams({ tab: 'users' });
  for (const name of ['q', 'page']) {
    const value = from.get(name);
    if (value) params.set(name, value.slice(0, 100));
  }
  return redirect(`/admin?${params.toString()}`);
}
