import { getBlogSidebar, listPublishedPosts } from '../../core/content/blog/read-posts';
import { tagSlug } from '../../core/content/blog/posts';
import { BlogGrid, BlogListLayout, BlogPagination, BlogSidebar } from '../features/content/blog-parts';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/blog-tag';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = tagSlug(params.slug).slice(0, 60);
  const page = Math.max(
    1,
    Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1),
  );
  const [list, sidebar] = await Promise.all([
    slug ? listPublishedPosts(context.services.db, { page, tag: slug }) : null,
    getBlogSidebar(context.services.db),
  ]);
  const name = sidebar.tags.find((tag) => tag.slug === slug)?.name ?? params.slug;
  return {
    tag: { slug, name },
    list: list ?? { posts: [], total: 0, page: 1, pageSize: 6, pageCount: 1 },
    sidebar,
  };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const name = loaded?.tag.name ?? 'Tag';
  return pageMeta({
    title: `Posts tagged ${name} | The Rossy Journal`,
    description: `Stories from the Rossy Journal tagged ${name}.`,
    ...rootMeta(matches),
    ...(loaded ? { path: `/blog/tag/${loaded.tag.slug}` } : {}),
    noindex: !loaded || loaded.list.total === 0,
  });
}

export default function BlogTagPage({ loaderData }: Route.ComponentProps) {
  const { tag, list, sidebar } = loaderData;
  return (
    <BlogListLayout
      eyebrow="Journal tag"
      title={`#${tag.name}`}
      description={
        list.total > 0
          ? `${list.total} ${list.total === 1 ? 'story' : 'stories'} tagged ${tag.name}.`
          : `There are no posts tagged ${tag.name} yet.`
      }
      breadcrumb={[
        { to: '/', label: 'Home' },
        { to: '/blog', label: 'Journal' },
      ]}
      sidebar={<BlogSidebar sidebar={sidebar} activeTag={tag.slug} />}
    >
      <BlogGrid posts={list.posts} />
      <BlogPagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => `/blog/tag/${tag.slug}${page > 1 ? `?page=${page}` : ''}`}
      />
    </BlogListLayout>
  );
}
