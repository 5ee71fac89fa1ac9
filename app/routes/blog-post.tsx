import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/blog-post';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Post Not Found',
    description: 'A story from the Rossy Journal.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Journal"
      title="Post Not Found"
      links={[{ to: '/blog', label: 'Back to the Journal' }]}
    >
      <p>No posts found.</p>
    </SimplePage>
  );
}
