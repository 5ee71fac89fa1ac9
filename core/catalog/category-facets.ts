import { and, eq, inArray, max, or } from 'drizzle-orm';
import type { ColorOption } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';

export interface CategoryFacets {
  colors: ColorOption[];
  sizes: string[];
  /** The dearest active product's price, for the top of the price slider. */
  maxPriceKobo: number;
}

/** The colours and sizes that fit a category (a department: those of its subcategories) and its price ceiling. */
export async function getCategoryFacets(db: DbOrTx, categoryId: string): Promise<CategoryFacets> {
  const rows = await db
    .select({ id: categories.id, colors: categories.colors, sizes: categories.sizes })
    .from(categories)
    .where(or(eq(categories.id, categoryId), eq(categories.parentId, categoryId)));
  const ids = rows.map((row) => row.id);
  const [price] = ids.length
    ? await db
        .select({ value: max(products.priceKobo) })
        .from(products)
        .where(and(inArray(products.categoryId, ids), eq(products.status, 'active')))
    : [];
  const colors = new Map<string, ColorOption>();
  const sizes = new Set<string>();
  for (const row of rows) {
    for (const color of row.colors) if (!colors.has(color.name)) colors.set(color.name, color);
    for (const size of row.sizes) sizes.add(size);
  }
  return { colors: [...colors.values()], sizes: [...sizes], maxPriceKobo: price?.value ?? 0 };
}
