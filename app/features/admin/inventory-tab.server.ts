import { runCommand } from '../../../core/commands';
import { listLocations } from '../../../core/inventory/locations';
import { formFailure, formText } from '../../lib/action-result.server';
import { commandContext, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';

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
  'stocktake-preview': async ({ context, form, admin }) => {
    try {
      const preview = await runCommand(
        'inventory.stocktake.preview',
        commandContext(context, admin),
        stocktakeInput(form),
      );
      return { ok: true, intent: 'stocktake-preview', message: '', preview };
    } catch (error) {
      return formFailure(error, 'The count could not be reviewed. Please try again.');
    }
  },
  'stocktake-apply': async ({ context, form, admin }) => {
    try {
      const stocktake = await runCommand(
        'inventory.stocktake.apply',
        commandContext(context, admin),
        stocktakeInput(form),
      );
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
    const quantity = formText(form, 'quantity').trim();
    try {
      const moved = await runCommand('inventory.transfer', commandContext(context, admin), {
        sku: formText(form, 'sku'),
        from: optionalNumber(formText(form, 'from')),
        to: optionalNumber(formText(form, 'to')),
        quantity: /^\d+$/.test(quantity) ? Number(quantity) : undefined,
        note: formText(form, 'note').trim() || undefined,
      });
      return {
        ok: true,
        intent: 'transfer',
        message: `Moved ${moved.quantity} of ${moved.sku} from ${moved.from.name} to ${moved.to.name}`,
        productId: moved.productId,
        product: moved.product,
      };
    } catch (error) {
      return formFailure(error, 'The units could not be moved. Please try again.');
    }
  },
};
