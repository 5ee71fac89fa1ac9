import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, categories, products } from '../../db/schema/catalog';
import { containsPattern } from '../search-pattern';

/** Product-type phrases offered when the catalog itself has nothing closer (SPEC.md section 5). */
export const fallbackPhrases = [
  'Tote Bag',
  'Shoulder Bag',
  'Crossbody Bag',
  'Clutch Bag',
  'Leather Handbag',
  'Evening Bag',
  'Bucket Bag',
  'Mini Backpack',
  'Satchel',
  "Men's Suit",
  "Men's Shirt",
  'Linen Shirt',
  'Polo Shirt',
  'Blazer',
  'Chinos',
  'Kaftan',
  'Agbada',
] as const;

export const MAX_SUGGESTIONS = 8;

/**
 * Header suggestions for what a shopper has typed: categories and brands whose names contain it,
 * then product names (containing it, or close to it despite a typo), then the fallback phrases.
 */
export async function suggestSearches(db: DbOrTx, raw: unknown): Promise<string[]> {
  const q = typeof raw === 'string' ? raw.trim().slice(0, 100) : '';
  if (!q) return [];
  const pattern = containsPattern(q);
  const similarity = sql<number>`word_similarity(${q.toLowerCase()}, lower(${products.name}))`;

  const [categoryRows, brandRows, productRows] = await Promise.all([
    db
      .select({ name: categories.name })
      .from(categories)
      .where(ilike(categories.name, pattern))
      .orderBy(asc(categories.position))
      .limit(3),
    db
      .select({ name: brands.name })
      .from(brands)
      .where(ilike(brands.name, pattern))
      .orderBy(asc(brands.name))
      .limit(2),
    db
      .select({ name: products.name })
      .from(products)
      .where(and(eq(products.status, 'active'), or(ilike(products.name, pattern), sql`${similarity} >= 0.5`)))
      .orderBy(
        desc(sql`${products.name} ILIKE ${containsPattern(q).slice(1)}`),
        desc(similarity),
        desc(products.ratingAverage),
      )
      .limit(MAX_SUGGESTIONS),
  ]);

  const needle = q.toLowerCase();
  const phrases = fallbackPhrases.filter((phrase) => phrase.toLowerCase().includes(needle));
  const seen = new Set<string>();
  const suggestions: string[] = [];
  for (const name of [
    ...categoryRows.map((row) => row.name),
    ...brandRows.map((row) => row.name),
    ...productRows.map((row) => row.name),
    ...phrases,
  ]) {
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    suggestions.push(name);
    if (suggestions.length === MAX_SUGGESTIONS) break;
  }
  return suggestions;
}
