import { asc, count, max, sql } from 'drizzle-orm';
import type { ImageRef } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { discountPercentSql, onSale } from './get-sale-summary';
import { categoryLeadImages } from './product-rows';

export interface SaleFigures {
  id: string;
  name: string;
  /** Pieces on sale now. */
  count: number;
  /** The deepest discount among them, as the badge rounds it. */
  maxDiscountPercent: number;
  /** The lead picture of its most reduced piece. */
  image: ImageRef | null;
}

export interface SaleCategories {
  /** The top-level departments (Women's Bags, Men's Wear), counting their subcategories' pieces. */
  departments: SaleFigures[];
  /** Each category that has pieces on sale, in the shop's order. */
  categories: SaleFigures[];
}

/** Where the sale is, category by category and department by department: what the sale page's tiles and offers quote. */
export async function getSaleCategories(db: DbOrTx): Promise<SaleCategories> {
  const [categoryRows, figureRows, imageBy] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ categoryId: products.categoryId, total: count(), deepest: max(discountPercentSql) })
      .from(products)
      .where(onSale)
      .groupBy(products.categoryId),
    categoryLeadImages(db, onSale, sql`${discountPercentSql} DESC`),
  ]);

  const figuresBy = new Map(
    figureRows.map((row) => [
      row.categoryId,
      { count: row.total, deepest: Math.round(Number(row.deepest ?? 0)) },
    ]),
  );

  const own = (id: string, name: string): SaleFigures => ({
    id,
    name,
    count: figuresBy.get(id)?.count ?? 0,
    maxDiscountPercent: figuresBy.get(id)?.deepest ?? 0,
    image: imageBy.get(id) ?? null,
  });

  const saleCategories = categoryRows
    .map((row) => own(row.id, row.name))
    .filter((figures) => figures.count > 0);

  const departments = categoryRows
    .filter((row) => row.parentId === null)
    .map((department) => {
      const members = [
        own(department.id, department.name),
        ...categoryRows.filter((row) => row.parentId === department.id).map((row) => own(row.id, row.name)),
      ].filter((figures) => figures.count > 0);
      // The department's picture is its most reduced piece's, like each category's.
      const deepest = [...members].sort((a, b) => b.maxDiscountPercent - a.maxDiscountPercent);
      return {
        id: department.id,
        name: department.name,
        count: members.reduce((sum, figures) => sum + figures.count, 0),
        maxDiscountPercent: deepest[0]?.maxDiscountPercent ?? 0,
        image: deepest.find((figures) => figures.image)?.image ?? null,
      };
    })
    .filter((figures) => figures.count > 0);

  return { departments, categories: saleCategories };
}
