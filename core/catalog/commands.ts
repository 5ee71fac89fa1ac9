import { z } from 'zod';
import { importVariantChoices } from '../../contracts/product-import';
import { command } from '../command';
import { createProduct, removeProduct, updateProduct } from './manage-products';
import { importProducts } from './product-import';

/** A product's id as a route or a form carries it; the domain says 404 for one that is no product's. */
const productId = z.unknown();

/** What staff do to the catalogue (core/commands gathers every domain's). */
export const catalogCommands = {
  'products.create': command({
    permission: 'catalog.manage',
    summary: 'Add a product with its price, sizes and colours, stock per size × colour, category and photos.',
    // Judged by the domain (productCreateSchema), which names each field, or the fields still missing.
    input: z.unknown(),
    run: ({ services, actor }, product) => createProduct(services, product, actor),
  }),
  'products.update': command({
    permission: 'catalog.manage',
    summary:
      'Change a product: its words, price and sale, category, status, sizes and colours, the stock grid and its photos, in one step.',
    // The changes are judged by the domain (productUpdateSchema), cell by cell for the grid.
    input: z.object({ id: productId, changes: z.unknown() }),
    run: ({ services, actor }, { id, changes }) =>
      updateProduct(services.db, id, changes, actor, { uploadDir: services.uploadDir }),
  }),
  'products.remove': command({
    permission: 'catalog.manage',
    summary: 'Delete a product; one in any order is archived instead, kept for the order history.',
    input: z.object({ id: productId }),
    run: ({ db, actor }, { id }) => removeProduct(db, id, actor),
  }),
  'products.import': command({
    permission: 'catalog.manage',
    summary: 'Add and update products from a CSV file, checked first when asked (a dry run writes nothing).',
    input: z.object({
      file: z.instanceof(Uint8Array),
      dryRun: z.boolean(),
      variants: z.enum(importVariantChoices),
    }),
    run: ({ services, actor }, { file, ...options }) => importProducts(services, file, { ...options, actor }),
  }),
};
