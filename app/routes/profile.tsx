import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/profile';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'My Profile', description: 'Your Rossy profile.', ...rootMeta(matches) });
}

export default function Page() {
  return (
    <SimplePage eyebrow="Your account" title="My Profile" links={[{ to: '/login', label: 'Sign In' }]}>
      <p>Profiles open together with accounts.</p>
    </SimplePage>
  );
}
