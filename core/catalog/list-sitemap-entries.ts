import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { blogCategories } from '../content/blog/posts';
import { listPublishedPostPaths } from '../content/blog/read-posts';

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

const STATIC_PATHS = [
  '/',
  '/products',
  '/categories',
  '/sale',
  '/about',
  '/contact',
  '/help',
  '/faq',
  '/shipping',
  '/warranty-support',
  '/terms',
  '/privacy',
  '/blog',
  '/track-order',
  '/sitemap',
];

/** Every public page a search engine should know: the fixed pages, every category, every active product and every published post. */
export async function listSitemapEntries(db: DbOrTx): Promise<SitemapEntry[]> {
  const [categoryRows, productRows, postRows] = await Promise.all([
    db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position)),
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id)),
    listPublishedPostPaths(db),
  ]);
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...categoryRows.map((row) => ({ path: `/category/${row.id}` })),
    ...productRows.map((row) => ({ path: `/product/${row.id}`, lastModified: row.updatedAt })),
    ...blogCategories.map((category) => ({ path: `/blog/category/${category.slug}` })),
    ...postRows.map((row) => ({ path: `/blog/${row.id}`, lastModified: row.updatedAt })),
  ];
}
