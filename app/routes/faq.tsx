import { formatNaira } from '../../contracts/money';
import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/faq';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'FAQ',
    description: 'Frequently asked questions about shopping at Rossy.',
    path: '/faq',
    ...rootMeta(matches),
  });
}

export default function FaqPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  const items = [
    {
      q: 'How much is delivery?',
      a: `Standard delivery takes 3-5 business days and is free on orders over ${formatNaira(shop.freeShippingThresholdKobo)}.`,
    },
    {
      q: 'Can I return a piece?',
      a: `Yes: unworn pieces with their tags can be returned within ${shop.returnsDays} days of delivery.`,
    },
    {
      q: 'Is there a warranty?',
      a: `Every piece is covered for ${shop.warrantyMonths} months against manufacturing defects.`,
    },
    {
      q: 'How do I reach you?',
      a: `Call ${shop.supportPhone} or e-mail ${shop.supportEmail}, ${shop.businessHours.toLowerCase()}.`,
    },
  ];
  return (
    <SimplePage
      eyebrow="Customer care"
      title="Frequently Asked Questions"
      links={[
        { to: '/help', label: 'Help Centre' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <div className="divide-y divide-line border-y border-line">
        {items.map((item) => (
          <details key={item.q} name="faq" className="group py-4">
            <summary className="cursor-pointer list-none font-medium text-ink">{item.q}</summary>
            <p className="mt-2">{item.a}</p>
          </details>
        ))}
      </div>
    </SimplePage>
  );
}
