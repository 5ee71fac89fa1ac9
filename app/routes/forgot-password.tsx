import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/forgot-password';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Forgot Password',
    description: 'Reset your Rossy password.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Your account"
      title="Forgot Password"
      links={[
        { to: '/login', label: 'Back to Login' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <p>
        Password resets open together with accounts. If you need help with an order now, our team is one
        message away.
      </p>
    </SimplePage>
  );
}
