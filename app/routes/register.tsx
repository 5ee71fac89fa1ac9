import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/register';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Create Account', description: 'Create a Rossy account.', ...rootMeta(matches) });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Your account"
      title="Create Account"
      links={[
        { to: '/login', label: 'Sign In' },
        { to: '/products', label: 'Browse Products' },
      ]}
    >
      <p>
        Accounts open with the next release of the shop. Your wishlist and bag are kept on this device in the
        meantime.
      </p>
    </SimplePage>
  );
}
