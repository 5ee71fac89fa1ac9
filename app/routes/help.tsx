import { SimplePage } from '../components/simple-page';
import { formatNaira } from '../../contracts/money';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/help';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Help & FAQs',
    description: 'Answers about orders, delivery, returns and payment at Rossy.',
    path: '/help',
    ...rootMeta(matches),
  });
}

export default function HelpPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <SimplePage
      eyebrow="Customer care"
      title="Help & FAQs"
      links={[
        { to: '/faq', label: 'Read the FAQ' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <p>
        Delivery is free on orders over {formatNaira(shop.freeShippingThresholdKobo)}. You can return unworn
        pieces within {shop.returnsDays} days, and every piece carries a {shop.warrantyMonths}-month warranty
        against manufacturing defects.
      </p>
      <p>
        For anything else, call {shop.supportPhone} or write to {shop.supportEmail},{' '}
        {shop.businessHours.toLowerCase()}.
      </p>
    </SimplePage>
  );
}
