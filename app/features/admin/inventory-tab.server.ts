import { AppError } from '../../../core/errors';
import { listLocations } from '../../../core/inventory/locations';
import { variantsFor } from '../../../core/inventory/move';
import { applyStocktake, previewStocktake } from '../../../core/inventory/stocktake';
import { transferStock } from '../../../core/inventory/transfer';
import { formFailure, formText } from '../../lib/action-result.server';
import { auditActor, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';

/** The Inventory tab: where stock is kept, to count one of them or move units between them. */
export async function loadInventoryTab({ context }: AdminLoadArgs) {
  const locations = await listLocations(context.services.db);
  return {
    locations: locations.map(({ id, name, isDefault, fulfilsOnline }) => ({
      id,
      name,
      isDefault,
      fulfilsOnline,
    })),
  };
}

const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The posted count as core reads it: the typed rows (a row without a SKU is skipped), the CSV, the moment. */
function stocktakeInput(form: FormData) {
  const skus = form.getAll('sku').map(String);
  const counted = form.getAll('counted').map(String);
  return {
    locationId: optionalNumber(formText(form, 'locationId')),
    counts: skus.flatMap((sku, index) =>
      sku.trim() === '' ? [] : [{ sku, counted: optionalNumber(counted[index] ?? '') }],
    ),
    csv: formText(form, 'csv') || undefined,
    asOf: optionalNumber(formText(form, 'asOf')),
  };
}

export const inventoryActions: Record<string, AdminActionHandler> = {
  'stocktake-preview': async ({ context, form }) => {
    try {
      const preview = await previewStocktake(context.services.db, stocktakeInput(form));
      return { ok: true, intent: 'stocktake-preview', message: '', preview };
    } catch (error) {
      return formFailure(error, 'The count could not be reviewed. Please try again.');
    }
  },
  'stocktake-apply': async ({ context, form, admin }) => {
    try {
      const stocktake = await applyStocktake(context.services.db, stocktakeInput(form), auditActor(admin));
      const changed = stocktake.lines.filter((line) => line.difference !== 0).length;
      return {
        ok: true,
        intent: 'stocktake-apply',
        message: `Stocktake ${stocktake.id} applied: ${changed} ${changed === 1 ? 'size' : 'sizes'} changed`,
        stocktake,
      };
    } catch (error) {
      return formFailure(error, 'The stocktake could not be applied. Please try again.');
    }
  },
  transfer: async ({ context, form, admin }) => {
    const db = context.services.db;
    const sku = formText(form, 'sku').trim().toUpperCase();
    const quantity = formText(form, 'quantity').trim();
    try {
      if (sku === '')
        throw new AppError('BAD_REQUEST', 'Enter the SKU to move', { sku: 'Enter the SKU to move' });
      if (!/^\d+$/.test(quantity))
        throw new AppError('BAD_REQUEST', 'Enter the units to move as a whole number', {
          quantity: 'Enter the units to move as a whole number',
        });
      const [variant] = await variantsFor(db, [], [sku]);
      if (!variant)
        throw new AppError('NOT_FOUND', `No size with SKU ${sku}`, { sku: `No size with SKU ${sku}` });
      const moved = await transferStock(
        db,
        {
          variantId: variant.id,
          from: optionalNumber(formText(form, 'from')),
          to: optionalNumber(formText(form, 'to')),
          quantity: Number(quantity),
          note: formText(form, 'note').trim() || undefined,
        },
        auditActor(admin),
      );
      const names = new Map((await listLocations(db)).map((place) => [place.id, place.name]));
      return {
        ok: true,
        intent: 'transfer',
        message: `Moved ${Number(quantity)} of ${moved.sku} from ${names.get(moved.from.locationId)} to ${names.get(moved.to.locationId)}`,
        productId: variant.productId,
        product: variant.name,
      };
    } catch (error) {
      return formFailure(error, 'The units could not be moved. Please try again.');
    }
  },
};
