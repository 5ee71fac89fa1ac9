import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/contact';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Contact Us',
    description: 'Call, write or visit the Rossy team in Lagos.',
    path: '/contact',
    ...rootMeta(matches),
  });
}

export default function ContactPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <SimplePage
      eyebrow="Customer care"
      title="Contact Us"
      links={[
        { to: '/help', label: 'Help & FAQs' },
        { to: '/track-order', label: 'Track Your Order' },
      ]}
    >
      <p>Our team answers {shop.businessHours.toLowerCase()}.</p>
      <ul className="space-y-2">
        <li>
          Phone:{' '}
          <a className="underline" href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}>
            {shop.supportPhone}
          </a>
        </li>
        <li>
          E-mail:{' '}
          <a className="underline" href={`mailto:${shop.supportEmail}`}>
            {shop.supportEmail}
          </a>
        </li>
        <li>
          WhatsApp:{' '}
          <a className="underline" href={`https://wa.me/${shop.whatsappNumber}`} rel="noopener noreferrer">
            +{shop.whatsappNumber}
          </a>
        </li>
        <li>Studio: {shop.address}</li>
      </ul>
    </SimplePage>
  );
}
