import { data, isRouteErrorResponse, useRouteError } from 'react-router';
import { blogCategory } from '../../core/content/blog/posts';
import { getBlogSidebar, listPublishedPosts } from '../../core/content/blog/read-posts';
import { ButtonLink } from '../components/ui/button';
import { BlogGrid, BlogListLayout, BlogPagination, BlogSidebar } from '../features/content/blog-parts';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/blog-category';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const category = blogCategory(params.slug);
  if (!category) throw data('Category not found', { status: 404 });
  const page = Math.max(
    1,
    Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1),
  );
  const [list, sidebar] = await Promise.all([
    listPublishedPosts(context.services.db, { page, category: category.slug }),
    getBlogSidebar(context.services.db),
  ]);
  return {
    category: { slug: category.slug, name: category.name, description: category.description },
    list,
    sidebar,
  };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  if (!loaded)
    return pageMeta({
      title: 'Category Not Found',
      description: 'This Journal category does not exist.',
      ...rootMeta(matches),
    });
  const { category, list } = loaded;
  return pageMeta({
    title: `${category.name}${list.page > 1 ? `, page ${list.page}` : ''} | The Rossy Journal`,
    description: category.description,
    ...rootMeta(matches),
    path: `/blog/category/${category.slug}${list.page > 1 ? `?page=${list.page}` : ''}`,
  });
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, list, sidebar } = loaderData;
  return (
    <BlogListLayout
      eyebrow="Journal category"
      title={category.name}
      description={category.description}
      breadcrumb={[
        { to: '/', label: 'Home' },
        { to: '/blog', label: 'Journal' },
      ]}
      sidebar={<BlogSidebar sidebar={sidebar} activeCategory={category.slug} />}
    >
      <BlogGrid posts={list.posts} />
      <BlogPagination
        page={list.page}
        pageCount={list.pageCount}
        hrefFor={(page) => `/blog/category/${category.slug}${page > 1 ? `?page=${page}` : ''}`}
      />
    </BlogListLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <h1 className="text-display-md">{notFound ? 'Category Not Found' : 'This page could not be shown'}</h1>
      <p className="mt-3 max-w-md text-muted">
        {notFound
          ? 'The Journal has four categories: Style Guides, Care & Craft, Lookbook and Behind the Seams.'
          : 'Please try again in a moment.'}
      </p>
      <ButtonLink to="/blog" className="mt-8">
        Back to the Journal
      </ButtonLink>
    </section>
  );
}
