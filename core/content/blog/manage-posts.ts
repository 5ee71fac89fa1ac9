import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { blogPosts } from '../../../db/schema/content';
import { recordAdminAction, type AuditActor } from '../../audit/audit';
import { AppError } from '../../errors';
import { parseInput } from '../../validation';
import { containsPattern } from '../../search-pattern';
import {
  blogCategories,
  blogCategory,
  blogMessages,
  tagSlug,
  summaryColumns,
  toDetail,
  toSummary,
  type BlogCategorySlug,
  type BlogPostDetail,
  type BlogPostPage,
  type PostRow,
} from './posts';
import { saveBlogImage } from './post-image';

export const ADMIN_BLOG_PAGE_SIZE = 20;

/** Every post, drafts included, most recently changed first; searched on the title. */
export async function listPostsForAdmin(
  db: DbOrTx,
  options: { q?: string; status?: string; page?: number } = {},
): Promise<BlogPostPage> {
  const page = Math.max(1, options.page ?? 1);
  const conditions: SQL[] = [];
  const q = (options.q ?? '').trim().slice(0, 100);
  if (q) {
    const like = containsPattern(q);
    const match = or(ilike(blogPosts.title, like), ilike(blogPosts.author, like));
    if (match) conditions.push(match);
  }
  if (options.status === 'draft' || options.status === 'published')
    conditions.push(eq(blogPosts.status, options.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
      .limit(ADMIN_BLOG_PAGE_SIZE)
      .offset((page - 1) * ADMIN_BLOG_PAGE_SIZE),
    db.select({ total: count() }).from(blogPosts).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    posts: rows.map(toSummary),
    total,
    page,
    pageSize: ADMIN_BLOG_PAGE_SIZE,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_BLOG_PAGE_SIZE)),
  };
}

const categorySlugs = blogCategories.map((category) => category.slug) as [
  BlogCategorySlug,
  ...BlogCategorySlug[],
];

/** A comma-separated list (or an array) of tags: each 2–30 characters, at most 8, no repeats. */
const tagsSchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .default([])
  .transform((value, context) => {
    const names = (Array.isArray(value) ? value : value.split(','))
      .map((name) => name.trim().replace(/\s+/g, ' '))
      .filter(Boolean);
    const seen = new Map<string, string>();
    for (const name of names) {
      if (name.length > 30 || !tagSlug(name)) {
        context.addIssue({ code: 'custom', message: `"${name.slice(0, 30)}" is not a valid tag` });
        return z.NEVER;
      }
      if (!seen.has(tagSlug(name))) seen.set(tagSlug(name), name);
    }
    if (seen.size > 8) {
      context.addIssue({ code: 'custom', message: 'Use at most 8 tags' });
      return z.NEVER;
    }
    return [...seen.values()];
  });

export const blogPostInputSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(5, 'Title must be at least 5 characters')
    .max(120, 'Title must be at most 120 characters'),
  excerpt: z
    .string({ error: 'Excerpt is required' })
    .trim()
    .min(20, 'Excerpt must be at least 20 characters')
    .max(300, 'Excerpt must be at most 300 characters'),
  body: z
    .string({ error: 'Body is required' })
    .trim()
    .min(100, 'Body must be at least 100 characters')
    .max(40_000, 'Body must be at most 40,000 characters'),
  category: z.enum(categorySlugs, { error: 'Choose one of the four categories' }),
  tags: tagsSchema,
  author: z.string().trim().max(80, 'Author must be at most 80 characters').optional().default(''),
  imageAlt: z
    .string()
    .trim()
    .max(200, 'Image description must be at most 200 characters')
    .optional()
    .default(''),
  /** Drop the current picture (a new upload replaces it anyway). */
  removeImage: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'on' || value === 'true'),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

export interface BlogWriteDeps {
  db: Db;
  uploadDir: string;
}

function slugify(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/g, '') || 'post'
  );
}

async function uniqueSlug(db: DbOrTx, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), sql`${blogPosts.slug} LIKE ${`${base}-%`}`));
  const taken = new Set(rows.filter((row) => row.id !== exceptId).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

const auditView = (row: PostRow) => ({
  title: row.title,
  status: row.status,
  category: row.categorySlug,
  tags: row.tags,
  author: row.author,
  image: row.imageKey,
});

export interface BlogWriteOptions {
  /** The uploaded picture's bytes; absent or empty keeps the current one. */
  image?: Buffer | null;
  /** The author when the form leaves it empty: the administrator's name. */
  defaultAuthor: string;
}

/** Writes a new post as a draft; publishing is a separate step. Recorded as 'blog.create'. */
export async function createPost(
  deps: BlogWriteDeps,
  actor: AuditActor,
  raw: unknown,
  options: BlogWriteOptions,
): Promise<BlogPostDetail> {
  const input = parseInput(blogPostInputSchema, raw);
  const imageKey = options.image?.length ? await saveBlogImage(deps.uploadDir, options.image) : null;
  const category = blogCategory(input.category)!;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({
        slug: await uniqueSlug(tx, input.title),
        title: input.title,
        excerpt: input.excerpt,
        body: normaliseBody(input.body),
        imageKey,
        imageAlt: imageKey ? input.imageAlt || input.title : '',
        author: input.author || options.defaultAuthor,
        categorySlug: category.slug,
        categoryName: category.name,
        tags: input.tags,
        status: 'draft',
      })
      .returning();
    await recordAdminAction(tx, actor, {
      action: 'blog.create',
      entityType: 'blog_post',
      entityId: row!.id,
      summary: `Wrote the draft "${row!.title}"`,
      before: null,
      after: auditView(row!),
    });
    return toDetail(row!);
  });
}

/** Changes a post's words, category, tags or picture; its status stays. Recorded as 'blog.update'. */
export async function updatePost(
  deps: BlogWriteDeps,
  actor: AuditActor,
  id: number,
  raw: unknown,
  options: BlogWriteOptions,
): Promise<BlogPostDetail> {
  const input = parseInput(blogPostInputSchema, raw);
  const newImage = options.image?.length ? await saveBlogImage(deps.uploadDir, options.image) : null;
  const category = blogCategory(input.category)!;
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', blogMessages.notFound);
    const imageKey = newImage ?? (input.removeImage ? null : before.imageKey);
    const [row] = await tx
      .update(blogPosts)
      .set({
        slug: before.title === input.title ? before.slug : await uniqueSlug(tx, input.title, id),
        title: input.title,
        excerpt: input.excerpt,
        body: normaliseBody(input.body),
        imageKey,
        imageAlt: imageKey ? input.imageAlt || input.title : '',
        author: input.author || before.author || options.defaultAuthor,
        categorySlug: category.slug,
        categoryName: category.name,
        tags: input.tags,
        updatedAt: sql`now()`,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await recordAdminAction(tx, actor, {
      action: 'blog.update',
      entityType: 'blog_post',
      entityId: id,
      summary: `Edited "${row!.title}"`,
      before: auditView(before),
      after: auditView(row!),
    });
    return toDetail(row!);
  });
}

/**
 * Publishes a draft (it appears on /blog at once, dated now the first time) or takes a post back to
 * draft. Recorded as 'blog.publish' or 'blog.unpublish'; doing it twice changes nothing the second time.
 */
export async function setPostPublished(
  deps: Pick<BlogWriteDeps, 'db'>,
  actor: AuditActor,
  id: number,
  published: boolean,
): Promise<{ post: BlogPostDetail; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', blogMessages.notFound);
    const status = published ? 'published' : 'draft';
    if (before.status === status) return { post: toDetail(before), changed: false };
    const [row] = await tx
      .update(blogPosts)
      .set({
        status,
        publishedAt: published ? (before.publishedAt ?? sql`now()`) : before.publishedAt,
        updatedAt: sql`now()`,
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await recordAdminAction(tx, actor, {
      action: published ? 'blog.publish' : 'blog.unpublish',
      entityType: 'blog_post',
      entityId: id,
      summary: published ? `Published "${row!.title}"` : `Took "${row!.title}" back to draft`,
      before: { status: before.status },
      after: { status: row!.status },
    });
    return { post: toDetail(row!), changed: true };
  });
}

/** Windows line ends become '\n' and runs of blank lines one, so paragraphs split the same everywhere. */
function normaliseBody(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}
