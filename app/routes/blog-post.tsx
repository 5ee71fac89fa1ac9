import { can } from '../../core/accounts/permissions';
import { data, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { mediaUrl } from '../../contracts/media';
import { getBlogSidebar, getPost, listRelatedPosts } from '../../core/content/blog/read-posts';
import { parseBlogBody, readingMinutes } from '../../core/content/blog/post-body';
import type { BlogPostSummary } from '../../core/content/blog/posts';
import { isAppError } from '../../core/errors';
import { ButtonLink } from '../components/ui/button';
import { ProductImage } from '../components/ui/product-image';
import {
  BlogBody,
  BlogCard,
  BlogDate,
  BlogSidebar,
  BlogTagList,
  blogCategoryHref,
} from '../features/content/blog-parts';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/blog-post';

export async function loader({ context, params }: Route.LoaderArgs) {
  const db = context.services.db;
  const isAdmin = can(context.user?.role, 'content.manage');
  try {
    const { body, ...post } = await getPost(db, params.id, { includeDrafts: isAdmin });
    const [related, sidebar] = await Promise.all([
      listRelatedPosts(db, post),
      getBlogSidebar(db, { excludeId: post.id }),
    ]);
    return { post, blocks: parseBlogBody(body), minutes: readingMinutes(body), related, sidebar };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data('Post Not Found', { status: 404 });
    throw error;
  }
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaded)
    return pageMeta({
      title: 'Post Not Found',
      description: 'This story is not in the Rossy Journal.',
      ...root,
    });
  const { post } = loaded;
  return [
    ...pageMeta({
      title: post.title,
      description: post.excerpt,
      ...root,
      path: `/blog/${post.id}`,
      image: post.image ? { key: post.image.key, alt: post.image.alt || post.title } : null,
      noindex: post.status !== 'published',
    }),
    ...(post.publishedAt ? [{ property: 'article:published_time', content: post.publishedAt }] : []),
    { property: 'article:section', content: post.category.name },
  ];
}

function blogPostingJsonLd(post: BlogPostSummary, url: string, origin: string, shopName: string): string {
  const json = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    url,
    mainEntityOfPage: url,
    ...(post.image ? { image: [`${origin}${mediaUrl(post.image.key, post.image.width)}`] } : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: shopName, url: `${origin}/` },
    articleSection: post.category.name,
    keywords: post.tags.map((tag) => tag.name).join(', '),
  };
  // '<' is escaped so no text in a post can close the script element.
  return JSON.stringify(json).replace(/</g, '\\u003c');
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, blocks, minutes, related, sidebar } = loaderData;
  const root = useRootData();
  const origin = root?.publicUrl ?? '';
  const draft = post.status !== 'published';
  return (
    <div className="container-shop py-8 lg:py-12">
      {draft ? (
        <p
          role="status"
          data-testid="blog-preview-banner"
          className="mb-6 rounded-card border border-warning/40 bg-warning/5 px-4 py-3 text-sm text-warning"
        >
          Preview: this post is a draft. Only administrators can see it until it is published.{' '}
          <Link to={`/admin?tab=blog&edit=${post.id}`} className="font-medium underline underline-offset-4">
            Back to the editor
          </Link>
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="mb-6 text-xs text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-ink">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/blog" className="hover:text-ink">
              Journal
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={blogCategoryHref(post.category.slug)} className="hover:text-ink">
              {post.category.name}
            </Link>
          </li>
        </ol>
      </nav>

      <article aria-labelledby="post-title">
        <header className="mx-auto max-w-3xl text-center">
          <p className="eyebrow">
            <Link to={blogCategoryHref(post.category.slug)} className="hover:text-ink">
              {post.category.name}
            </Link>
          </p>
          <h1 id="post-title" className="mt-3 text-display-md sm:text-display-lg">
            {post.title}
          </h1>
          <p className="mt-4 leading-relaxed text-ink-soft sm:text-lg">{post.excerpt}</p>
          <p className="mt-5 text-sm text-muted">
            By <span className="text-ink">{post.author}</span> · <BlogDate post={post} /> · {minutes} min read
          </p>
        </header>
        {post.image ? (
          <div className="mx-auto mt-8 max-w-5xl overflow-hidden rounded-card bg-cream">
            <ProductImage
              image={post.image}
              sizes="(min-width: 1024px) 64rem, 100vw"
              priority
              className="aspect-[16/10] w-full"
            />
          </div>
        ) : null}

        <div className="mx-auto mt-10 grid max-w-6xl gap-14 lg:mt-14 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-16">
          <div className="mx-auto w-full max-w-2xl">
            <BlogBody blocks={blocks} />
            {post.tags.length > 0 ? (
              <div className="mt-10 border-t border-line pt-6">
                <h2 className="eyebrow">Tags</h2>
                <BlogTagList tags={post.tags} className="mt-3" />
              </div>
            ) : null}
          </div>
          <BlogSidebar sidebar={sidebar} activeCategory={post.category.slug} />
        </div>
      </article>

      {related.length > 0 ? (
        <section className="mt-20 border-t border-line pt-12" aria-labelledby="related-posts">
          <h2 id="related-posts" className="text-display-md">
            More from the Journal
          </h2>
          <div className="mt-8 grid gap-x-8 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <BlogCard key={item.id} post={item} />
            ))}
          </div>
        </section>
      ) : null}

      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{
          __html: blogPostingJsonLd(post, `${origin}/blog/${post.id}`, origin, root?.shop.name ?? 'Rossy'),
        }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-shop flex flex-col items-center py-24 text-center">
      <h1 className="text-display-md">{notFound ? 'Post Not Found' : 'This post could not be shown'}</h1>
      <p className="mt-3 max-w-md text-muted">
        {notFound
          ? 'The story you are looking for is not in the Journal, or the link is wrong.'
          : 'Please try again in a moment.'}
      </p>
      <ButtonLink to="/blog" className="mt-8">
        Back to the Journal
      </ButtonLink>
    </section>
  );
}
