import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { stockCause } from './cause';
import { lockStock } from './lock-stock';
import { levelsAt, moveAt, readPlace, variantsFor } from './move';

const id = z.number().int().positive().max(2_147_483_647);

export const transferBodySchema = z.object({
  variantId: id.optional().describe('The size × colour to move; or its sku'),
  sku: z
    .string()
    .trim()
    .toUpperCase()
    .max(80)
    .optional()
    .describe('The size × colour by its SKU, instead of variantId'),
  from: id,
  to: id,
  quantity: z
    .number({ error: 'Enter the units to move as a whole number' })
    .int('Enter the units to move as a whole number')
    .min(1, 'Move at least 1 unit')
    .max(100_000),
  note: z.string().trim().max(300).optional(),
});

export interface TransferResult {
  variantId: number;
  productId: number;
  /** The product's name, for the line that says what moved. */
  product: string;
  sku: string;
  /** The units moved. */
  quantity: number;
  from: { locationId: number; name: string; stock: number };
  to: { locationId: number; name: string; stock: number };
  /** What sells online after the move. */
  stock: number;
}

/**
 * Units moved from one location to another: two `transfer` rows in one transaction, under the one
 * lock order (decision 0068). Refused: the same location (422), a location or size unknown (404),
 * more than the location holds (409 naming the SKU and the figure).
 */
export async function transferStock(db: Db, raw: unknown, actor: AuditActor): Promise<TransferResult> {
  const input = parseInput(transferBodySchema, raw);
  if (input.variantId === undefined && !input.sku)
    throw new AppError('BAD_REQUEST', 'Enter the SKU to move', { sku: 'Enter the SKU to move' });
  if (input.from === input.to)
    throw new AppError('UNPROCESSABLE', 'Choose two different locations', {
      to: 'Choose a location other than the one the units leave',
    });
  return db.transaction(async (tx) => {
    const from = await readPlace(tx, input.from, 'from');
    const to = await readPlace(tx, input.to, 'to');
    const [variant] =
      input.variantId === undefined
        ? await variantsFor(tx, [], [input.sku!])
        : await variantsFor(tx, [input.variantId]);
    if (!variant)
      throw input.variantId === undefined
        ? new AppError('NOT_FOUND', `No size with SKU ${input.sku}`, { sku: `No size with SKU ${input.sku}` })
        : new AppError('NOT_FOUND', 'No such size and colour', { variantId: 'No such size and colour' });
    await lockStock(tx, [variant.productId], [variant.id]);
    const there = (await levelsAt(tx, from.id, [variant.id])).get(variant.id)!;
    const toBefore = (await levelsAt(tx, to.id, [variant.id])).get(variant.id)!;
    if (there < input.quantity)
      throw new AppError(
        'CONFLICT',
        `${variant.sku} has ${there} at ${from.name}: ${input.quantity} cannot be moved.`,
        { quantity: `Only ${there} at ${from.name}` },
      );
    // Between two locations that both sell online, what sells online stays as it was.
    const bothOnline = from.fulfilsOnline && to.fulfilsOnline;
    const note = (where: string) => (input.note ? `${where}: ${input.note}` : where);
    const cause = { reason: 'transfer', actorId: actor.id } as const;
    await stockCause(tx, { ...cause, note: note(`To ${to.name}`), locationId: from.id });
    await moveAt(tx, from, [{ variantId: variant.id, delta: -input.quantity }], bothOnline);
    await stockCause(tx, { ...cause, note: note(`From ${from.name}`), locationId: to.id });
    await moveAt(tx, to, [{ variantId: variant.id, delta: input.quantity }], bothOnline);
    const fromAfter = there - input.quantity;
    const toAfter = toBefore + input.quantity;
    const [after] = await variantsFor(tx, [variant.id]);
    await recordAdminAction(tx, actor, {
      action: 'inventory.transfer',
      entityType: 'variant',
      entityId: variant.id,
      summary: `${variant.sku}: ${input.quantity} from ${from.name} to ${to.name}`,
      before: { [from.name]: there, [to.name]: toBefore },
      after: { [from.name]: fromAfter, [to.name]: toAfter },
    });
    return {
      variantId: variant.id,
      productId: variant.productId,
      product: variant.name,
      sku: variant.sku,
      quantity: input.quantity,
      from: { locationId: from.id, name: from.name, stock: fromAfter },
      to: { locationId: to.id, name: to.name, stock: toAfter },
      stock: after!.stock,
    };
  });
}
