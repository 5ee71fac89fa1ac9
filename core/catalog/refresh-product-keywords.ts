import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Copies the names search should find a product by (category, department, brand, tag, colours)
 * into its `keywords`, from which the database derives the full-text vector. Run after any change
 * to a product or to the names it refers to; with ids, only those products.
 */
export async function refreshProductKeywords(db: DbOrTx, productIds?: number[]): Promise<void> {
  const only =
    productIds && productIds.length > 0
      ? sql`AND p.id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  await db.execute(sql`
    UPDATE products p SET keywords = concat_ws(' ',
        c.name,
        (SELECT d.name FROM categories d WHERE d.id = c.parent_id),
        (SELECT b.name FROM brands b WHERE b.id = p.brand_id),
        p.tag,
        (SELECT string_agg(color->>'name', ' ') FROM jsonb_array_elements(p.colors) AS color))
    FROM categories c
    WHERE c.id = p.category_id ${only}`);
}
