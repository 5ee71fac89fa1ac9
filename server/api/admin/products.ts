import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaUrl, srcSet } from '../../../contracts/media';
import { koboToNaira } from '../../../contracts/money';
import {
  IMAGE_TOO_LARGE,
  PRODUCT_IMAGE_MAX_BYTES,
  saveProductImageFromUrl,
  saveProductUpload,
  type ProductUpload,
} from '../../../core/admin/product-images';
import {
  createProduct,
  listAdminProducts,
  productStatuses,
  productStockFilters,
  removeProduct,
  updateProduct,
  type AdminProductRow,
} from '../../../core/admin/products';
import { AppError, isAppError } from '../../../core/errors';
import { currentUser } from '../../plugins/session';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema };

const adminProductDto = z.object({
  id: z.number(),
  name: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  brand: z.string().nullable(),
  price: z.number().describe('Naira'),
  originalPrice: z.number().nullable().describe('Naira; set when the product is on sale'),
  stockCount: z.number(),
  stockStatus: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
  status: z.enum(productStatuses),
  image: z.object({ url: z.string(), srcSet: z.string(), width: z.number(), height: z.number() }).nullable(),
  orderCount: z.number().describe('Order lines naming it; a product with any is archived, not deleted'),
  url: z.string().describe("The product's page in the shop"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

function toDto(row: AdminProductRow): z.infer<typeof adminProductDto> {
  return {
    id: row.id,
    name: row.name,
    category: { id: row.categoryId, name: row.categoryName },
    brand: row.brandName,
    price: koboToNaira(row.priceKobo),
    originalPrice: row.originalPriceKobo === null ? null : koboToNaira(row.originalPriceKobo),
    stockCount: row.stock,
    stockStatus: row.stockStatus,
    status: row.status,
    image: row.image
      ? {
          url: mediaUrl(row.image.key, row.image.widths[0] ?? row.image.width),
          srcSet: srcSet(row.image),
          width: row.image.width,
          height: row.image.height,
        }
      : null,
    orderCount: row.orderCount,
    url: `/product/${row.id}`,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const uploadDto = z.object({
  id: z.string().describe('Send it in `images` when creating the product'),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  srcSet: z.string(),
  variants: z.array(z.object({ width: z.number(), url: z.string() })),
});

function toUploadDto(upload: ProductUpload): z.infer<typeof uploadDto> {
  return {
    id: upload.id,
    width: upload.width,
    height: upload.height,
    url: mediaUrl(upload.key, upload.widths[0] ?? upload.width),
    srcSet: srcSet(upload),
    variants: upload.widths.map((width) => ({ width, url: mediaUrl(upload.key, width) })),
  };
}

const money = z.union([z.number(), z.string().max(20)]);
const createBody = z
  .object({
    name: z.string().max(1000),
    description: z.string().max(20_000),
    price: money,
    originalPrice: money.nullable(),
    stock: z.union([z.number(), z.string().max(20)]),
    category: z.string().max(80),
    brand: z.string().max(80).nullable(),
    sizes: z.array(z.string().max(40)).max(30),
    colors: z.array(z.string().max(60)).max(30).describe('Colour names of the category'),
    images: z
      .array(z.string().max(60))
      .max(8)
      .describe('Upload ids from POST /api/admin/products/images, in order'),
    imageUrl: z.string().max(2000).describe('A photo on the web; fetched, checked and stored'),
    isNew: z.boolean(),
    isHot: z.boolean(),
    freeShipping: z.boolean(),
  })
  .partial()
  .loose();

const updateBody = z
  .object({
    name: z.string().max(1000),
    description: z.string().max(20_000),
    price: money,
    originalPrice: money.nullable(),
    stock: z.union([z.number(), z.string().max(20)]),
    category: z.string().max(80),
    brand: z.string().max(80).nullable(),
    status: z.string().max(20).describe('active, or archived (hidden from the shop)'),
    isNew: z.boolean(),
    isHot: z.boolean(),
    freeShipping: z.boolean(),
  })
  .partial()
  .loose();

const idParams = z.object({ id: z.string().max(12) });
const NO_IMAGE = 'Please choose an image to upload.';

/** /api/admin/products: the catalogue as the admin manages it. Administrators only, checked on the server. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const services = { db: app.db, uploadDir: app.config.uploadDir };
  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const { id, email } = currentUser(request);
    return { id, email };
  };

  app.get(
    '/admin/products',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every product, newest first: search by name, category, brand or id; filter by category, stock state and status (active by default)',
        querystring: z.object({
          q: z.string().max(100).optional(),
          category: z.string().max(80).optional(),
          stock: z.enum(productStockFilters).or(z.literal('')).optional(),
          status: z
            .enum([...productStatuses, 'all'])
            .or(z.literal(''))
            .optional(),
          page: z.coerce.number().int().min(1).max(10_000).optional(),
          pageSize: z.coerce.number().int().min(1).max(100).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(adminProductDto),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pageCount: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const page = await listAdminProducts(app.db, request.query);
      return { ...page, items: page.items.map(toDto) };
    },
  );

  app.post(
    '/admin/products',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Add a product: name, description, price (naira), stock above 0, a category, and at least one image (upload ids or an image URL)',
        body: createBody,
        response: { 201: adminProductDto, ...adminErrors },
      },
    },
    async (request, reply) => {
      const created = await createProduct(services, request.body, actorOf(request));
      return reply.status(201).send(toDto(created.product));
    },
  );

  app.patch(
    '/admin/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change a product: any of name, description, price, originalPrice (null ends a sale), stock, category, brand, status',
        params: idParams,
        body: updateBody,
        response: { 200: adminProductDto, ...adminErrors },
      },
    },
    async (request) => {
      const updated = await updateProduct(app.db, request.params.id, request.body, actorOf(request));
      return toDto(updated.product);
    },
  );

  app.delete(
    '/admin/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Delete a product: one that is in any order is archived instead (hidden from the shop, kept for the order history)',
        params: idParams,
        response: {
          200: z.object({
            id: z.number(),
            name: z.string(),
            outcome: z.enum(['archived', 'deleted']),
            orderCount: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => removeProduct(app.db, request.params.id, actorOf(request)),
  );

  app.post(
    '/admin/products/images',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Store a product photo: multipart field `image` (JPEG, PNG, WebP, GIF or AVIF up to 10 MB), or JSON { url }. Returns its upload id and WebP variants',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: uploadDto, 413: errorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      let upload: ProductUpload;
      if (request.isMultipart()) {
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== 'image')
            throw new AppError('BAD_REQUEST', NO_IMAGE, { image: NO_IMAGE });
          bytes = await file.toBuffer();
        } catch (error) {
          if (isAppError(error)) throw error;
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('BAD_REQUEST', IMAGE_TOO_LARGE, { image: IMAGE_TOO_LARGE });
          // A cut-off or malformed multipart body is the client's mistake, never a server error.
          throw new AppError('BAD_REQUEST', 'The upload was incomplete. Please try again.', {
            image: 'The upload was incomplete. Please try again.',
          });
        }
        upload = await saveProductUpload(services.uploadDir, bytes);
      } else {
        const body = z.object({ url: z.string().max(2000) }).safeParse(request.body);
        if (!body.success)
          throw new AppError('BAD_REQUEST', 'Send the photo as multipart field "image", or JSON { "url" }.', {
            image: 'required',
          });
        upload = await saveProductImageFromUrl(services.uploadDir, body.data.url, { field: 'url' });
      }
      return reply.status(201).send(toUploadDto(upload));
    },
  );
};
