import { getBlogSidebar, listPublishedPosts } from '../../core/content/blog/read-posts';
import { BlogGrid, BlogListLayout, BlogPagination, BlogSidebar } from '../features/content/blog-parts';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/blog';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Math.max(
    1,
    Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1),
  );
  const [list, sidebar] = await Promise.all([
    listPublishedPosts(context.services.db, { page }),
    getBlogSidebar(context.services.db),
  ]);
  return { list, sidebar };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const page = loaded?.list.page ?? 1;
  return pageMeta({
    title: page > 1 ? `The Rossy Journal, page ${page}` : 'The Rossy Journal',
    description:
      'Style guides, leather and fabric care, lookbooks and stories from the workshops behind Rossy’s men’s wear and designer bags.',
    ...rootMeta(matches),
    path: page > 1 ? `/blog?page=${page}` : '/blog',
  });
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { list, sidebar } = loaderData;
  return (
    <BlogListLayout
      eyebrow="Journal"
      title="The Rossy Journal"
      description="Style notes, care guides and stories from the studio: how to wear, keep and choose the pieces that last."
      sidebar={<BlogSidebar sidebar={sidebar} />}
    >
      <BlogGrid posts={list.posts} />
      <BlogPagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => (page > 1 ? `/blog?page=${page}` : '/blog')}
      />
    </BlogListLayout>
  );
}
