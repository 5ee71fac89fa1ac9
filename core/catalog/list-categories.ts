import { asc, count, eq, sql } from 'drizzle-orm';
import type { CategorySummary } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { brands, categories, products } from '../../db/schema/catalog';
import { AppError } from '../errors';
import { categoryLeadImages } from './product-rows';

/**
 * Every category with its subcategories, brands, product count (a department counts its
 * subcategories' products) and an image: the lead image of its best-rated product.
 */
export async function listCategories(db: DbOrTx): Promise<CategorySummary[]> {
  const [categoryRows, counts, brandRows, imageBy] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ categoryId: products.categoryId, total: count() })
      .from(products)
      .where(eq(products.status, 'active'))
      .groupBy(products.categoryId),
    db.select().from(brands).orderBy(asc(brands.name)),
    categoryLeadImages(db, eq(products.status, 'active'), sql`${products.ratingAverage} DESC`),
  ]);

  const countBy = new Map(counts.map((row) => [row.categoryId, row.total]));
  const childrenOf = (id: string) => categoryRows.filter((row) => row.parentId === id);

  return categoryRows.map((row) => {
    const children = childrenOf(row.id);
    const ownCount = countBy.get(row.id) ?? 0;
    const childCount = children.reduce((sum, child) => sum + (countBy.get(child.id) ?? 0), 0);
    const image = imageBy.get(row.id) ?? children.map((child) => imageBy.get(child.id)).find(Boolean) ?? null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      parentId: row.parentId,
      featured: row.featured,
      isNew: row.isNew,
      image,
      productCount: ownCount + childCount,
      subcategories: children.map((child) => ({ id: child.id, name: child.name })),
      brands: brandRows
        .filter((brand) => brand.departmentId === row.id)
        .map((brand) => ({ id: brand.id, name: brand.name })),
    };
  });
}

export async function getCategory(db: DbOrTx, id: string): Promise<CategorySummary> {
  const category = (await listCategories(db)).find((row) => row.id === id);
  if (!category) throw new AppError('NOT_FOUND', 'Category not found');
  return category;
}
