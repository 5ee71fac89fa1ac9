/** A Journal post as the shop shows it: its sections, its summary and detail views, the columns they read. */
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ImageRef } from '../../../contracts/catalog';
import { blogPosts } from '../../../db/schema/content';
import { IMAGE_VARIANT_WIDTHS } from '../../media/save-image-variants';

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
export const STORED_WIDTHS = IMAGE_VARIANT_WIDTHS.filter((width) => width <= BLOG_IMAGE_WIDTH);
export const LARGEST_WIDTH = Math.max(...STORED_WIDTHS);

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
export const tagSlugSql = (column: SQL) =>
  sql`trim(both '-' from regexp_replace(lower(${column}), '[^a-z0-9]+', '-', 'g'))`;

export function blogCategory(slug: string) {
  return blogCategories.find((category) => category.slug === slug);
}

export function imageRef(key: string | null, alt: string): ImageRef | null {
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

export type PostRow = typeof blogPosts.$inferSelect;

export function toSummary(row: PostRow): BlogPostSummary {
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

export const toDetail = (row: PostRow): BlogPostDetail => ({ ...toSummary(row), body: row.body });

export const summaryColumns = {
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

export const isPublished = eq(blogPosts.status, 'published');
export const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];
