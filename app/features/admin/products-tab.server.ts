import {
  listAdminProducts,
  listProductDepartments,
  parseAdminProductQuery,
} from '../../../core/catalog/manage-products';
import { runCommand } from '../../../core/commands';
import { formFailure, formText } from '../../lib/action-result.server';
import { commandContext, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

/** All Products: the filtered page of products, and the category tree for the filters and the inline edit. */
export async function loadProductsTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const query = parseAdminProductQuery(params);
  const [list, departments] = await Promise.all([listAdminProducts(db, query), listProductDepartments(db)]);
  return {
    filter: { q: query.q, category: query.category, stock: query.stock ?? '', status: query.status },
    list,
    departments: departments.map((department) => ({
      id: department.id,
      name: department.name,
      categories: department.categories.map((category) => ({ id: category.id, name: category.name })),
    })),
  };
}

const productAction =
  (fallback: string, run: (args: Parameters<AdminActionHandler>[0]) => Promise<string>): AdminActionHandler =>
  async (args) => {
    const intent = formText(args.form, 'intent');
    try {
      return { ok: true, intent, message: await run(args) } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, fallback);
    }
  };

/** The row's inline edit (Save), Delete (archive when ordered) and Restore; intents are prefixed `product-`. */
export const productsActions: Record<string, AdminActionHandler> = {
  'product-save': productAction(
    'The product could not be saved. Please try again.',
    async ({ context, form, admin }) => {
      const { product, changed } = await runCommand('products.update', commandContext(context, admin), {
        id: formText(form, 'id'),
        changes: {
          name: formText(form, 'name'),
          price: formText(form, 'price'),
          originalPrice: formText(form, 'originalPrice'),
          // A product of several sizes or colours has no one stock field: its grid is in the editor.
          stock: form.has('stock') ? formText(form, 'stock') : undefined,
          category: formText(form, 'category'),
        },
      });
      return changed.length === 0 ? `Nothing to change for ${product.name}.` : `${product.name} saved.`;
    },
  ),
  'product-delete': productAction(
    'The product could not be deleted. Please try again.',
    async ({ context, form, admin }) => {
      const removed = await runCommand('products.remove', commandContext(context, admin), {
        id: formText(form, 'id'),
      });
      return removed.outcome === 'deleted'
        ? `${removed.name} was deleted.`
        : `${removed.name} is in past orders, so it was archived: hidden from the shop and kept for the order history.`;
    },
  ),
  'product-restore': productAction(
    'The product could not be restored. Please try again.',
    async ({ context, form, admin }) => {
      const { product } = await runCommand('products.update', commandContext(context, admin), {
        id: formText(form, 'id'),
        changes: { status: 'active' },
      });
      return `${product.name} is back in the shop.`;
    },
  ),
};
