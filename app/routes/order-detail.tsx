import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/order-detail';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Order Not Found', description: 'Order details.', ...rootMeta(matches) });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Your account"
      title="Order Not Found"
      links={[{ to: '/orders', label: 'Back to Orders' }]}
    >
      <p>We couldn't find the order you're looking for.</p>
    </SimplePage>
  );
}
