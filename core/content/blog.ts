import { and, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import { z } from 'zod';
import type { ImageRef } from '../../contracts/catalog';
import type { Db, DbOrTx } from '../../db/client';
import { blogPosts } from '../../db/schema/content';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { IMAGE_VARIANT_WIDTHS, saveImageVariants } from '../media/save-image-variants';
import { parseInput } from '../validation';
import { containsPattern } from '../search-pattern';

/** The Journal's four sections. A post belongs to exactly one. */
export const blogCategories = [
  {
    slug: 'style-guides',
    name: 'Style Guides',
    description: 'How to wear it: tailoring, colour and dressing for Lagos occasions.',
  },
  {
    slug: 'care-and-craft',
    name: 'Care & Craft',
    description: 'Keeping leather, linen and wool at their best for years.',
  },
  {
    slug: 'lookbook',
    name: 'Lookbook',
    description: 'Outfits from the new season, put together by the studio.',
  },
  {
    slug: 'behind-the-seams',
    name: 'Behind the Seams',
    description: 'The makers, fabrics and workshops behind what we sell.',
  },
] as const;

export type BlogCategorySlug = (typeof blogCategories)[number]['slug'];

export const BLOG_PAGE_SIZE = 6;
export const BLOG_RECENT_COUNT = 3;
export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Every post picture is stored 16:10, so its variants are known from its key alone. */
export const BLOG_IMAGE_WIDTH = 1600;
export const BLOG_IMAGE_HEIGHT = 1000;
const STORED_WIDTHS = IMAGE_VARIANT_WIDTHS.filter((width) => width <= BLOG_IMAGE_WIDTH);
const LARGEST_WIDTH = Math.max(...STORED_WIDTHS);

export const blogMessages = {
  notFound: 'Post Not Found',
  noPosts: 'No posts found.',
} as const;

export interface BlogTag {
  slug: string;
  name: string;
}

export interface BlogPostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  image: ImageRef | null;
  author: string;
  category: { slug: string; name: string };
  tags: BlogTag[];
  status: 'draft' | 'published';
  /** ISO time; null for a draft that was never published. */
  publishedAt: string | null;
  updatedAt: string;
}

export interface BlogPostDetail extends BlogPostSummary {
  body: string;
}

export interface BlogPostPage {
  posts: BlogPostSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

export interface BlogCount {
  slug: string;
  name: string;
  count: number;
}

/** A tag's address form: lowercase letters and digits joined by hyphens ('Bag Care' → 'bag-care'). */
export function tagSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The same normalisation in SQL, so a tag's address finds its posts. */
const tagSlugSql = (column: SQL) =>
  sql`trim(both '-' from regexp_replace(lower(${column}), '[^a-z0-9]+', '-', 'g'))`;

export function blogCategory(slug: string) {
  return blogCategories.find((category) => category.slug === slug);
}

function imageRef(key: string | null, alt: string): ImageRef | null {
  if (!key) return null;
  return {
    key,
    widths: [...STORED_WIDTHS],
    width: LARGEST_WIDTH,
    height: Math.round((BLOG_IMAGE_HEIGHT / BLOG_IMAGE_WIDTH) * LARGEST_WIDTH),
    alt,
    colorName: null,
  };
}

type PostRow = typeof blogPosts.$inferSelect;

function toSummary(row: PostRow): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    image: imageRef(row.imageKey, row.imageAlt || row.title),
    author: row.author,
    category: { slug: row.categorySlug, name: row.categoryName },
    tags: row.tags.map((name) => ({ slug: tagSlug(name), name })),
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toDetail = (row: PostRow): BlogPostDetail => ({ ...toSummary(row), body: row.body });

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  body: sql<string>`''`,
  imageKey: blogPosts.imageKey,
  imageAlt: blogPosts.imageAlt,
  author: blogPosts.author,
  categorySlug: blogPosts.categorySlug,
  categoryName: blogPosts.categoryName,
  tags: blogPosts.tags,
  status: blogPosts.status,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
};

const isPublished = eq(blogPosts.status, 'published');
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

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

// ─── Administration ────────────────────────────────────────────────────────────────────────────

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

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Stores a post's picture: the type is read from the bytes, the picture is cropped to 16:10 and
 * only re-encoded WebP variants reach the disk.
 */
export async function saveBlogImage(uploadDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > BLOG_IMAGE_MAX_BYTES)
    throw new AppError('BAD_REQUEST', 'The image must be 5 MB or smaller', {
      image: 'The image must be 5 MB or smaller',
    });
  let cropped: Buffer;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 });
    const metadata = await image.metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new Error('unsupported');
    cropped = await image
      .rotate()
      .resize({ width: BLOG_IMAGE_WIDTH, height: BLOG_IMAGE_HEIGHT, fit: 'cover', position: 'attention' })
      .png()
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', 'Please upload a JPEG, PNG, WebP or GIF image', {
      image: 'Please upload a JPEG, PNG, WebP or GIF image',
    });
  }
  const saved = await saveImageVariants(uploadDir, cropped, { folder: 'blog', widths: STORED_WIDTHS });
  return saved.key;
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

// ─── Reading a body ───────────────────────────────────────────────────────────────────────────

export type BlogInline = { text: string } | { text: string; href: string };
export type BlogBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; parts: BlogInline[] }
  | { kind: 'list'; items: BlogInline[][] };

/**
 * A body as blocks of plain text: '## ' starts a heading, lines starting '- ' make a list, other
 * blocks are paragraphs. '[words](/path)' becomes a link only to a path on this shop; everything
 * else stays text, so a post can never carry markup or a script.
 */
export function parseBlogBody(body: string): BlogBlock[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): BlogBlock => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).trim() };
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => line.startsWith('- ')))
        return { kind: 'list', items: lines.map((line) => inlineParts(line.slice(2).trim())) };
      return { kind: 'paragraph', parts: inlineParts(lines.join(' ')) };
    });
}

const LINK = /\[([^\]\n]{1,120})\]\((\/[A-Za-z0-9\-._~/?=&%]*)\)/g;

function inlineParts(text: string): BlogInline[] {
  const parts: BlogInline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match;
    if (href!.startsWith('//')) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: label!, href: href! });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Minutes to read at about 220 words a minute, at least one. */
export function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
