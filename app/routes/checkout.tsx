import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/checkout';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Checkout',
    description: 'Secure checkout for your Rossy order.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Checkout"
      title="Checkout"
      links={[
        { to: '/cart', label: 'Return to cart' },
        { to: '/products', label: 'Continue Shopping' },
      ]}
    >
      <p>
        Checkout opens with the next release of the shop: your bag is saved on this device, and you can order
        any piece today by WhatsApp or phone.
      </p>
    </SimplePage>
  );
}
