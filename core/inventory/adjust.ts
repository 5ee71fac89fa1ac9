import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PRICE_NAIRA } from '../../contracts/limits';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import type { Db } from '../../db/client';
import { productVariants } from '../../db/schema/catalog';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { stockCause } from './cause';
import { lockStock } from './lock-stock';
import { levelsAt, moveAt, readPlace, variantsFor } from './move';

/** Why the owner changes a count by hand, and which way each may go. */
export const adjustmentReasons = {
  received: { label: 'Received', sign: 1 },
  found: { label: 'Found', sign: 1 },
  damaged: { label: 'Damaged', sign: -1 },
  lost: { label: 'Lost', sign: -1 },
  correction: { label: 'Correction', sign: 0 },
} as const;
export type AdjustmentReason = keyof typeof adjustmentReasons;

const id = z.number().int().positive().max(2_147_483_647);

/** The body as the API document states it; the rules it cannot state are 422s (decision 0030). */
export const adjustmentBodySchema = z.object({
  variantId: id,
  locationId: id.optional(),
  quantity: z.number().int('Enter whole units').min(-100_000).max(100_000),
  reason: z.enum(Object.keys(adjustmentReasons) as [AdjustmentReason, ...AdjustmentReason[]]),
  note: z.string().trim().max(300).optional(),
  unitCost: z
    .number()
    .max(MAX_PRICE_NAIRA, 'That cost is too high.')
    .multipleOf(0.01, 'Use at most two decimals.')
    .optional()
    .describe(
      "Naira: what one unit received cost (reason received only, 0 or more); it becomes the size × colour's cost price, the latest received winning",
    ),
});

const adjustmentSchema = adjustmentBodySchema.superRefine((value, context) => {
  const { sign, label } = adjustmentReasons[value.reason];
  if (value.quantity === 0)
    context.addIssue({
      code: 'custom',
      path: ['quantity'],
      message: 'Enter the units added (+) or taken away (−), not 0',
    });
  else if (sign !== 0 && Math.sign(value.quantity) !== sign)
    context.addIssue({
      code: 'custom',
      path: ['quantity'],
      message: `${label} stock ${sign > 0 ? 'adds units: enter a positive number' : 'takes units away: enter a negative number'}`,
    });
  if (value.unitCost !== undefined && value.reason !== 'received')
    context.addIssue({ code: 'custom', path: ['unitCost'], message: 'Only units received carry a cost.' });
  else if (value.unitCost !== undefined && value.unitCost < 0)
    context.addIssue({ code: 'custom', path: ['unitCost'], message: 'A unit’s cost cannot be below ₦0.' });
});
export type AdjustmentInput = z.input<typeof adjustmentSchema>;

export interface AdjustmentResult {
  variantId: number;
  sku: string;
  locationId: number;
  /** The units at the location after the change. */
  stock: number;
  /** The size × colour's cost price after the change, in kobo; null: not known. */
  costKobo: number | null;
  movement: {
    id: number;
    quantity: number;
    reason: 'adjustment';
    balance: number;
    note: string;
    /** What one unit received cost, in kobo, when the owner said. */
    unitCostKobo: number | null;
  };
}

/**
 * A count changed by hand: units received from a supplier, found, damaged, lost, or a correction.
 * The product's row then the variant's are locked (the one lock order, decision 0061); a change that
 * would take the location below zero is refused with 409 naming the SKU and the units there, and
 * nothing moves. The ledger's row says `adjustment` with the reason and the owner's note, and the
 * activity log the staff member (docs/decisions/0067-inventory-ledger.md). Units received may say what
 * one cost: the row keeps it and it becomes the variant's cost price, the latest received winning.
 */
export async function adjustStock(db: Db, raw: unknown, actor: AuditActor): Promise<AdjustmentResult> {
  const input = parseInput(adjustmentSchema, raw);
  return db.transaction(async (tx) => {
    const place = await readPlace(tx, input.locationId);
    const [variant] = await variantsFor(tx, [input.variantId]);
    if (!variant)
      throw new AppError('NOT_FOUND', 'No such size and colour', { variantId: 'No such size and colour' });
    await lockStock(tx, [variant.productId], [variant.id]);
    const there = (await levelsAt(tx, place.id, [variant.id])).get(variant.id)!;
    if (there + input.quantity < 0)
      throw new AppError(
        'CONFLICT',
        `${variant.sku} has ${there} in stock${place.fulfilsOnline ? '' : ` at ${place.name}`}: ${-input.quantity} cannot be taken away.`,
        { quantity: `Only ${there} in stock` },
      );

    const { label } = adjustmentReasons[input.reason];
    const note = input.note ? `${label}: ${input.note}` : label;
    const unitCostKobo = input.unitCost === undefined ? null : nairaToKobo(input.unitCost);
    await stockCause(tx, {
      reason: 'adjustment',
      actorId: actor.id,
      note,
      locationId: place.id,
      unitCostKobo,
    });
    await moveAt(tx, place, [{ variantId: variant.id, delta: input.quantity }]);
    const changed = { sku: variant.sku, stock: there + input.quantity };
    const rows = (await tx.execute(sql`
      SELECT id, balance FROM inventory_movements
       WHERE variant_id = ${variant.id} AND location_id = ${place.id} ORDER BY id DESC LIMIT 1`)) as {
      rows: { id: number | string; balance: number }[];
    };
    const movement = rows.rows[0]!;
    // The latest units received set the cost price; a cost is no change of stock, so its own statement.
    const [costs] = await tx
      .select({ costKobo: productVariants.costKobo })
      .from(productVariants)
      .where(eq(productVariants.id, input.variantId));
    const costBefore = costs?.costKobo ?? null;
    if (unitCostKobo !== null && unitCostKobo !== costBefore)
      await tx
        .update(productVariants)
        .set({ costKobo: unitCostKobo })
        .where(eq(productVariants.id, input.variantId));
    const costKobo = unitCostKobo ?? costBefore;
    const atCost = unitCostKobo === null ? '' : ` at ${formatNaira(unitCostKobo)} a unit`;
    const costPrice = unitCostKobo === null ? '' : `; cost price ${formatNaira(unitCostKobo)}`;
    await recordAdminAction(tx, actor, {
      action: 'inventory.adjust',
      entityType: 'variant',
      entityId: input.variantId,
      summary: `${changed.sku}: ${input.quantity > 0 ? '+' : '−'}${Math.abs(input.quantity)} (${note})${atCost}, now ${changed.stock}${costPrice}`,
      before: {
        stock: changed.stock - input.quantity,
        ...(unitCostKobo === null ? {} : { costKobo: costBefore }),
      },
      after: { stock: changed.stock, ...(unitCostKobo === null ? {} : { costKobo: unitCostKobo }) },
    });
    return {
      variantId: input.variantId,
      sku: changed.sku,
      locationId: place.id,
      stock: changed.stock,
      costKobo,
      movement: {
        id: Number(movement.id),
        quantity: input.quantity,
        reason: 'adjustment',
        balance: movement.balance,
        note,
        unitCostKobo,
      },
    };
  });
}
