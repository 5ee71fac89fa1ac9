import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { BlogBlock, BlogInline } from '../../../core/content/blog/post-body';
import type { BlogCount, BlogPostSummary } from '../../../core/content/blog/posts';
import { ProductImage } from '../../components/ui/product-image';
import { cn } from '../../lib/cn';
import { lagosLongDate } from '../../../contracts/figures';

export const blogPostHref = (post: Pick<BlogPostSummary, 'id'>) => `/blog/${post.id}`;
export const blogCategoryHref = (slug: string) => `/blog/category/${slug}`;
export const blogTagHref = (slug: string) => `/blog/tag/${slug}`;

/** A post's date as Lagos reads it ('12 June 2026'); a draft shows when it was last changed. */
export function BlogDate({ post, className }: { post: BlogPostSummary; className?: string }) {
  const iso = post.publishedAt ?? post.updatedAt;
  return (
    <time dateTime={iso} className={className} suppressHydrationWarning>
      {lagosLongDate(new Date(iso))}
    </time>
  );
}

/** One post in a list: picture, category, title, excerpt, author and date. */
export function BlogCard({ post, priority = false }: { post: BlogPostSummary; priority?: boolean }) {
  const href = blogPostHref(post);
  return (
    <article className="group flex flex-col" data-testid="blog-card">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden rounded-card bg-cream"
      >
        <ProductImage
          image={post.image}
          alt=""
          sizes="(min-width: 1024px) 28rem, (min-width: 640px) 50vw, 100vw"
          priority={priority}
          className="aspect-[16/10] w-full transition-transform duration-500 ease-out-soft group-hover:scale-[1.03]"
        />
      </Link>
      <div className="mt-4 flex flex-1 flex-col">
        <p className="eyebrow">
          <Link to={blogCategoryHref(post.category.slug)} className="hover:text-ink">
            {post.category.name}
          </Link>
        </p>
        <h2 className="mt-2 text-2xl leading-snug">
          <Link to={href} className="underline-offset-4 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-ink-soft">{post.excerpt}</p>
        <p className="mt-auto pt-4 text-xs text-muted">
          By {post.author} · <BlogDate post={post} />
        </p>
      </div>
    </article>
  );
}

/** Previous, numbered and next page links; the current page is marked for screen readers. */
export function BlogPagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pageLink =
    'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-sm border px-3 text-sm';
  return (
    <nav aria-label="Journal pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={cn(pageLink, 'border-line hover:border-ink')} rel="prev">
          <ChevronLeft width={16} height={16} aria-hidden="true" /> Previous
        </Link>
      ) : null}
      {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
        <Link
          key={number}
          to={hrefFor(number)}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          className={cn(
            pageLink,
            number === page ? 'border-ink bg-ink text-paper' : 'border-line hover:border-ink',
          )}
        >
          {number}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={cn(pageLink, 'border-line hover:border-ink')} rel="next">
          Next <ChevronRight width={16} height={16} aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}

export interface BlogSidebarData {
  recent: BlogPostSummary[];
  categories: BlogCount[];
  tags: BlogCount[];
}

/** Recent posts, the four categories and every tag: on every Journal page. */
export function BlogSidebar({
  sidebar,
  activeCategory,
  activeTag,
}: {
  sidebar: BlogSidebarData;
  activeCategory?: string;
  activeTag?: string;
}) {
  return (
    <aside aria-label="More from the Journal" className="space-y-10">
      {sidebar.recent.length > 0 ? (
        <section aria-labelledby="blog-recent">
          <h2 id="blog-recent" className="text-xl">
            Recent Posts
          </h2>
          <ul className="mt-4 space-y-4">
            {sidebar.recent.map((post) => (
              <li key={post.id} className="flex gap-3">
                <Link
                  to={blogPostHref(post)}
                  tabIndex={-1}
                  aria-hidden="true"
                  className="block w-24 shrink-0 overflow-hidden rounded-sm bg-cream"
                >
                  <ProductImage image={post.image} alt="" sizes="6rem" className="aspect-[16/10] w-full" />
                </Link>
                <div className="min-w-0">
                  <Link
                    to={blogPostHref(post)}
                    className="line-clamp-2 text-sm leading-snug font-medium text-ink hover:underline"
                  >
                    {post.title}
                  </Link>
                  <BlogDate post={post} className="mt-1 block text-xs text-muted" />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="blog-categories">
        <h2 id="blog-categories" className="text-xl">
          Categories
        </h2>
        <ul className="mt-3 divide-y divide-line border-y border-line">
          {sidebar.categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={blogCategoryHref(category.slug)}
                aria-current={category.slug === activeCategory ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between py-2.5 text-sm hover:text-ink',
                  category.slug === activeCategory ? 'font-semibold text-ink' : 'text-ink-soft',
                )}
              >
                <span>{category.name}</span>
                <span className="text-xs text-muted tabular-nums">
                  {category.count}
                  <span className="sr-only"> {category.count === 1 ? 'post' : 'posts'}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {sidebar.tags.length > 0 ? (
        <section aria-labelledby="blog-tags">
          <h2 id="blog-tags" className="text-xl">
            Tags
          </h2>
          <BlogTagList tags={sidebar.tags} active={activeTag} className="mt-4" />
        </section>
      ) : null}
    </aside>
  );
}

export function BlogTagList({
  tags,
  active,
  className,
}: {
  tags: { slug: string; name: string }[];
  active?: string | undefined;
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap gap-2', className)}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={blogTagHref(tag.slug)}
            aria-current={tag.slug === active ? 'page' : undefined}
            className={cn(
              'inline-flex h-8 items-center rounded-full border px-3 text-xs',
              tag.slug === active
                ? 'border-ink bg-ink text-paper'
                : 'border-line bg-white text-ink-soft hover:border-ink hover:text-ink',
            )}
          >
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Inline({ parts }: { parts: BlogInline[] }) {
  return (
    <>
      {parts.map((part, index) =>
        'href' in part ? (
          <Link
            key={index}
            to={part.href}
            className="text-gold-deep underline decoration-gold/40 underline-offset-4 hover:decoration-gold-deep"
          >
            {part.text}
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** A post's body from its blocks: text only, links only to the shop's own pages. */
export function BlogBody({ blocks }: { blocks: BlogBlock[] }) {
  return (
    <div className="space-y-5 text-[1.0625rem] leading-[1.75] text-ink-soft" data-testid="blog-body">
      {blocks.map((block, index) => {
        if (block.kind === 'heading')
          return (
            <h2 key={index} className="pt-4 text-[1.75rem] leading-tight">
              {block.text}
            </h2>
          );
        if (block.kind === 'list')
          return (
            <ul key={index} className="list-disc space-y-2 pl-6 marker:text-gold">
              {block.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  <Inline parts={item} />
                </li>
              ))}
            </ul>
          );
        return (
          <p key={index}>
            <Inline parts={block.parts} />
          </p>
        );
      })}
    </div>
  );
}

/** A list of posts with its empty state. */
export function BlogGrid({ posts }: { posts: BlogPostSummary[] }) {
  if (posts.length === 0)
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-14 text-center">
        <p className="font-display text-2xl text-ink">No posts found.</p>
        <p className="mt-2 text-sm text-muted">
          New stories are added regularly. Browse all posts in the meantime.
        </p>
        <Link to="/blog" className="mt-4 inline-block text-sm text-gold-deep underline underline-offset-4">
          Back to the Journal
        </Link>
      </div>
    );
  return (
    <div className="grid gap-x-8 gap-y-12 sm:grid-cols-2">
      {posts.map((post, index) => (
        <BlogCard key={post.id} post={post} priority={index < 2} />
      ))}
    </div>
  );
}

/** The frame of every Journal list: heading, the posts and their pages, and the sidebar. */
export function BlogListLayout({
  eyebrow,
  title,
  description,
  breadcrumb,
  children,
  sidebar,
}: {
  eyebrow: string;
  title: string;
  description: string;
  breadcrumb?: { to: string; label: string }[];
  children: React.ReactNode;
  sidebar: React.ReactNode;
}) {
  return (
    <div className="container-shop py-10 lg:py-14">
      {breadcrumb ? (
        <nav aria-label="Breadcrumb" className="mb-6 text-xs text-muted">
          <ol className="flex flex-wrap items-center gap-1.5">
            {breadcrumb.map((crumb) => (
              <li key={crumb.to} className="flex items-center gap-1.5">
                <Link to={crumb.to} className="hover:text-ink">
                  {crumb.label}
                </Link>
                <span aria-hidden="true">/</span>
              </li>
            ))}
            <li aria-current="page" className="text-ink-soft">
              {title}
            </li>
          </ol>
        </nav>
      ) : null}
      <header className="max-w-2xl border-b border-line pb-8">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-2 text-display-md sm:text-display-lg">{title}</h1>
        <p className="mt-3 leading-relaxed text-ink-soft">{description}</p>
      </header>
      <div className="mt-10 grid gap-14 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-16">
        <div>{children}</div>
        {sidebar}
      </div>
    </div>
  );
}
