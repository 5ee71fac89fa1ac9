import { SimplePage } from '../components/simple-page';
import { requireAdmin } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-users';

export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  return { name: admin.name };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'User Management', description: 'The Rossy admin area.', ...rootMeta(matches) });
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage
      eyebrow={`Signed in as ${loaderData.name}`}
      title="User Management"
      links={[
        { to: '/admin', label: 'Dashboard' },
        { to: '/admin/users', label: 'Users' },
        { to: '/admin/products/new', label: 'Add Product' },
        { to: '/admin/reports', label: 'Reports' },
      ]}
    >
      <p>Find customers, promote administrators and activate or deactivate accounts.</p>
    </SimplePage>
  );
}
