import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/track-order';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Track Your Order',
    description: 'Follow your Rossy order from our Lagos studio to your door.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Customer care"
      title="Track Your Order"
      links={[
        { to: '/contact', label: 'Contact Us' },
        { to: '/help', label: 'Help & FAQs' },
      ]}
    >
      <p>
        Enter your order number and the e-mail you ordered with to see where your parcel is. Tracking opens
        with online ordering; for an order placed by phone or WhatsApp, our team will give you its status
        straight away.
      </p>
    </SimplePage>
  );
}
