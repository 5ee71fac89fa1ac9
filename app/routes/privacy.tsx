import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/privacy';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Privacy Policy',
    description: 'How Rossy collects, uses and protects your information.',
    path: '/privacy',
    ...rootMeta(matches),
  });
}

export default function PrivacyPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  return (
    <SimplePage
      eyebrow="Legal"
      title="Privacy Policy"
      links={[
        { to: '/terms', label: 'Terms' },
        { to: '/contact', label: 'Contact' },
        { to: '/help', label: 'Help' },
      ]}
    >
      <p>
        We collect what we need to deliver your order: your name, contact details and delivery address. Your
        bag and wishlist stay on your device. We never store card numbers: payments are taken by our payment
        provider.
      </p>
      <p>
        You may ask to see, correct, export or delete your information at any time by writing to{' '}
        {shop.supportEmail}.
      </p>
    </SimplePage>
  );
}
