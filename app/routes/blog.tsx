import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/blog';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'The Rossy Journal',
    description: 'Style notes, care guides and stories from the Rossy studio.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Journal"
      title="The Rossy Journal"
      links={[
        { to: '/products', label: 'Browse Products' },
        { to: '/sale', label: 'View the Sale' },
      ]}
    >
      <p>
        Our journal of style notes, care guides and studio stories is being written. In the meantime, explore
        the new season.
      </p>
    </SimplePage>
  );
}
