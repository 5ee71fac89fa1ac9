import { listLocations } from '../../../core/inventory/locations';
import { applyStocktake, previewStocktake } from '../../../core/inventory/stocktake';
import { formFailure, formText } from '../../lib/action-result.server';
import { auditActor, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';

/** The Inventory tab: where stock is kept, to count one of them. */
export async function loadInventoryTab({ context }: AdminLoadArgs) {
  const locations = await listLocations(context.services.db);
  return { locations: locations.map(({ id, name, isDefault }) => ({ id, name, isDefault })) };
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
};
