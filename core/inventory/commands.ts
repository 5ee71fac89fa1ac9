import { z } from 'zod';
import { command } from '../command';
import { adjustmentBodySchema, adjustStock } from './adjust';
import { createLocation, locationCreateSchema, locationPatchSchema, updateLocation } from './locations';
import { applyStocktake, previewStocktake, stocktakeBodySchema } from './stocktake';
import { transferBodySchema, transferStock } from './transfer';

/** What staff do to stock and its locations (core/commands gathers every domain's). */
export const inventoryCommands = {
  'inventory.adjust': command({
    permission: 'catalog.manage',
    summary: 'Change a size × colour’s count by hand: received, found, damaged, lost or a correction.',
    input: adjustmentBodySchema,
    run: ({ db, actor }, input) => adjustStock(db, input, actor),
  }),
  'inventory.stocktake.preview': command({
    permission: 'catalog.manage',
    summary: 'Show each counted size against the books before anything is applied.',
    input: stocktakeBodySchema,
    run: ({ db }, input) => previewStocktake(db, input),
  }),
  'inventory.stocktake.apply': command({
    permission: 'catalog.manage',
    summary: 'Apply a count, each size against the books at the count’s moment.',
    input: stocktakeBodySchema,
    run: ({ db, actor }, input) => applyStocktake(db, input, actor),
  }),
  'inventory.transfer': command({
    permission: 'catalog.manage',
    summary: 'Move units of a size × colour from one location to another.',
    input: transferBodySchema,
    run: ({ db, actor }, input) => transferStock(db, input, actor),
  }),
  'locations.create': command({
    permission: 'settings.manage',
    summary: 'Add a location: a second shop, a store room.',
    input: locationCreateSchema,
    run: ({ db, actor }, input) => createLocation(db, input, actor),
  }),
  'locations.update': command({
    permission: 'settings.manage',
    summary:
      'Change a location: its name, address, whether it sells online or hands over pickups, its order.',
    input: locationPatchSchema.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    run: ({ db, actor }, { id, ...changes }) => updateLocation(db, id, changes, actor),
  }),
};
