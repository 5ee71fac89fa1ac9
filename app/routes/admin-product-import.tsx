import { data } from 'react-router';
import { IMPORT_MAX_BYTES } from '../../contracts/product-import';
import { runCommand } from '../../core/commands';
import { AdminFrame } from '../features/admin/admin-frame';
import { commandContext } from '../features/admin/admin-tab.server';
import { ProductImportPanel, type ImportActionResult } from '../features/admin/product-import-panel';
import { formFailure, formText } from '../lib/action-result.server';
import { adminPagePermissions } from '../../core/accounts/permissions';
import { requireStaff } from '../lib/guards.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/admin-product-import';

export function loader({ context, request }: Route.LoaderArgs) {
  const { access } = requireStaff(context, request, adminPagePermissions['/admin/products/import']);
  return { access };
}

const NO_FILE = 'Choose a CSV file to check.';

/** Checks (intent=check) or imports (intent=import) the chosen file through core; the page only reads the form. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff: admin } = requireStaff(context, request, adminPagePermissions['/admin/products/import']);
  const form = await request.formData();
  const intent = formText(form, 'intent') === 'import' ? 'import' : 'check';
  const variants = formText(form, 'variants') === 'grid' ? 'grid' : 'rows';
  const file = form.get('file');
  if (!file || typeof file === 'string' || file.size === 0)
    return data<ImportActionResult>({ ok: false, intent, error: NO_FILE }, { status: 400 });
  if (file.size > IMPORT_MAX_BYTES)
    return data<ImportActionResult>(
      {
        ok: false,
        intent,
        error: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`,
      },
      { status: 413 },
    );
  try {
    const { report, problem } = await runCommand('products.import', commandContext(context, admin), {
      file: new Uint8Array(await file.arrayBuffer()),
      dryRun: intent === 'check',
      variants,
    });
    return data<ImportActionResult>(
      { ok: problem === null, intent, report, fileName: file.name },
      { status: problem === null || intent === 'check' ? 200 : 422 },
    );
  } catch (error) {
    const failure = formFailure(error, 'The file could not be imported. Please try again.');
    return data<ImportActionResult>(
      { ok: false, intent, error: failure.data.error },
      { status: failure.init?.status ?? 500 },
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Import Products',
    description: 'The Rossy admin area.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function AdminProductImportPage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame access={loaderData.access} current="products">
      <ProductImportPanel />
    </AdminFrame>
  );
}
