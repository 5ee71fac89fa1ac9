import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { blogPosts } from '../../../db/schema/content';
import { AppError } from '../../errors';
import { parseInput } from '../../validation';
import {
  BLOG_PAGE_SIZE,
  BLOG_RECENT_COUNT,
  isPublished,
  newestFirst,
  summaryColumns,
  tagSlug,
  tagSlugSql,
  toDetail,
  toSummary,
  type BlogCount,
  type BlogPostDetail,
  type BlogPostPage,
  type BlogPostSummary,
  blogCategories,
  blogMessages,
} from './posts';

export const blogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  category: z.string().trim().max(60).optional().default(''),
  tag: z.string().trim().max(60).optional().default(''),
});
export type BlogListQuery = z.input<typeof blogListQuerySchema>;

/** Published posts, newest first, six a page; optionally one category's or one tag's. */
export async function listPublishedPosts(db: DbOrTx, raw: BlogListQuery = {}): Promise<BlogPostPage> {
  const query = parseInput(blogListQuerySchema, raw);
  const conditions: SQL[] = [isPublished];
  if (query.category) conditions.push(eq(blogPosts.categorySlug, query.category));
  if (query.tag) {
    const slug = tagSlug(query.tag);
    conditions.push(
      sql`EXISTS (SELECT 1 FROM unnest(${blogPosts.tags}) AS t(name) WHERE ${tagSlugSql(sql`t.name`)} = ${slug})`,
    );
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(...newestFirst)
      .limit(BLOG_PAGE_SIZE)
      .offset((query.page - 1) * BLOG_PAGE_SIZE),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    posts: rows.map(toSummary),
    total,
    page: query.page,
    pageSize: BLOG_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
  };
}

/**
 * One post by its id (or its slug). Shoppers see published posts only: a draft is 'Post Not Found'
 * to them, exactly like a post that does not exist. Administrators may open drafts to preview them.
 */
export async function getPost(
  db: DbOrTx,
  idOrSlug: string | number,
  options: { includeDrafts?: boolean } = {},
): Promise<BlogPostDetail> {
  const text = String(idOrSlug).trim();
  const match = /^\d{1,9}$/.test(text)
    ? eq(blogPosts.id, Number(text))
    : /^[a-z0-9-]{1,120}$/.test(text)
      ? eq(blogPosts.slug, text)
      : null;
  if (!match) throw new AppError('NOT_FOUND', blogMessages.notFound);
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(options.includeDrafts ? match : and(match, isPublished))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', blogMessages.notFound);
  return toDetail(row);
}

/** The newest published posts (three by default), leaving out the one being read. */
export async function listRecentPosts(
  db: DbOrTx,
  options: { limit?: number; excludeId?: number } = {},
): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(options.excludeId ? and(isPublished, ne(blogPosts.id, options.excludeId)) : isPublished)
    .orderBy(...newestFirst)
    .limit(options.limit ?? BLOG_RECENT_COUNT);
  return rows.map(toSummary);
}

/** Published posts of the same category first, then the newest others: what to read next. */
export async function listRelatedPosts(
  db: DbOrTx,
  post: BlogPostSummary,
  limit = 3,
): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(isPublished, ne(blogPosts.id, post.id)))
    .orderBy(
      sql`CASE WHEN ${blogPosts.categorySlug} = ${post.category.slug} THEN 0 ELSE 1 END`,
      ...newestFirst,
    )
    .limit(limit);
  return rows.map(toSummary);
}

/** The four categories, each with its number of published posts (0 included). */
export async function listBlogCategories(db: DbOrTx): Promise<BlogCount[]> {
  const rows = await db
    .select({ slug: blogPosts.categorySlug, count: count() })
    .from(blogPosts)
    .where(isPublished)
    .groupBy(blogPosts.categorySlug);
  const counts = new Map(rows.map((row) => [row.slug, row.count]));
  return blogCategories.map((category) => ({
    slug: category.slug,
    name: category.name,
    count: counts.get(category.slug) ?? 0,
  }));
}

/** Every tag on a published post with how many posts carry it, most used first. */
export async function listBlogTags(db: DbOrTx): Promise<BlogCount[]> {
  const rows = await db.select({ tags: blogPosts.tags }).from(blogPosts).where(isPublished);
  const tags = new Map<string, BlogCount>();
  for (const row of rows) {
    for (const name of row.tags) {
      const slug = tagSlug(name);
      if (!slug) continue;
      const entry = tags.get(slug);
      if (entry) entry.count++;
      else tags.set(slug, { slug, name, count: 1 });
    }
  }
  return [...tags.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** What the Journal's sidebar shows on every blog page: 3 recent posts, the 4 categories and the tags. */
export async function getBlogSidebar(db: DbOrTx, options: { excludeId?: number } = {}) {
  const [recent, categories, tags] = await Promise.all([
    listRecentPosts(db, options),
    listBlogCategories(db),
    listBlogTags(db),
  ]);
  return { recent, categories, tags };
}

/** The published posts for sitemap.xml. */
export async function listPublishedPostPaths(db: DbOrTx): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: blogPosts.id, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished)
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}
