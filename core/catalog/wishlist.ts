import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { ImageRef } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { wishlistItems } from '../../db/schema/wishlists';
import { leadImages } from './product-rows';

/** The most pieces a wishlist keeps; a longer list sent to merge or replace is refused with 400 by its schema. */
export const MAX_WISHLIST_ITEMS = 200;

/** A saved piece as the wishlist shows it: today's name, department or category, price and picture. */
export interface WishlistEntry {
  productId: number;
  name: string;
  categoryName: string;
  priceKobo: number;
  image: ImageRef | null;
}

/** The account's wishlist, oldest saved first; pieces no longer on sale (archived, deleted) are left out. */
export async function readWishlist(db: DbOrTx, userId: string): Promise<WishlistEntry[]> {
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      categoryName: categories.name,
      priceKobo: products.priceKobo,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.status, 'active')))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
  const images = await leadImages(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => ({ ...row, image: images.get(row.productId) ?? null }));
}

/** Saves pieces on the account, in the order given, after those already there; ids of no product on sale are ignored. */
async function saveAll(db: DbOrTx, userId: string, productIds: readonly number[]): Promise<void> {
  const ids = [...new Set(productIds)].slice(0, MAX_WISHLIST_ITEMS);
  if (ids.length === 0) return;
  const onSale = new Set(
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.status, 'active')))
    ).map((row) => row.id),
  );
  const kept = ids.filter((id) => onSale.has(id));
  if (kept.length === 0) return;
  // One clock tick apart, so the list keeps the order the shopper saved them in.
  await db
    .insert(wishlistItems)
    .values(
      kept.map((productId, index) => ({
        userId,
        productId,
        createdAt: sql`clock_timestamp() + make_interval(secs => ${index / 1000})`,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Signing in on a device: the browser's wishlist joins the account's (nothing saved on either side is
 * lost), and the whole list is answered for the browser to keep.
 */
export async function mergeWishlist(
  db: DbOrTx,
  userId: string,
  productIds: readonly number[],
): Promise<WishlistEntry[]> {
  await saveAll(db, userId, productIds);
  return readWishlist(db, userId);
}

/**
 * A signed-in shopper saved or removed a piece: the account's wishlist becomes the browser's list.
 * Pieces still on it keep when they were saved.
 */
export async function replaceWishlist(
  db: DbOrTx,
  userId: string,
  productIds: readonly number[],
): Promise<WishlistEntry[]> {
  const ids = [...new Set(productIds)].slice(0, MAX_WISHLIST_ITEMS);
  await db.transaction(async (tx) => {
    await tx
      .delete(wishlistItems)
      .where(
        ids.length > 0
          ? and(eq(wishlistItems.userId, userId), notInArray(wishlistItems.productId, ids))
          : eq(wishlistItems.userId, userId),
      );
    await saveAll(tx, userId, ids);
  });
  return readWishlist(db, userId);
}
