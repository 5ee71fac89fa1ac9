import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/order-success';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Order Information Not Found',
    description: 'Your order confirmation.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage eyebrow="Order" title="Order Information Not Found" links={[{ to: '/', label: 'Go Home' }]}>
      <p>
        We could not find an order to show here. If you placed one, its confirmation was sent to your e-mail.
      </p>
    </SimplePage>
  );
}
