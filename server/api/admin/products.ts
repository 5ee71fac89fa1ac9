import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaUrl, srcSet } from '../../../contracts/media';
import { koboToNaira } from '../../../contracts/money';
import { MAX_PRICE_NAIRA } from '../../../contracts/limits';
import {
  HEX_PATTERN,
  MAX_COLOR_LENGTH,
  MAX_LOW_STOCK_THRESHOLD,
  MAX_OPTIONS,
  MAX_SIZE_LENGTH,
  MAX_SKU_LENGTH,
  MAX_VARIANTS,
  SKU_PATTERN,
  cellName,
  gridMessages,
} from '../../../core/catalog/product-grid';
import {
  IMAGE_NOT_FOUND,
  IMAGE_TOO_LARGE,
  PRODUCT_IMAGE_MAX_BYTES,
  saveProductImageFromUrl,
  saveProductUpload,
  UPLOAD_ID_PATTERN,
  type ProductUpload,
} from '../../../core/catalog/product-images';
import {
  listAdminProducts,
  MAX_PRODUCT_IMAGES,
  MAX_STOCK,
  productInputError,
  productMessages,
  productStatuses,
  productStockFilters,
  type AdminProductRow,
} from '../../../core/catalog/manage-products';
import { AppError, isAppError } from '../../../core/errors';
import { fieldsFromValidation } from '../../plugins/errors';
import { runCommand } from '../../../core/commands';
import { staffCommand } from './actor';
import { documentedBody, errorResponses, errorSchema, ruleAnswers } from '../schemas';

const adminErrors = {
  ...errorResponses,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  ...ruleAnswers,
};

const adminProductDto = z.object({
  id: z.number(),
  name: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  brand: z.string().nullable(),
  price: z.number().describe('Naira'),
  originalPrice: z.number().nullable().describe('Naira; set when the product is on sale'),
  stockCount: z.number().describe('The sum of its variants'),
  stockStatus: z
    .enum(['in_stock', 'low_stock', 'out_of_stock'])
    .describe('out: every variant is out; low: some variant is out or below 5 while others sell'),
  variants: z
    .array(
      z.object({
        id: z.number(),
        size: z.string().nullable(),
        color: z.string().nullable(),
        sku: z.string(),
        stock: z.number().describe('Exact'),
        price: z.number().nullable().describe("Naira; null: the product's price"),
        cost: z.number().nullable().describe('Naira: what a unit cost the shop; null: not known'),
        lowStockThreshold: z
          .number()
          .nullable()
          .describe("Low below this many units; null: the shop's default"),
      }),
    )
    .describe('Its sizes × colours, in the order a shopper sees them'),
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
    variants: row.variants.map((variant) => ({
      id: variant.id,
      size: variant.size,
      color: variant.color,
      sku: variant.sku,
      stock: variant.stock,
      price: variant.priceKobo === null ? null : koboToNaira(variant.priceKobo),
      cost: variant.costKobo === null ? null : koboToNaira(variant.costKobo),
      lowStockThreshold: variant.lowStockThreshold,
    })),
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

// A product as the API takes it, every rule of its shape stated (400). The shop's own rules (a category
// it has, a colour named without its hex among that category's, each size and colour once, a brand of
// its department, an upload it made, a URL that serves a photo, at least one image, an original price
// above the price) answer 422.
const text = (required: string, max: number) =>
  z.string(required).trim().min(1, required).max(max, `Use at most ${max} characters.`);
const naira = (required: string, positive: string) =>
  z
    .number(required)
    .positive(positive)
    .max(MAX_PRICE_NAIRA, 'That price is too high.')
    .multipleOf(0.01, 'Use at most two decimals.');
const wholeStock = (min: number, message: string) =>
  z
    .number('Enter the stock as a whole number.')
    .int('Enter the stock as a whole number.')
    .min(min, message)
    .max(MAX_STOCK, 'That is more stock than the shop can hold.');
const price = naira('Enter the price in naira.', 'The price must be more than ₦0.');
const originalPrice = naira(
  'Enter the original price in naira, or leave it empty.',
  'The original price must be more than ₦0.',
)
  .nullable()
  .describe('Naira, above the price: the product is on sale. null: not on sale');
const brand = z.string().trim().max(80).nullable().describe('A brand id of the category’s department');
const imageUrl = z
  .string()
  .trim()
  .max(2000, productMessages.invalidImageUrl)
  // eslint-disable-next-line no-control-regex -- an address holds no control characters
  .regex(/^https?:\/\/[^\s\u0000-\u001f]+$/, productMessages.invalidImageUrl);
const imageUrlBody = z.object({ url: imageUrl });

// eslint-disable-next-line no-control-regex -- an option's name holds no control characters
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;
const optionText = (max: number, required: string) =>
  z.string(required).trim().min(1, required).max(max, `Use at most ${max} characters.`).regex(NO_CONTROL);
const sizeName = optionText(MAX_SIZE_LENGTH, 'Enter the size.');
const colorOption = z.object({
  name: optionText(MAX_COLOR_LENGTH, 'Enter the colour’s name.'),
  hex: z.string('Pick the colour.').regex(HEX_PATTERN, 'Pick the colour (#RRGGBB).'),
});
const noOption = z.union([z.literal(''), z.null()]);
const variantRow = z.object({
  size: z
    .union([z.string().max(MAX_SIZE_LENGTH).regex(NO_CONTROL), z.null()])
    .optional()
    .describe("One of the product's sizes; null or '' when it has none"),
  color: z
    .union([z.string().max(MAX_COLOR_LENGTH).regex(NO_CONTROL), z.null()])
    .optional()
    .describe("One of the product's colour names; null or '' when it has none"),
  sku: z
    .union([
      z.string().max(MAX_SKU_LENGTH).regex(SKU_PATTERN, 'Use letters, digits and - _ . / only.'),
      noOption,
    ])
    .optional()
    .describe(
      'Unique in the shop, stored upper case; blank or left out: the variant keeps its own, a new one gets ROS-{id}-{size}-{colour}',
    ),
  stock: z
    .number('Enter the stock as a whole number.')
    .int('Enter the stock as a whole number.')
    .min(0, 'Stock cannot be below zero.')
    .max(MAX_STOCK, 'That is more stock than the shop can hold.'),
  price: naira('Enter the price in naira.', 'The price must be more than ₦0.')
    .nullable()
    .optional()
    .describe("Naira; null or left out: the product's price"),
  cost: z
    .number(gridMessages.cost)
    .min(0, gridMessages.negativeCost)
    .max(MAX_PRICE_NAIRA, 'That cost is too high.')
    .multipleOf(0.01, 'Use at most two decimals.')
    .nullable()
    .optional()
    .describe(
      'Naira: what a unit cost the shop, for the stock value report; null: not known; left out: kept as it is',
    ),
  lowStockThreshold: z
    .number(gridMessages.lowStockThreshold)
    .int(gridMessages.lowStockThreshold)
    .min(0, gridMessages.lowStockThreshold)
    .max(MAX_LOW_STOCK_THRESHOLD, gridMessages.lowStockThreshold)
    .nullable()
    .optional()
    .describe("Low below this many units; null: the shop's default; left out: kept as it is"),
});
const variantsBody = z
  .array(variantRow)
  .min(1, 'Keep at least one size and colour in the grid.')
  .max(MAX_VARIANTS)
  .describe(
    'The whole grid: one row per size × colour it sells (each once, of its sizes and colours after this change); rows left out are removed with their units',
  );
const specsBody = z
  .array(
    z.object({
      name: z.string('Name the specification.').trim().min(1, 'Name the specification.').max(60),
      value: z.string('Give its value.').trim().min(1, 'Give its value.').max(500),
    }),
  )
  .max(MAX_OPTIONS)
  .describe('Specification rows (name once each); replaces them all');

const createBody = z.object({
  name: text('Enter the product name.', 120),
  description: text('Enter a description.', 5000),
  price,
  originalPrice: originalPrice.optional(),
  stock: wholeStock(1, 'Stock must be greater than zero.')
    .optional()
    .describe('Spread over its sizes and colours; or give the grid in `variants` (then it is their sum)'),
  category: text('Choose a category.', 80).describe('A category id'),
  brand: brand.optional(),
  sizes: z
    .array(sizeName)
    .max(MAX_OPTIONS, 'Choose at most 30 sizes.')
    .optional()
    .describe('The category’s sizes or the shop’s own (free text), in order; each once (422)'),
  colors: z
    .array(z.union([z.string().trim().min(1).max(60), colorOption]))
    .max(MAX_OPTIONS, 'Choose at most 30 colours.')
    .optional()
    .describe(
      'Colour names of the category, or the shop’s own { name, hex }, in order; each once, a name without a hex must be the category’s (422)',
    ),
  specs: specsBody.optional(),
  variants: variantsBody.optional(),
  images: z
    .array(z.string().regex(UPLOAD_ID_PATTERN, 'An image was not found. Please upload it again.'))
    .max(MAX_PRODUCT_IMAGES, `Add at most ${MAX_PRODUCT_IMAGES} images.`)
    .optional()
    .describe('Upload ids from POST /api/admin/products/images, in order; or give imageUrl'),
  imageUrl: imageUrl.optional().describe('A photo on the web (http or https); fetched, checked and stored'),
  isNew: z.boolean().optional(),
  isHot: z.boolean().optional(),
  freeShipping: z.boolean().optional(),
});

const updateBody = z.object({
  name: text('Enter the product name.', 120).optional(),
  description: text('Enter a description.', 5000).optional(),
  price: price.optional(),
  originalPrice: originalPrice.optional(),
  stock: wholeStock(0, 'Stock cannot be below zero.')
    .optional()
    .describe(
      'Sets the only variant of a product that has one; with several: 422 "Set stock per size and colour."',
    ),
  category: text('Choose a category.', 80).optional(),
  brand: brand.optional(),
  status: z
    .enum(productStatuses, 'Status is active or archived.')
    .optional()
    .describe('active, or archived (hidden from the shop)'),
  isNew: z.boolean().optional(),
  isHot: z.boolean().optional(),
  freeShipping: z.boolean().optional(),
  specs: specsBody.optional(),
  sizes: z
    .array(sizeName)
    .max(MAX_OPTIONS, 'Keep at most 30 sizes.')
    .optional()
    .describe(
      'The shop’s own sizes, in order. Without a grid, new combinations get 0 units; removing a size whose variants hold units is refused (422)',
    ),
  colors: z
    .array(colorOption)
    .max(MAX_OPTIONS, 'Keep at most 30 colours.')
    .optional()
    .describe('The shop’s own colours, in order; as sizes'),
  variants: variantsBody.optional(),
  images: z
    .array(
      z.object({
        key: z.string(IMAGE_NOT_FOUND).regex(UPLOAD_ID_PATTERN, IMAGE_NOT_FOUND),
        color: z.string().max(40).nullable().optional(),
      }),
    )
    .min(1, 'Keep at least one photo.')
    .max(MAX_PRODUCT_IMAGES, `Add at most ${MAX_PRODUCT_IMAGES} images.`)
    .optional()
    .describe(
      'Every photo in order (the first is the cover): upload ids from POST /api/admin/products/images or keys of its own photos, each with the colour it shows (null: every colour)',
    ),
});

/** A product body that breaks its schema, told in the form's words (SPEC's headline for a required field). */
const productSchemaError =
  (kind: 'create' | 'edit') =>
  (errors: NonNullable<Parameters<typeof fieldsFromValidation>[0]['validation']>) => {
    const fields: Record<string, string> = {};
    for (const [name, message] of Object.entries(fieldsFromValidation({ validation: errors }))) {
      const parts = name.split('.');
      const listed =
        ['variants', 'images', 'colors', 'sizes', 'specs'].includes(parts[0]!) && parts.length > 1;
      fields[listed ? cellName(parts) : parts[0]!] ??= message;
    }
    return productInputError(fields, kind);
  };

const idParams = z.object({ id: z.string().max(12) });
const NO_IMAGE = 'Please choose an image to upload.';

/** /api/admin/products: the catalogue as the admin manages it. Administrators only, checked on the server. */
export const adminProductRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });
  const services = { db: app.db, uploadDir: app.config.uploadDir };

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
      schemaErrorFormatter: productSchemaError('create'),
    },
    async (request, reply) => {
      const created = await runCommand('products.create', staffCommand(app.services, request), request.body);
      return reply.status(201).send(toDto(created.product));
    },
  );

  app.patch(
    '/admin/products/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Change a product: any of name, description, price, originalPrice (null ends a sale), category, brand, status, flags, specifications, its own sizes and colours, the grid of stock, SKU, price, cost and low-stock level per size × colour (`variants`), and its photos with their colours; all in one transaction, recorded in the activity log',
        description:
          'A grid naming a size or colour the product does not sell, a row twice, a SKU another product uses, `stock` for a product with several variants, removing an option whose variants hold units without the grid, or a photo the shop does not have answers 422 with a message per cell (`variants[3].sku`).',
        params: idParams,
        body: updateBody,
        response: { 200: adminProductDto, ...adminErrors },
      },
      schemaErrorFormatter: productSchemaError('edit'),
    },
    async (request) => {
      const updated = await runCommand('products.update', staffCommand(app.services, request), {
        id: request.params.id,
        changes: request.body,
      });
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
    async (request) => runCommand('products.remove', staffCommand(app.services, request), request.params),
  );

  app.post(
    '/admin/products/images',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Store a product photo: multipart field `image` (JPEG, PNG, WebP, GIF or AVIF up to 10 MB), or JSON { url }. Returns its upload id and WebP variants',
        description:
          'A file that is not such an image (read from its bytes), or smaller than 200 pixels a side, or a URL that does not serve one, answers 422.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: uploadDto, 413: errorSchema, ...adminErrors },
      },
      config: {
        swaggerTransform: documentedBody({
          'multipart/form-data': {
            type: 'object',
            properties: {
              image: { type: 'string', format: 'binary', minLength: 1, maxLength: PRODUCT_IMAGE_MAX_BYTES },
            },
            required: ['image'],
          },
          'application/json': imageUrlBody,
        }),
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
        const body = imageUrlBody.safeParse(request.body);
        if (!body.success)
          throw new AppError('BAD_REQUEST', 'Send the photo as multipart field "image", or JSON { "url" }.', {
            [request.body && typeof request.body === 'object' && 'url' in request.body ? 'url' : 'image']:
              body.error.issues[0]?.message ?? 'required',
          });
        upload = await saveProductImageFromUrl(services.uploadDir, body.data.url, { field: 'url' });
      }
      return reply.status(201).send(toUploadDto(upload));
    },
  );
};
