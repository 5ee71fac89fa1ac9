import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Sign In', description: 'Sign in to your Rossy account.', ...rootMeta(matches) });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Your account"
      title="Sign In"
      links={[
        { to: '/register', label: 'Create Account' },
        { to: '/products', label: 'Browse Products' },
      ]}
    >
      <p>
        Accounts open with the next release of the shop. Until then you can browse, save pieces to your
        wishlist and keep a bag on this device without signing in.
      </p>
    </SimplePage>
  );
}
