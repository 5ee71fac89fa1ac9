import { SimplePage } from '../components/simple-page';
import { requireAdmin } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-product-new';

export function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  return { name: admin.name };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Add Product', description: 'The Rossy admin area.', ...rootMeta(matches) });
}

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <SimplePage
      eyebrow={`Signed in as ${loaderData.name}`}
      title="Add Product"
      links={[
        { to: '/admin', label: 'Dashboard' },
        { to: '/admin/users', label: 'Users' },
        { to: '/admin/products/new', label: 'Add Product' },
        { to: '/admin/reports', label: 'Reports' },
      ]}
    >
      <p>Add a new piece to the catalogue with its images, sizes, colours and stock.</p>
    </SimplePage>
  );
}
