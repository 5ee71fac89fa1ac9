import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/terms';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Terms & Conditions',
    description: 'The terms on which Rossy sells to you.',
    path: '/terms',
    ...rootMeta(matches),
  });
}

export default function TermsPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <SimplePage
      eyebrow="Legal"
      title="Terms & Conditions"
      links={[
        { to: '/privacy', label: 'Privacy Policy' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <p>
        These terms apply to every order placed with {shop.name}. Prices are in naira (₦) and include VAT
        where it applies.
      </p>
      <p>
        Returns are accepted within {shop.returnsDays} days of delivery, and pieces carry a{' '}
        {shop.warrantyMonths}-month warranty.
      </p>
      <p>
        We give 30 days&rsquo; notice of changes to these terms. These terms are governed by the laws of the
        Federal Republic of Nigeria.
      </p>
    </SimplePage>
  );
}
