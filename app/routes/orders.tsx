import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/orders';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'My Orders', description: 'Your Rossy orders.', ...rootMeta(matches) });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Your account"
      title="My Orders"
      links={[{ to: '/products', label: 'Start Shopping' }]}
    >
      <p>You haven't placed any orders yet.</p>
    </SimplePage>
  );
}
