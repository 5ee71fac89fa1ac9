import { SimplePage } from '../components/simple-page';
import { requireAdmin } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-reports';

export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  return { name: admin.name };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Reports', description: 'The Rossy admin area.', ...rootMeta(matches) });
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage
      eyebrow={`Signed in as ${loaderData.name}`}
      title="Reports"
      links={[
        { to: '/admin', label: 'Dashboard' },
        { to: '/admin/users', label: 'Users' },
        { to: '/admin/products/new', label: 'Add Product' },
        { to: '/admin/reports', label: 'Reports' },
      ]}
    >
      <p>Sales, orders, inventory and customer figures from the shop's own data.</p>
    </SimplePage>
  );
}
