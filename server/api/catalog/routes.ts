import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productListQuerySchema, reviewFitIds } from '../../../contracts/catalog';
import { getProduct, listRelatedProducts } from '../../../core/catalog/get-product';
import { getCategory, listCategories } from '../../../core/catalog/list-categories';
import { listFacets } from '../../../core/catalog/list-facets';
import { listProducts } from '../../../core/catalog/list-products';
import { addReview, listReviews, REVIEW_FIELDS_MISSING } from '../../../core/catalog/reviews';
import { currentUser, requireUser } from '../../plugins/session';
import { suggestSearches } from '../../../core/catalog/suggest-searches';
import { errorResponses, errorSchema, formMessages } from '../schemas';
import {
  categoryDto,
  listFacetsDto,
  productDetailDto,
  productPageDto,
  productSummaryDto,
  toCategoryDto,
  toListFacetsDto,
  toProductDetailDto,
  toProductSummaryDto,
} from './dto';

const idParam = z.object({ id: z.string().min(1).max(80) });

/**
 * A review as the API takes it: every field of SPEC's review form required (1 to 5 stars, a title, a
 * text), and the optional fit answer.
 */
const reviewBody = z.object({
  rating: z
    .number('Choose from 1 to 5 stars')
    .int('Choose from 1 to 5 stars')
    .min(1, 'Choose from 1 to 5 stars')
    .max(5, 'Choose from 1 to 5 stars'),
  title: z
    .string('A title is required')
    .trim()
    .min(1, 'A title is required')
    .max(120, 'The title must be at most 120 characters'),
  comment: z
    .string('A review is required')
    .trim()
    .min(1, 'A review is required')
    .max(2000, 'The review must be at most 2000 characters'),
  fit: z
    .enum(reviewFitIds, 'Choose Runs small, True to size or Runs large')
    .optional()
    .describe('How it fitted (a piece with sizes only): runs small, true to size or runs large.'),
});

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Search suggestions for the header: category, brand and product names, then product-type phrases',
        querystring: z.object({ q: z.string().max(100).default('') }),
        response: { 200: z.object({ suggestions: z.array(z.string()) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { suggestions: await suggestSearches(app.db, request.query.q) };
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List products, filtered, sorted and paged',
        querystring: productListQuerySchema,
        response: { 200: productPageDto, ...errorResponses },
      },
    },
    async (request) => {
      const page = await listProducts(app.db, request.query);
      return { ...page, items: page.items.map(toProductSummaryDto) };
    },
  );

  app.get(
    '/products/facets',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "What a list can be narrowed to: its sizes and colours in stock and its price bands, each counted with the list's other filters applied but its own",
        querystring: productListQuerySchema,
        response: { 200: listFacetsDto, ...errorResponses },
      },
    },
    async (request) => toListFacetsDto(await listFacets(app.db, request.query)),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'One product with its images, sizes, specifications, its variants (each size × colour with its SKU, price and stock) and related products',
        params: idParam,
        response: {
          200: productDetailDto.extend({ related: z.array(productSummaryDto) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const [product, related] = await Promise.all([
        getProduct(app.db, request.params.id),
        listRelatedProducts(app.db, request.params.id),
      ]);
      return { ...toProductDetailDto(product), related: related.map(toProductSummaryDto) };
    },
  );

  const reviewDto = z.object({
    id: z.number(),
    rating: z.number(),
    title: z.string(),
    comment: z.string(),
    author: z.string(),
    date: z.string(),
  });

  app.get(
    '/products/:id/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A product's reviews, newest first, 10 a page, with the count of each star rating",
        params: idParam,
        querystring: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
        response: {
          200: z.object({
            reviews: z.array(reviewDto),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            distribution: z.record(z.string(), z.number()),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listReviews(app.db, request.params.id, request.query),
  );

  app.post(
    '/products/:id/reviews',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['catalog'],
        summary: 'Review a product (signed in; one review per product)',
        params: idParam,
        body: reviewBody,
        response: { 201: reviewDto, ...errorResponses, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
      schemaErrorFormatter: formMessages(REVIEW_FIELDS_MISSING),
    },
    async (request, reply) => {
      const review = await addReview(
        app.services.accounts,
        currentUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(review);
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Every category with its subcategories and brands',
        response: { 200: z.object({ categories: z.array(categoryDto) }) },
      },
    },
    async () => ({ categories: (await listCategories(app.db)).map(toCategoryDto) }),
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One category',
        params: idParam,
        response: { 200: categoryDto, ...errorResponses },
      },
    },
    async (request) => toCategoryDto(await getCategory(app.db, request.params.id)),
  );

  app.get(
    '/categories/:id/products',
    {
      schema: {
        tags: ['catalog'],
        summary: "A category's products (a department includes its subcategories)",
        params: idParam,
        querystring: productListQuerySchema.omit({ category: true }),
        response: { 200: productPageDto, ...errorResponses },
      },
    },
    async (request) => {
      await getCategory(app.db, request.params.id);
      const page = await listProducts(app.db, { ...request.query, category: request.params.id });
      return { ...page, items: page.items.map(toProductSummaryDto) };
    },
  );
};
