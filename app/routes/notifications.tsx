import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/notifications';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Notifications', description: 'Your Rossy notifications.', ...rootMeta(matches) });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Your account"
      title="Notifications"
      links={[{ to: '/products', label: 'Browse Products' }]}
    >
      <p>You have no notifications yet. Order updates and announcements will appear here.</p>
    </SimplePage>
  );
}
