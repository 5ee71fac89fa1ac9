import { ArrowLeft, Eye, PenLine, Plus, Send, Undo2 } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import type { BlogPostDetail, BlogPostSummary } from '../../../core/content/blog/posts';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClasses } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { ProductImage } from '../../components/ui/product-image';
import { cn } from '../../lib/cn';
import { ActionNotice, labelClasses, selectClasses } from './admin-nav';
import { EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import type { AdminActionResult } from './admin-texts';
import type { loadBlogTab } from './blog-tab.server';
import { FilterBar, SearchField, SelectField } from './filter-bar';
import { LAGOS_TIME_ZONE } from '../../../contracts/lagos-time';

type BlogTabData = Awaited<ReturnType<typeof loadBlogTab>>;
type Filter = BlogTabData['filter'];
type Category = BlogTabData['categories'][number];

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: LAGOS_TIME_ZONE,
});

function ShortDate({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {lagosDate.format(new Date(iso))}
    </time>
  );
}

function blogHref(filter: Partial<Filter>, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ tab: 'blog' });
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `/admin?${params.toString()}`;
}

const editHref = (id: number | 'new') => `/admin?tab=blog&edit=${id}`;

function StatusBadge({ status }: { status: BlogPostSummary['status'] }) {
  return status === 'published' ? (
    <Badge tone="success">Published</Badge>
  ) : (
    <Badge tone="gold" className="border-warning/50 text-warning">
      Draft
    </Badge>
  );
}

/** Publish or take back to draft, with the answer shown beside the button. */
function PublishToggle({ post, compact = false }: { post: BlogPostSummary; compact?: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  const published = post.status === 'published';
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const label = busy ? (published ? 'Unpublishing…' : 'Publishing…') : published ? 'Unpublish' : 'Publish';
  return (
    <fetcher.Form method="post" className={cn(compact ? 'inline-flex items-center gap-2' : 'space-y-3')}>
      <input type="hidden" name="intent" value={published ? 'blog-unpublish' : 'blog-publish'} />
      <input type="hidden" name="id" value={post.id} />
      {!compact && result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
      <Button
        type="submit"
        size="sm"
        variant={published ? 'outline' : 'gold'}
        disabled={busy}
        // In a list, the post's title follows the words on the button (WCAG 2.5.3).
        aria-label={compact ? `${label} "${post.title}"` : undefined}
      >
        {published ? (
          <Undo2 width={14} height={14} aria-hidden="true" />
        ) : (
          <Send width={14} height={14} aria-hidden="true" />
        )}
        {label}
      </Button>
      {compact && result ? (
        result.ok ? (
          <span role="status" className="sr-only">
            {result.message}
          </span>
        ) : (
          <span role="alert" className="text-xs text-sale">
            {result.error}
          </span>
        )
      ) : null}
    </fetcher.Form>
  );
}

function BlogFilters({ filter }: { filter: Filter }) {
  return (
    <FilterBar
      tab="blog"
      label="Post search"
      className="sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <SearchField id="blog-q" label="Search posts" defaultValue={filter.q} placeholder="Title or author" />
      <SelectField id="blog-status" name="status" label="Status" defaultValue={filter.status}>
        <option value="">All posts</option>
        <option value="published">Published</option>
        <option value="draft">Drafts</option>
      </SelectField>
    </FilterBar>
  );
}

function PostActions({ post }: { post: BlogPostSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Link
        to={editHref(post.id)}
        className={buttonClasses('secondary', 'sm')}
        aria-label={`Edit "${post.title}"`}
      >
        <PenLine width={14} height={14} aria-hidden="true" /> Edit
      </Link>
      <Link
        to={`/blog/${post.id}`}
        className={buttonClasses('ghost', 'sm')}
        aria-label={`${post.status === 'published' ? 'View' : 'Preview'} "${post.title}"`}
      >
        <Eye width={14} height={14} aria-hidden="true" /> {post.status === 'published' ? 'View' : 'Preview'}
      </Link>
      <PublishToggle post={post} compact />
    </div>
  );
}

function BlogList({ list, filter }: { list: NonNullable<BlogTabData['list']>; filter: Filter }) {
  const filtered = Boolean(filter.q || filter.status);
  const pager = (withNav: boolean) => (
    <AdminPager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      noun={['post', 'posts']}
      label="Post pages"
      href={(page) => blogHref({ ...filter, page })}
      withNav={withNav}
    />
  );
  return (
    <section aria-labelledby="blog-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blog-heading" className="text-2xl">
          Blog
        </h2>
        <Link to={editHref('new')} className={buttonClasses('primary', 'md')}>
          <Plus width={16} height={16} aria-hidden="true" /> Write a post
        </Link>
      </div>
      <BlogFilters filter={filter} />
      {pager(false)}
      {list.posts.length === 0 ? (
        <EmptyState
          title="No posts found."
          hint={filtered ? 'No post matches this search.' : 'Write the first story for the Journal.'}
          link={filtered ? { to: blogHref({}), label: 'Clear the search' } : null}
        />
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-white">
          {list.posts.map((post) => (
            <li
              key={post.id}
              data-testid="admin-blog-row"
              className="grid gap-4 p-4 sm:grid-cols-[8rem_minmax(0,1fr)] lg:grid-cols-[8rem_minmax(0,1fr)_auto] lg:items-center"
            >
              <div className="hidden overflow-hidden rounded-sm bg-cream sm:block">
                <ProductImage image={post.image} alt="" sizes="8rem" className="aspect-[16/10] w-full" />
              </div>
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={post.status} />
                  <span className="text-xs text-muted">{post.category.name}</span>
                </div>
                <p className="mt-1.5 line-clamp-2 font-medium text-ink">
                  <Link to={editHref(post.id)} className="hover:underline">
                    {post.title}
                  </Link>
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  {post.author} ·{' '}
                  {post.publishedAt ? (
                    <>
                      published <ShortDate iso={post.publishedAt} />
                    </>
                  ) : (
                    <>
                      edited <ShortDate iso={post.updatedAt} />
                    </>
                  )}
                </p>
              </div>
              <PostActions post={post} />
            </li>
          ))}
        </ul>
      )}
      {list.posts.length > 0 ? pager(true) : null}
    </section>
  );
}

const textareaClasses =
  'block w-full rounded-sm border border-line bg-white px-3 py-2.5 text-sm leading-relaxed text-ink placeholder:text-muted focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale';

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="text-xs text-sale">
      {error}
    </p>
  );
}

function describedBy(id: string, error: string | undefined, hint = false) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** Writing a new post, or editing one: words, section, tags, author and picture. */
function BlogEditor({
  post,
  categories,
  notice,
}: {
  post: BlogPostDetail | null;
  categories: Category[];
  notice: string | null;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const fields = result && !result.ok ? result.fields : {};
  const field = (id: string, label: string, input: React.ReactNode, hint?: string) => (
    <div className="space-y-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {input}
      {hint && !fields[id.replace('blog-', '')] ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={fields[id.replace('blog-', '')]} />
    </div>
  );
  return (
    <section aria-labelledby="blog-editor-heading" className="space-y-6">
      <Link
        to="/admin?tab=blog"
        className="inline-flex items-center gap-1.5 text-sm text-ink-soft hover:text-ink"
      >
        <ArrowLeft width={16} height={16} aria-hidden="true" /> All posts
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="blog-editor-heading" className="text-2xl">
            {post ? 'Edit post' : 'Write a post'}
          </h2>
          {post ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
              <StatusBadge status={post.status} />
              {post.publishedAt ? (
                <span>
                  Published <ShortDate iso={post.publishedAt} />
                </span>
              ) : (
                <span>Not published yet</span>
              )}
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted">New posts are saved as drafts. Preview, then publish.</p>
          )}
        </div>
        {post ? (
          <div className="flex flex-wrap items-start gap-2">
            <Link
              to={`/blog/${post.id}`}
              className={buttonClasses('outline', 'sm')}
              data-testid="blog-preview-link"
            >
              <Eye width={14} height={14} aria-hidden="true" />{' '}
              {post.status === 'published' ? 'View' : 'Preview'}
            </Link>
            <PublishToggle post={post} compact />
          </div>
        ) : null}
      </div>

      {notice ? <ActionNotice tone="success">{notice}</ActionNotice> : null}
      {post ? <PublishNotice post={post} /> : null}
      {result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok
            ? result.message
            : Object.keys(fields).length > 0
              ? 'The post was not saved: please correct the fields marked below.'
              : result.error}
        </ActionNotice>
      ) : null}

      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        aria-label={post ? `Edit ${post.title}` : 'New post'}
      >
        <input type="hidden" name="intent" value="blog-save" />
        {post ? <input type="hidden" name="id" value={post.id} /> : null}
        <div className="space-y-5 rounded-card border border-line bg-white p-5">
          {field(
            'blog-title',
            'Title',
            <input
              id="blog-title"
              name="title"
              required
              maxLength={120}
              defaultValue={post?.title ?? ''}
              aria-invalid={fields.title ? true : undefined}
              aria-describedby={describedBy('blog-title', fields.title)}
              className={inputClasses}
            />,
          )}
          {field(
            'blog-excerpt',
            'Excerpt',
            <textarea
              id="blog-excerpt"
              name="excerpt"
              required
              rows={3}
              maxLength={300}
              defaultValue={post?.excerpt ?? ''}
              aria-invalid={fields.excerpt ? true : undefined}
              aria-describedby={describedBy('blog-excerpt', fields.excerpt, !fields.excerpt)}
              className={textareaClasses}
            />,
            'One or two sentences shown on the Journal and in search results (20–300 characters).',
          )}
          {field(
            'blog-body',
            'Body',
            <textarea
              id="blog-body"
              name="body"
              required
              rows={18}
              defaultValue={post?.body ?? ''}
              aria-invalid={fields.body ? true : undefined}
              aria-describedby={describedBy('blog-body', fields.body, !fields.body)}
              className={cn(textareaClasses, 'font-mono text-[0.8125rem]')}
            />,
            'Leave a blank line between paragraphs. Start a line with "## " for a heading and "- " for a list item. Link to a shop page with [words](/category/mens-suits).',
          )}
        </div>

        <div className="space-y-5">
          <div className="space-y-5 rounded-card border border-line bg-white p-5">
            {field(
              'blog-category',
              'Category',
              <select
                id="blog-category"
                name="category"
                required
                defaultValue={post?.category.slug ?? ''}
                aria-invalid={fields.category ? true : undefined}
                aria-describedby={describedBy('blog-category', fields.category)}
                className={selectClasses}
              >
                <option value="" disabled>
                  Choose a category
                </option>
                {categories.map((category) => (
                  <option key={category.slug} value={category.slug}>
                    {category.name}
                  </option>
                ))}
              </select>,
            )}
            {field(
              'blog-tags',
              'Tags',
              <input
                id="blog-tags"
                name="tags"
                defaultValue={post?.tags.map((tag) => tag.name).join(', ') ?? ''}
                placeholder="Tailoring, Lagos Style"
                aria-invalid={fields.tags ? true : undefined}
                aria-describedby={describedBy('blog-tags', fields.tags, !fields.tags)}
                className={inputClasses}
              />,
              'Separate tags with commas; up to 8.',
            )}
            {field(
              'blog-author',
              'Author',
              <input
                id="blog-author"
                name="author"
                maxLength={80}
                defaultValue={post?.author ?? ''}
                placeholder="Your name"
                aria-invalid={fields.author ? true : undefined}
                aria-describedby={describedBy('blog-author', fields.author, !fields.author)}
                className={inputClasses}
              />,
              'Left empty, the post is signed with your name.',
            )}
          </div>

          <div className="space-y-4 rounded-card border border-line bg-white p-5">
            <p className={labelClasses}>Picture</p>
            {post?.image ? (
              <div className="space-y-2">
                <div className="overflow-hidden rounded-sm bg-cream">
                  <ProductImage image={post.image} alt="" sizes="20rem" className="aspect-[16/10] w-full" />
                </div>
                <label className="flex items-center gap-2 text-sm text-ink-soft">
                  <input type="checkbox" name="removeImage" className="h-4 w-4 accent-ink" /> Remove this
                  picture
                </label>
              </div>
            ) : (
              <p className="text-sm text-muted">
                No picture yet. Posts without one show the shop’s placeholder.
              </p>
            )}
            {field(
              'blog-image',
              post?.image ? 'Replace picture' : 'Upload a picture',
              <input
                id="blog-image"
                name="image"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/gif"
                aria-invalid={fields.image ? true : undefined}
                aria-describedby={describedBy('blog-image', fields.image, !fields.image)}
                className="block w-full text-sm text-ink-soft file:mr-3 file:h-9 file:rounded-sm file:border file:border-line file:bg-cream file:px-3 file:text-xs file:font-medium file:text-ink"
              />,
              'JPEG, PNG, WebP or GIF up to 5 MB; cropped to 16:10.',
            )}
            {field(
              'blog-imageAlt',
              'Picture description',
              <input
                id="blog-imageAlt"
                name="imageAlt"
                maxLength={200}
                defaultValue={post?.image?.alt ?? ''}
                aria-invalid={fields.imageAlt ? true : undefined}
                aria-describedby={describedBy('blog-imageAlt', fields.imageAlt, !fields.imageAlt)}
                className={inputClasses}
              />,
              'What the picture shows, for shoppers using a screen reader.',
            )}
          </div>

          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Saving…' : post ? 'Save changes' : 'Save draft'}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/** The publish toggle in the editor shows its own answer here, above the form. */
function PublishNotice({ post }: { post: BlogPostDetail }) {
  return post.status === 'draft' ? (
    <p className="rounded-card border border-line bg-cream px-4 py-3 text-sm text-ink-soft">
      This post is a draft: shoppers cannot see it. Use Preview to read it as they will, then Publish.
    </p>
  ) : null;
}

export function BlogTab({ data }: { data: BlogTabData }) {
  if (data.editor)
    return (
      <BlogEditor
        key={data.editor.post?.id ?? 'new'}
        post={data.editor.post}
        categories={data.categories}
        notice={data.notice}
      />
    );
  if (data.list) return <BlogList list={data.list} filter={data.filter} />;
  return (
    <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
      <h2 className="text-2xl">Post Not Found</h2>
      <p className="mt-1 text-sm text-muted">There is no post {data.missing}.</p>
      <Link to="/admin?tab=blog" className="mt-4 inline-block text-sm text-gold-deep underline">
        Back to all posts
      </Link>
    </div>
  );
}
