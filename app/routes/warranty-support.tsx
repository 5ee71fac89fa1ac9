import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/warranty-support';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Warranty & Support',
    description: 'What the Rossy warranty covers and how to claim.',
    path: '/warranty-support',
    ...rootMeta(matches),
  });
}

export default function WarrantyPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <SimplePage
      eyebrow="Customer care"
      title="Warranty & Support"
      links={[
        { to: '/contact', label: 'Make a Claim' },
        { to: '/faq', label: 'FAQ' },
      ]}
    >
      <p>
        Every piece is covered for up to {shop.warrantyMonths} months from the purchase date against
        manufacturing defects and performance issues: broken stitching, failing hardware, zips and clasps. We
        repair or replace it free of charge.
      </p>
      <p>
        To claim, contact us with your order number and a photo of the fault: {shop.supportPhone} or{' '}
        {shop.supportEmail}.
      </p>
    </SimplePage>
  );
}
