import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_DB_INTEGER } from '../../../contracts/limits';
import { mediaUrl } from '../../../contracts/media';
import { koboToNaira } from '../../../contracts/money';
import {
  MAX_WISHLIST_ITEMS,
  mergeWishlist,
  readWishlist,
  replaceWishlist,
  type WishlistEntry,
} from '../../../core/catalog/wishlist';
import { currentUser, requireUser } from '../../plugins/session';
import { declareAnswers, errorSchema, signedInAnswers } from '../schemas';

/** The width of the wishlist's thumbnails, as the product cards ask for. */
const THUMBNAIL_WIDTH = 320;

const wishlistDto = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      image: z.string().nullable().describe('The lead picture, 320 px wide'),
      category: z.string(),
      price: z.number().describe('In naira'),
    }),
  ),
});

const productIdsBody = z.object({
  productIds: z
    .array(
      z
        .number('Each product id must be a number')
        .int('Each product id must be a whole number')
        .min(1, 'Each product id must be 1 or more')
        .max(MAX_DB_INTEGER, `Each product id must be at most ${MAX_DB_INTEGER}`),
      'productIds must be a list of product ids',
    )
    .max(MAX_WISHLIST_ITEMS, `A wishlist keeps at most ${MAX_WISHLIST_ITEMS} pieces`),
});

function toDto(entries: WishlistEntry[]): z.infer<typeof wishlistDto> {
  return {
    items: entries.map((entry) => ({
      id: entry.productId,
      name: entry.name,
      image: entry.image ? mediaUrl(entry.image.key, THUMBNAIL_WIDTH) : null,
      category: entry.categoryName,
      price: koboToNaira(entry.priceKobo),
    })),
  };
}

/**
 * A signed-in shopper's wishlist, kept with the account so it follows her to another device (decision 0040).
 * A guest's stays in the browser only.
 */
export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser());
  declareAnswers(app, signedInAnswers);
  const { db } = app.services;

  app.get(
    '/wishlist',
    {
      schema: {
        tags: ['catalog'],
        summary: "The signed-in shopper's wishlist, oldest saved first",
        description: 'Pieces no longer on sale are left out.',
        response: { 200: wishlistDto, 401: errorSchema },
      },
    },
    async (request) => toDto(await readWishlist(db, currentUser(request).id)),
  );

  app.put(
    '/wishlist',
    {
      schema: {
        tags: ['catalog'],
        summary: "Make the account's wishlist the list sent (a piece saved or removed on this device)",
        description: 'Ids of no product on sale are ignored. Answers the list as kept.',
        body: productIdsBody,
        response: { 200: wishlistDto, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => toDto(await replaceWishlist(db, currentUser(request).id, request.body.productIds)),
  );

  app.post(
    '/wishlist/merge',
    {
      schema: {
        tags: ['catalog'],
        summary: "Join this browser's wishlist to the account's (on signing in); answers the whole list",
        description: 'Nothing saved on either side is lost; ids of no product on sale are ignored.',
        body: productIdsBody,
        response: { 200: wishlistDto, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => toDto(await mergeWishlist(db, currentUser(request).id, request.body.productIds)),
  );
};
