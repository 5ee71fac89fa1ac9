import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import {
  DEFAULT_IMPORT_VARIANTS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_TEMPLATE_FILE_NAME,
  importColumns,
  importTemplateCsv,
  type ImportCombination,
  type ImportProductSummary,
  type ImportReport,
  type ImportVariantChoice,
} from '../../../contracts/product-import';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import { AdminTable } from './admin-list';
import { variantLabel } from '../../../contracts/catalog';

export type ImportActionResult =
  | { ok: boolean; intent: 'check' | 'import'; report: ImportReport; fileName: string; error?: undefined }
  | { ok: false; intent: 'check' | 'import'; error: string; report?: undefined };

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

const fileKey = (file: File | null | undefined) =>
  file ? `${file.name}\u0000${file.size}\u0000${file.lastModified}` : null;

/** The check is for one file and one choice of variants: either changed asks for a new check. */
const checkKey = (file: string | null, variants: string) =>
  file === null ? null : `${file}\u0000${variants}`;

const variantOptions: { value: ImportVariantChoice; label: string; hint: string }[] = [
  {
    value: 'rows',
    label: 'Only the rows in the file',
    hint: 'Each row becomes a size and colour; nothing the file does not name is added.',
  },
  {
    value: 'grid',
    label: 'The full grid',
    hint: 'Every size × colour of each product; those no row names are added at 0 in stock, and shoppers see them as sold out.',
  },
];

const combinationLabel = (combination: ImportCombination) => variantLabel(combination);

const actionLabel: Record<ImportProductSummary['action'], string> = {
  create: 'Add',
  update: 'Update',
  unchanged: 'No change',
};

function Summary({ report }: { report: ImportReport }) {
  const verb = report.applied ? '' : 'would be ';
  const parts = [
    `${plural(report.created, 'product')} ${verb}added`,
    `${plural(report.updated, 'product')} ${verb}updated`,
  ];
  if (report.unchanged > 0) parts.push(`${plural(report.unchanged, 'product')} unchanged`);
  return (
    <p className="text-sm text-ink">
      {plural(report.rows, 'row')} read: {parts.join(', ')};{' '}
      {plural(report.variantsCreated, 'size/colour', 'sizes/colours')} {verb}added,{' '}
      {plural(report.variantsUpdated, 'size/colour', 'sizes/colours')} {verb}changed.
    </p>
  );
}

function ErrorTable({ report }: { report: ImportReport }) {
  return (
    <section aria-labelledby="import-errors" className="space-y-3">
      <h3 id="import-errors" className="font-display text-xl text-ink">
        {plural(report.errorCount, 'problem')} to fix
      </h3>
      <AdminTable
        testId="import-errors"
        caption="Rows of the file that can't be imported, and why"
        layout="stack"
        columns={[{ label: 'Row' }, { label: 'Column' }, { label: 'Problem' }]}
      >
        <tbody className="max-md:block max-md:space-y-2">
          {report.errors.map((error, index) => (
            <tr
              key={`${error.row}-${error.column ?? ''}-${index}`}
              className="border-t border-line align-top max-md:block max-md:rounded-card max-md:border max-md:bg-white max-md:p-3"
            >
              <td className="px-4 py-2.5 font-medium whitespace-nowrap tabular-nums max-md:inline max-md:p-0">
                <span className="md:sr-only">Row </span>
                {error.row}
              </td>
              <td className="px-4 py-2.5 whitespace-nowrap text-ink-soft max-md:ml-2 max-md:inline max-md:p-0">
                {error.column ?? '—'}
              </td>
              <td className="px-4 py-2.5 break-words text-sale max-md:mt-1 max-md:block max-md:p-0">
                {error.message}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      {report.errorCount > report.errors.length ? (
        <p className="text-sm text-muted">
          The first {report.errors.length.toLocaleString('en')} are listed: fix them and check the file again.
        </p>
      ) : null}
    </section>
  );
}

/**
 * The sizes × colours the full grid adds that no row of the file names, per product: what the check
 * found, so the owner chooses knowingly between the file's rows and the full grid.
 */
function GridAdditions({ report }: { report: ImportReport }) {
  const products = report.products.filter((product) => product.addedCombinations.length > 0);
  const listed = products.reduce((sum, product) => sum + product.addedCombinations.length, 0);
  const grid = report.variants === 'grid';
  const lead = report.applied
    ? grid
      ? 'Imported with the full grid: these were added at 0 in stock. Shoppers see them as sold out until they have stock.'
      : 'Imported with only the rows in the file: these were not added.'
    : grid
      ? 'Checked for the full grid: importing adds these at 0 in stock, and shoppers see them as sold out until they have stock.'
      : 'Checked for only the rows in the file: importing leaves these out. Choose “The full grid” and check again to add them.';
  const line = report.applied ? (grid ? 'Added at 0 in stock:' : 'Left out:') : 'The full grid would add:';
  return (
    <section aria-labelledby="import-grid" className="space-y-3" data-testid="import-grid">
      <h3 id="import-grid" className="font-display text-xl text-ink">
        {plural(report.addedCombinationCount, 'size/colour', 'sizes/colours')} the file does not name
      </h3>
      <p className="text-sm text-ink-soft">{lead}</p>
      <ul className="space-y-2">
        {products.map((product) => (
          <li
            key={`${product.id ?? 'new'}-${product.rows[0]}`}
            className="rounded-card border border-line bg-white px-4 py-3 text-sm break-words"
          >
            <span className="font-medium text-ink">{product.name}</span>
            {product.id ? <span className="ml-1 text-xs text-muted">#{product.id}</span> : null}
            <span className="block text-ink-soft">
              {line} {product.addedCombinations.map(combinationLabel).join(', ')}
              {product.addedCombinationCount > product.addedCombinations.length
                ? ` and ${(product.addedCombinationCount - product.addedCombinations.length).toLocaleString('en')} more`
                : ''}
              {report.applied ? '' : ' — at 0 in stock'}
            </span>
          </li>
        ))}
      </ul>
      {report.addedCombinationCount > listed ? (
        <p className="text-sm text-muted">
          The first {listed.toLocaleString('en')} of {report.addedCombinationCount.toLocaleString('en')} are
          listed.
        </p>
      ) : null}
    </section>
  );
}

function ProductTable({ report }: { report: ImportReport }) {
  return (
    <section aria-labelledby="import-products" className="space-y-3">
      <h3 id="import-products" className="font-display text-xl text-ink">
        {report.applied ? 'Imported products' : 'What the import will do'}
      </h3>
      <AdminTable
        testId="import-products"
        caption="The products of the file and what the import does to each"
        layout="stack"
        columns={[
          { label: 'Action' },
          { label: 'Product' },
          { label: 'Rows' },
          { label: 'Sizes/colours' },
          { label: 'Stock', align: 'right' },
        ]}
      >
        <tbody className="max-md:block max-md:space-y-2">
          {report.products.map((product) => (
            <tr
              key={`${product.id ?? 'new'}-${product.rows[0]}`}
              className="border-t border-line align-top max-md:block max-md:rounded-card max-md:border max-md:bg-white max-md:p-3"
            >
              <td className="px-4 py-2.5 whitespace-nowrap max-md:block max-md:p-0">
                <span
                  className={cn(
                    'inline-block rounded-sm px-2 py-0.5 text-xs font-medium',
                    product.action === 'create'
                      ? 'bg-success/10 text-success'
                      : product.action === 'update'
                        ? 'bg-cream text-ink'
                        : 'text-muted',
                  )}
                >
                  {actionLabel[product.action]}
                </span>
              </td>
              <td className="px-4 py-2.5 break-words max-md:mt-1 max-md:block max-md:p-0">
                {product.url && report.applied ? (
                  <Link to={product.url} className="font-medium text-ink underline underline-offset-4">
                    {product.name}
                  </Link>
                ) : (
                  <span className="font-medium text-ink">{product.name}</span>
                )}
                {product.id ? <span className="ml-1 text-xs text-muted">#{product.id}</span> : null}
              </td>
              <td className="px-4 py-2.5 text-ink-soft tabular-nums max-md:inline max-md:p-0">
                <span className="md:sr-only">Rows </span>
                {product.rows.length > 3
                  ? `${product.rows[0]}–${product.rows[product.rows.length - 1]}`
                  : product.rows.join(', ')}
              </td>
              <td className="px-4 py-2.5 text-ink-soft max-md:ml-3 max-md:inline max-md:p-0">
                {[
                  product.variantsCreated > 0 ? `${product.variantsCreated} new` : null,
                  product.variantsUpdated > 0 ? `${product.variantsUpdated} changed` : null,
                ]
                  .filter(Boolean)
                  .join(', ') || '—'}
              </td>
              <td className="px-4 py-2.5 text-right tabular-nums max-md:ml-3 max-md:inline max-md:p-0">
                <span className="md:sr-only">Stock </span>
                {product.stock.toLocaleString('en')}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
      {report.productCount > report.products.length ? (
        <p className="text-sm text-muted">
          The first {report.products.length.toLocaleString('en')} of{' '}
          {report.productCount.toLocaleString('en')} products are listed.
        </p>
      ) : null}
    </section>
  );
}

/**
 * The Import Products page: choose a CSV, check it (nothing is written) and see every row that needs
 * fixing; Import is offered once a check of that very file came back clean.
 */
export function ProductImportPanel() {
  const fetcher = useFetcher<ImportActionResult>();
  const inputId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [variants, setVariants] = useState<ImportVariantChoice>(DEFAULT_IMPORT_VARIANTS);
  const [submitted, setSubmitted] = useState<{ key: string | null; intent: string } | null>(null);
  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';
  // Import is for the very file a clean check was made of: choosing another one asks for a new check.
  const cleanCheck =
    !busy &&
    result?.intent === 'check' &&
    result.ok &&
    result.report !== undefined &&
    result.report.errorCount === 0;
  const canImport = cleanCheck && chosen !== null && submitted?.key === checkKey(chosen, variants);
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${importTemplateCsv()}`)}`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-display text-2xl text-ink">Import products from a CSV file</h2>
          <p className="mt-1 text-sm text-muted">
            One row per size and colour. Check the file first: nothing changes until you import it, and then
            the whole file is imported or nothing is.
          </p>
        </div>
        <Link to="/admin?tab=products" className="text-sm text-gold-deep underline underline-offset-4">
          Back to All Products
        </Link>
      </div>

      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className="space-y-4 rounded-card border border-line bg-white p-5"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
          setSubmitted({
            key: checkKey(fileKey(input?.files?.[0]), variants),
            intent: submitter?.value ?? 'check',
          });
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-ink">
            CSV file (UTF-8, up to {IMPORT_MAX_BYTES / 1024 / 1024} MB and{' '}
            {IMPORT_MAX_ROWS.toLocaleString('en')} rows)
          </label>
          <input
            id={inputId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            data-testid="import-file"
            onChange={(event) => {
              setChosen(fileKey(event.currentTarget.files?.[0]));
            }}
            className="block w-full max-w-full text-sm text-ink file:mr-3 file:h-9 file:cursor-pointer file:rounded-sm file:border file:border-ink/80 file:bg-white file:px-4 file:text-xs file:font-medium file:tracking-wide file:text-ink file:uppercase"
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-ink">Sizes and colours to add</legend>
          {variantOptions.map((option) => (
            <label key={option.value} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name="variants"
                value={option.value}
                checked={variants === option.value}
                onChange={() => setVariants(option.value)}
                className="mt-1 accent-ink"
              />
              <span>
                <span className="font-medium text-ink">{option.label}</span>
                {option.value === DEFAULT_IMPORT_VARIANTS ? (
                  <span className="text-muted"> (the default)</span>
                ) : null}
                <span className="block text-muted">{option.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            name="intent"
            value="check"
            disabled={busy}
            className={buttonClasses('outline', 'md')}
          >
            {busy && submitted?.intent === 'check' ? 'Checking…' : 'Check file'}
          </button>
          <button
            type="submit"
            name="intent"
            value="import"
            disabled={!canImport}
            className={buttonClasses('primary', 'md')}
            aria-describedby={`${inputId}-import-hint`}
          >
            <FileUp className="size-4" aria-hidden="true" />
            {busy && submitted?.intent === 'import' ? 'Importing…' : 'Import'}
          </button>
          <a
            href={template}
            download={IMPORT_TEMPLATE_FILE_NAME}
            className="text-sm text-gold-deep underline underline-offset-4"
          >
            Download the template
          </a>
        </div>
        <p id={`${inputId}-import-hint`} className="text-xs text-muted">
          Import is enabled once a check of the chosen file, with the sizes and colours chosen, finds nothing
          to fix.
          {cleanCheck && result.report.variants !== variants ? (
            <span className="block font-medium text-ink">
              The last check was for “{variantOptions.find((o) => o.value === result.report.variants)?.label}
              ”: check the file again for “{variantOptions.find((o) => o.value === variants)?.label}”.
            </span>
          ) : null}
        </p>
      </fetcher.Form>

      <div aria-live="polite" className="space-y-6">
        {result && !busy ? (
          result.error !== undefined ? (
            <ActionNotice tone="error">{result.error}</ActionNotice>
          ) : result.report.applied ? (
            <ActionNotice tone="success">
              {result.fileName} is imported: {plural(result.report.created, 'product')} added and{' '}
              {plural(result.report.updated, 'product')} updated. The shop shows them now.
            </ActionNotice>
          ) : result.report.errorCount > 0 ? (
            <ActionNotice tone="error">
              {result.intent === 'import' ? 'Nothing was imported: ' : ''}
              {plural(result.report.errorCount, 'problem')} in {result.fileName}. Fix the rows below and check
              the file again.
            </ActionNotice>
          ) : (
            <ActionNotice tone="success">{result.fileName} is ready to import: nothing to fix.</ActionNotice>
          )
        ) : null}
        {result?.report && !busy ? (
          <>
            <Summary report={result.report} />
            {result.report.errorCount > 0 ? <ErrorTable report={result.report} /> : null}
            {result.report.addedCombinationCount > 0 ? <GridAdditions report={result.report} /> : null}
            {result.report.products.length > 0 ? <ProductTable report={result.report} /> : null}
          </>
        ) : null}
      </div>

      <details className="rounded-card border border-line bg-white p-5 text-sm text-ink-soft">
        <summary className="cursor-pointer font-medium text-ink">The file's columns</summary>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          <li>
            A header row with any of: <span className="break-words">{importColumns.join(', ')}</span>.
          </li>
          <li>
            One row per size and colour. Rows of one product share its product id (to update it), else its
            handle, else its name; the product's details may be given on its first row only.
          </li>
          <li>
            A row with a SKU the shop has updates that size and colour: its stock and variant price. A new
            size or colour adds the rows that name it; with “The full grid” every size × colour of the product
            is added, those no row names at 0, and the check lists them first.
          </li>
          <li>
            Category by name or id; prices in naira; stock a whole number from 0; colours by name (give colour
            hex, #RRGGBB, for a colour the category doesn't list); a blank SKU is made for you.
          </li>
          <li>
            Image url: the address of a photo the shop already has (/media/…); the import never fetches photos
            from the web.
          </li>
        </ul>
      </details>
    </div>
  );
}
