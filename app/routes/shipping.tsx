import { formatNaira } from '../../contracts/money';
import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/shipping';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Shipping & Returns',
    description: 'Delivery times, costs and returns at Rossy.',
    path: '/shipping',
    ...rootMeta(matches),
  });
}

export default function ShippingPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <SimplePage
      eyebrow="Customer care"
      title="Shipping & Returns"
      links={[
        { to: '/track-order', label: 'Track Your Order' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <p>Orders are prepared in 1-2 business days at our Lagos studio.</p>
      <p>
        Standard delivery: 3-5 business days, {formatNaira(150_000)}, free on orders over{' '}
        {formatNaira(shop.freeShippingThresholdKobo)}. Express delivery: 1-2 business days,{' '}
        {formatNaira(300_000)}.
      </p>
      <p>
        Returns: send back unworn pieces with their tags within {shop.returnsDays} days of delivery. Refunds
        reach your account within 5-7 business days of our receiving the return.
      </p>
    </SimplePage>
  );
}
