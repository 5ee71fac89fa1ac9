/**
 * The products CSV import as the browser and the REST API read it (decision 0033): its columns, the
 * template a shop owner downloads, and the report of a check or an import.
 */

/** The biggest file the shop reads (413 above it). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most rows one file may hold besides its header (400 above it). */
export const IMPORT_MAX_ROWS = 20_000;
/** The report lists at most this many products and bad rows; the counts are always whole. */
export const IMPORT_REPORT_LIMIT = 1000;

/** The columns, as the template writes them; a header is matched without case, spaces or underscores. */
export const importColumns = [
  'handle',
  'product id',
  'name',
  'description',
  'category',
  'brand',
  'price',
  'original price',
  'size',
  'colour',
  'colour hex',
  'sku',
  'stock',
  'variant price',
  'image url',
  'new',
  'hot',
  'free shipping',
] as const;
export type ImportColumn = (typeof importColumns)[number];

/** The template's two example rows: one product, two sizes of one colour. */
export const importTemplateRows: readonly (readonly string[])[] = [
  [
    'linen-camp-shirt',
    '',
    'Linen Camp Shirt',
    'A relaxed camp-collar shirt in washed linen.',
    "Men's Shirts",
    '',
    '25500',
    '',
    'M',
    'Olive',
    '',
    'LCS-M-OLV',
    '6',
    '',
    '',
    'yes',
    'no',
    'no',
  ],
  [
    'linen-camp-shirt',
    '',
    'Linen Camp Shirt',
    '',
    '',
    '',
    '',
    '',
    'XXL',
    'Olive',
    '',
    'LCS-XXL-OLV',
    '2',
    '27500',
    '',
    '',
    '',
    '',
  ],
];

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The template file: the header row and the two examples, CRLF as RFC 4180 asks. */
export function importTemplateCsv(): string {
  return [importColumns, ...importTemplateRows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

export const IMPORT_TEMPLATE_FILE_NAME = 'rossy-products-template.csv';

/**
 * Which variants an import makes (decision 0033): `rows`, the default, makes a variant of each row of
 * the file and no other; `grid` fills each product's sizes × colours, the cells no row names at 0 units.
 */
export const importVariantChoices = ['rows', 'grid'] as const;
export type ImportVariantChoice = (typeof importVariantChoices)[number];
export const DEFAULT_IMPORT_VARIANTS: ImportVariantChoice = 'rows';

/** A size × colour of a product; null where the product has no sizes (or no colours). */
export interface ImportCombination {
  size: string | null;
  color: string | null;
}

/** One bad row: its number as a spreadsheet shows it (the header is row 1), the column at fault, why. */
export interface ImportRowError {
  row: number;
  column?: string;
  message: string;
}

/** What the import does (or would do) to one product. */
export interface ImportProductSummary {
  action: 'create' | 'update' | 'unchanged';
  /** null for a product a check would create: it has no id yet. */
  id: number | null;
  name: string;
  /** The file's rows of this product. */
  rows: number[];
  variantsCreated: number;
  variantsUpdated: number;
  /** Units in all once imported. */
  stock: number;
  /**
   * The size × colour combinations the full grid adds to this product that no row of the file names,
   * at 0 units: made with `variants: 'grid'`, left out with 'rows'. At most IMPORT_REPORT_LIMIT in the
   * whole report.
   */
  addedCombinations: ImportCombination[];
  /** How many there are, whole. */
  addedCombinationCount: number;
  /** Its page in the shop, once it exists. */
  url: string | null;
}

export interface ImportReport {
  dryRun: boolean;
  /** The choice the report was made with: only the file's rows, or the full grid. */
  variants: ImportVariantChoice;
  /** True when the file was written to the shop (never for a check, never with errors). */
  applied: boolean;
  /** Data rows read (blank lines left out). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  variantsCreated: number;
  variantsUpdated: number;
  /** Combinations the full grid adds that no row names, over every product (whole). */
  addedCombinationCount: number;
  /** The first IMPORT_REPORT_LIMIT products, in the file's order. */
  products: ImportProductSummary[];
  productCount: number;
  /** The first IMPORT_REPORT_LIMIT bad rows, by row. */
  errors: ImportRowError[];
  errorCount: number;
}
