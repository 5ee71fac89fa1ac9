import { useFetcher } from 'react-router';
import { getAdminProductEditor, listProductDepartments } from '../../core/catalog/manage-products';
import { describeFit } from '../../core/catalog/fit-advice';
import { waitingAlertsByVariant } from '../../core/catalog/stock-alerts';
import { isAppError } from '../../core/errors';
import { productStockHistory } from '../../core/inventory/movements';
import { AdminFrame } from '../features/admin/admin-frame';
import { runCommand } from '../../core/commands';
import { commandContext } from '../features/admin/admin-tab.server';
import {
  PRODUCT_EDITOR_FETCHER,
  ProductEditor,
  type EditProductResult,
} from '../features/admin/product-editor';
import { formFailure, formText } from '../lib/action-result.server';
import { adminPagePermissions } from '../../core/accounts/permissions';
import { requireStaff } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-product-edit';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { access } = requireStaff(context, request, adminPagePermissions['/admin/products/:id']);
  const db = context.services.db;
  try {
    const [editor, departments] = await Promise.all([
      getAdminProductEditor(db, params.id),
      listProductDepartments(db),
    ]);
    // Shoppers waiting for each variant to come back (back-in-stock alerts), by variant id: the
    // grid shows "N waiting" beside a size and colour someone waits for.
    const waiting = Object.fromEntries(
      [...(await waitingAlertsByVariant(db, [editor.product.id]))].filter(([, count]) => count > 0),
    ) as Record<number, number>;
    // What returns and reviews say of the fit, beside the sizes.
    const fit = await describeFit(db, { id: editor.product.id, sizes: editor.sizes });
    // The newest changes to its stock, from the ledger (decision 0067).
    const history = await productStockHistory(db, editor.product.id);
    return { access, editor, departments, waiting, fit, history };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND')
      throw new Response('Product not found', { status: 404 });
    throw error;
  }
}

/** One save: the editor's whole product (JSON in the form's `product` field), checked and written by core in one transaction. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff: admin } = requireStaff(context, request, adminPagePermissions['/admin/products/:id']);
  let body: unknown;
  try {
    body = JSON.parse(formText(await request.formData(), 'product'));
  } catch {
    return {
      ok: false,
      error: 'The changes could not be read. Please try again.',
      fields: {},
    } satisfies EditProductResult;
  }
  try {
    const { product, changed } = await runCommand('products.update', commandContext(context, admin), {
      id: params.id,
      changes: body,
    });
    return {
      ok: true,
      message: changed.length === 0 ? `Nothing to change for ${product.name}.` : `${product.name} saved.`,
    } satisfies EditProductResult;
  } catch (error) {
    return formFailure(error, 'The product could not be saved. Please try again.');
  }
}

export function meta({ matches, data }: Route.MetaArgs) {
  return pageMeta({
    title: data ? `Edit ${data.editor.product.name}` : 'Edit product',
    description: 'The Rossy admin area.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function AdminProductEditPage({ loaderData }: Route.ComponentProps) {
  const { editor } = loaderData;
  // Held here too, so the answer to a save outlives the editor's remount on the saved product's data.
  useFetcher<EditProductResult>({ key: PRODUCT_EDITOR_FETCHER });
  return (
    <AdminFrame access={loaderData.access} current="products">
      <ProductEditor
        // Fresh state from the saved product (new variants' ids, generated SKUs) after each save.
        key={`${editor.product.id}-${editor.product.updatedAt}`}
        data={editor}
        departments={loaderData.departments}
        waiting={loaderData.waiting}
        fit={loaderData.fit}
        history={loaderData.history}
      />
    </AdminFrame>
  );
}
