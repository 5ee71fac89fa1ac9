import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { StocktakeLine } from '../../db/schema/inventory';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { CsvSyntaxError, isBlankRecord, parseCsv, type CsvRecord } from '../csv/read-csv';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { stockCause } from './cause';
import { anyId, lockStock } from './lock-stock';
import { levelsAt, moveAt, readPlace, variantsFor, type VariantRow } from './move';

const id = z.number().int().positive().max(2_147_483_647);
const MAX_ROWS = 5_000;

/**
 * A count of a location's shelves: rows typed or scanned (`variantId` or `sku`, and the units
 * counted), or a `sku,counted` CSV. `asOf` is the ledger's position the preview answered: the count's
 * moment (decision 0068).
 */
export const stocktakeBodySchema = z.object({
  locationId: id.optional(),
  counts: z
    .array(
      z.object({
        variantId: id.optional(),
        sku: z.string().trim().max(80).optional(),
        counted: z.number().int('Enter whole units').max(1_000_000),
      }),
    )
    .max(MAX_ROWS)
    .optional(),
  csv: z.string().max(500_000).optional(),
  note: z.string().trim().max(300).optional(),
  asOf: z.number().int().nonnegative().optional(),
});

interface CountRow {
  row: number;
  variantId?: number;
  sku?: string;
  counted: number;
}

/** A `sku,counted` CSV's rows (a header row is skipped); a row that is not one is an error by number. */
function csvRows(csv: string, errors: Record<string, string>): CountRow[] {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    errors[`row ${error.row}`] = `Row ${error.row}: ${error.message}`;
    return [];
  }
  const rows: CountRow[] = [];
  for (const record of records) {
    if (isBlankRecord(record)) continue;
    const [sku = '', counted = '', ...rest] = record.fields.map((cell) => cell.trim());
    const { row } = record;
    if (row === 1 && /^sku$/i.test(sku)) continue;
    if (rest.some((cell) => cell !== '') || !/^-?\d+$/.test(counted)) {
      errors[`row ${row}`] = `Row ${row}: write the SKU, a comma and the units counted`;
      continue;
    }
    rows.push({ row, sku, counted: Number(counted) });
  }
  if (rows.length > MAX_ROWS) errors.csv = `At most ${MAX_ROWS} rows in one stocktake`;
  return rows;
}

interface Resolved {
  place: { id: number; name: string; fulfilsOnline: boolean };
  lines: { variant: VariantRow; counted: number }[];
}

/** Every row known and counted ≥ 0, each size once; else 422 listing each row wrong, nothing applied. */
async function resolve(tx: DbOrTx, input: z.output<typeof stocktakeBodySchema>): Promise<Resolved> {
  const errors: Record<string, string> = {};
  const rows: CountRow[] = [
    ...(input.counts ?? []).map((count, index) => ({ row: index + 1, ...count })),
    ...(input.csv ? csvRows(input.csv, errors) : []),
  ];
  if (rows.length === 0 && Object.keys(errors).length === 0)
    throw new AppError('UNPROCESSABLE', 'Count at least one size', { counts: 'Count at least one size' });
  const place = await readPlace(tx, input.locationId);
  const found = await variantsFor(
    tx,
    rows.flatMap((row) => (row.variantId ? [row.variantId] : [])),
    rows.flatMap((row) => (row.sku ? [row.sku.toUpperCase()] : [])),
  );
  const byId = new Map(found.map((variant) => [variant.id, variant]));
  const bySku = new Map(found.map((variant) => [variant.sku, variant]));
  const seen = new Set<number>();
  const lines: Resolved['lines'] = [];
  for (const row of rows) {
    const variant = row.variantId
      ? byId.get(row.variantId)
      : row.sku
        ? bySku.get(row.sku.toUpperCase())
        : undefined;
    const key = `row ${row.row}`;
    if (!row.variantId && !row.sku) errors[key] = `Row ${row.row}: name the size by its SKU`;
    else if (!variant)
      errors[key] = `Row ${row.row}: no size with ${row.sku ? `SKU ${row.sku}` : `id ${row.variantId}`}`;
    else if (row.counted < 0) errors[key] = `Row ${row.row}: ${variant.sku} cannot be counted below 0`;
    else if (seen.has(variant.id)) errors[key] = `Row ${row.row}: ${variant.sku} is counted twice`;
    else {
      seen.add(variant.id);
      lines.push({ variant, counted: row.counted });
    }
  }
  if (Object.keys(errors).length > 0)
    throw new AppError('UNPROCESSABLE', 'Nothing was applied: correct the rows listed', errors);
  return { place, lines };
}

async function lastMovementId(tx: DbOrTx): Promise<number> {
  const result = (await tx.execute(
    sql`SELECT coalesce(max(id), 0)::bigint AS id FROM inventory_movements`,
  )) as { rows: { id: number | string }[] };
  return Number(result.rows[0]!.id);
}

/** What moved at a location since the count's moment, by size × colour, stocktakes aside. */
async function movedSince(
  tx: DbOrTx,
  locationId: number,
  variantIds: readonly number[],
  asOf: number,
): Promise<Map<number, number>> {
  const result = (await tx.execute(sql`
    SELECT variant_id, sum(quantity)::int AS moved FROM inventory_movements
     WHERE location_id = ${locationId} AND variant_id = ${anyId(variantIds)} AND id > ${asOf}
       AND reason <> 'stocktake'
     GROUP BY variant_id`)) as { rows: { variant_id: number; moved: number }[] };
  return new Map(result.rows.map((row) => [row.variant_id, row.moved]));
}

export interface StocktakePreviewLine extends StocktakeLine {
  /** The size's product: where its editor (and stock history) is. */
  productId: number;
  product: string;
  size: string;
  color: string;
}

export interface StocktakePreview {
  locationId: number;
  location: string;
  /** The count's moment: send it back to apply the differences against the stock then. */
  asOf: number;
  lines: StocktakePreviewLine[];
}

const describe = (variant: VariantRow) => ({
  productId: variant.productId,
  product: variant.name,
  size: variant.size,
  color: variant.color,
});

/** Each difference against the books, before anything is applied. */
export async function previewStocktake(db: Db, raw: unknown): Promise<StocktakePreview> {
  const input = parseInput(stocktakeBodySchema, raw);
  return db.transaction(async (tx) => {
    const { place, lines } = await resolve(tx, input);
    const asOf = await lastMovementId(tx);
    const books = await levelsAt(
      tx,
      place.id,
      lines.map((line) => line.variant.id),
    );
    const out = lines.map(({ variant, counted }) => {
      const book = books.get(variant.id)!;
      return {
        variantId: variant.id,
        sku: variant.sku,
        book,
        counted,
        difference: counted - book,
        ...describe(variant),
      };
    });
    return { locationId: place.id, location: place.name, asOf, lines: out };
  });
}

export interface StocktakeResult {
  id: number;
  locationId: number;
  asOf: number;
  lines: StocktakeLine[];
}

/**
 * Applies a count in one transaction, as `stocktake` rows. Each row's difference is taken against the
 * stock at the count's moment (`asOf`, the ledger's last row when the preview was read; now when not
 * given): the count is the truth then, and what sold, came back or was received since (every row
 * after it but other stocktakes) still applies, so the units left become counted + moved since
 * (never below 0). A sale between the count and the apply is not lost, and two stocktakes of one
 * shelf at once agree instead of adding their differences twice (decision 0068).
 */
export async function applyStocktake(db: Db, raw: unknown, actor: AuditActor): Promise<StocktakeResult> {
  const input = parseInput(stocktakeBodySchema, raw);
  return db.transaction(async (tx) => {
    const { place, lines } = await resolve(tx, input);
    const asOf = input.asOf ?? (await lastMovementId(tx));
    await lockStock(
      tx,
      [...new Set(lines.map((line) => line.variant.productId))].sort((a, b) => a - b),
      lines.map((line) => line.variant.id).sort((a, b) => a - b),
    );
    const ids = lines.map((line) => line.variant.id);
    const [books, since] = [await levelsAt(tx, place.id, ids), await movedSince(tx, place.id, ids, asOf)];
    const applied: StocktakeLine[] = lines.map(({ variant, counted }) => {
      const book = books.get(variant.id)!;
      const difference = Math.max(0, counted + (since.get(variant.id) ?? 0)) - book;
      return { variantId: variant.id, sku: variant.sku, book, counted, difference };
    });
    const inserted = (await tx.execute(sql`
      INSERT INTO stocktakes (location_id, actor_id, note, as_of, lines)
      VALUES (${place.id}, ${actor.id}, ${input.note ?? ''}, ${asOf}, ${JSON.stringify(applied)}::jsonb)
      RETURNING id`)) as { rows: { id: number }[] };
    const stocktakeId = inserted.rows[0]!.id;
    await stockCause(tx, {
      reason: 'stocktake',
      actorId: actor.id,
      stocktakeId,
      locationId: place.id,
      note: input.note ? `Stocktake ${stocktakeId}: ${input.note}` : `Stocktake ${stocktakeId}`,
    });
    await moveAt(
      tx,
      place,
      applied.map((line) => ({ variantId: line.variantId, delta: line.difference })),
    );
    const changed = applied.filter((line) => line.difference !== 0);
    await recordAdminAction(tx, actor, {
      action: 'inventory.stocktake',
      entityType: 'stocktake',
      entityId: stocktakeId,
      summary: `Stocktake ${stocktakeId} at ${place.name}: ${applied.length} counted, ${changed.length} changed`,
      before: Object.fromEntries(applied.map((line) => [line.sku, line.book])),
      after: Object.fromEntries(applied.map((line) => [line.sku, line.book + line.difference])),
    });
    return { id: stocktakeId, locationId: place.id, asOf, lines: applied };
  });
}
