import { listProductDepartments } from '../../core/catalog/manage-products';
import { runCommand } from '../../core/commands';
import { shopLowStockLevel } from '../../core/inventory/low-stock';
import { AdminFrame } from '../features/admin/admin-frame';
import { commandContext } from '../features/admin/admin-tab.server';
import { AddProductForm, type AddProductResult } from '../features/admin/product-form';
import { formFailure, formText } from '../lib/action-result.server';
import { adminPagePermissions } from '../../core/accounts/permissions';
import { requireStaff } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-product-new';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { access } = requireStaff(context, request, adminPagePermissions['/admin/products/new']);
  const [departments, shopLevel] = await Promise.all([
    listProductDepartments(context.services.db),
    shopLowStockLevel(context.services.db),
  ]);
  return { access, departments, shopLevel };
}

const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === 'string');

/** The shop's own colours the form adds ({ name, hex } as JSON); core checks each. */
function ownColors(form: FormData): unknown[] {
  try {
    const parsed: unknown = JSON.parse(formText(form, 'ownColors') || '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Adds the product through core (checks, photos, search keywords, audit log); the page only reads the form. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff: admin } = requireStaff(context, request, adminPagePermissions['/admin/products/new']);
  const form = await request.formData();
  // With more than one size × colour the form sends its grid (JSON rows) instead of one stock figure.
  let variants: unknown;
  try {
    variants = formText(form, 'variants') ? JSON.parse(formText(form, 'variants')) : undefined;
  } catch {
    variants = undefined;
  }
  try {
    const { product, url } = await runCommand('products.create', commandContext(context, admin), {
      name: formText(form, 'name'),
      description: formText(form, 'description'),
      price: formText(form, 'price'),
      originalPrice: formText(form, 'originalPrice'),
      stock: variants === undefined ? formText(form, 'stock') : undefined,
      variants,
      category: formText(form, 'category'),
      brand: formText(form, 'brand'),
      sizes: texts(form, 'sizes'),
      colors: [...texts(form, 'colors'), ...ownColors(form)],
      images: texts(form, 'images'),
      imageUrl: formText(form, 'imageUrl'),
      isNew: form.has('isNew'),
      isHot: form.has('isHot'),
      freeShipping: form.has('freeShipping'),
    });
    return {
      ok: true,
      message: `${product.name} is now live in the shop.`,
      url,
      name: product.name,
    } satisfies AddProductResult;
  } catch (error) {
    return formFailure(error, 'The product could not be added. Please try again.');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Add Product',
    description: 'The Rossy admin area.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function AdminProductNewPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame access={loaderData.access} current="add-product">
      <AddProductForm departments={loaderData.departments} shopLevel={loaderData.shopLevel} />
    </AdminFrame>
  );
}
