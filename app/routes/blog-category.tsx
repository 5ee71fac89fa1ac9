import { SimplePage } from '../components/simple-page';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/blog-category';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'No posts found.',
    description: 'Stories from the Rossy Journal.',
    ...rootMeta(matches),
  });
}

export default function Page() {
  return (
    <SimplePage
      eyebrow="Journal"
      title="No posts found."
      links={[{ to: '/blog', label: 'Back to the Journal' }]}
    >
      <p>There are no posts in this category yet.</p>
    </SimplePage>
  );
}
