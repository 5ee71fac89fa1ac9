import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { isUniqueViolation } from '../unique-violation';
import { parseInput } from '../validation';

export interface LocationView {
  id: number;
  name: string;
  address: string;
  fulfilsOnline: boolean;
  pickup: boolean;
  isDefault: boolean;
  position: number;
  /** Units kept here, every size and colour together. */
  units: number;
}

const fields = {
  name: z.string().trim().min(1, 'Name the location').max(80),
  address: z.string().trim().max(200),
  fulfilsOnline: z.boolean(),
  pickup: z.boolean(),
  position: z.number().int().min(0).max(1000),
};
export const locationCreateSchema = z.object({
  name: fields.name,
  address: fields.address.optional(),
  fulfilsOnline: fields.fulfilsOnline.optional(),
  pickup: fields.pickup.optional(),
  position: fields.position.optional(),
});
export const locationPatchSchema = locationCreateSchema.partial();

export async function listLocations(db: DbOrTx): Promise<LocationView[]> {
  const result = (await db.execute(sql`
    SELECT s.id, s.name, s.address, s.fulfils_online AS "fulfilsOnline", s.pickup, s.is_default AS "isDefault",
           s.position, coalesce((SELECT sum(stock) FROM inventory_levels l WHERE l.location_id = s.id), 0)::int AS units
      FROM stock_locations s ORDER BY s.position, s.id`)) as { rows: LocationView[] };
  return result.rows;
}

/**
 * What sells online counted again after a location starts or stops fulfilling online orders: each
 * variant's stock becomes the sum of its levels at the locations that do. No unit moves, so no ledger
 * row is written (`rossy.stock_recount`, migration 0038). Every product then every variant is locked in
 * the one order first, as a sale would (decision 0068).
 */
async function recountOnline(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT id FROM products ORDER BY id FOR UPDATE`);
  await tx.execute(sql`SELECT id FROM product_variants ORDER BY id FOR UPDATE`);
  await tx.execute(sql`SELECT set_config('rossy.stock_recount', 'on', true)`);
  await tx.execute(sql`
    UPDATE product_variants v SET stock = s.online, updated_at = now()
      FROM (SELECT v2.id, coalesce(sum(l.stock) FILTER (WHERE loc.fulfils_online), 0)::int AS online
              FROM product_variants v2
              LEFT JOIN inventory_levels l ON l.variant_id = v2.id
              LEFT JOIN stock_locations loc ON loc.id = l.location_id
             GROUP BY v2.id) s
     WHERE v.id = s.id AND v.stock <> s.online`);
  await tx.execute(sql`SELECT set_config('rossy.stock_recount', '', true)`);
}

async function save(
  db: Db,
  actor: AuditActor,
  id: number | null,
  input: z.output<typeof locationPatchSchema>,
): Promise<LocationView> {
  try {
    return await db.transaction(async (tx) => {
      const before = id === null ? null : (await listLocations(tx)).find((location) => location.id === id);
      if (id !== null && !before)
        throw new AppError('NOT_FOUND', 'No such location', { id: 'No such location' });
      const fulfils = input.fulfilsOnline ?? before?.fulfilsOnline ?? false;
      const pickup = input.pickup ?? before?.pickup ?? false;
      if (pickup && !fulfils)
        throw new AppError('UNPROCESSABLE', 'The pickup location sells online', {
          pickup:
            'Pickup orders take their units from what sells online: let this location fulfil online orders first',
        });
      if (pickup)
        await tx.execute(sql`UPDATE stock_locations SET pickup = false WHERE pickup AND id <> ${id ?? 0}`);
      const saved = (await tx.execute(
        id === null
          ? sql`INSERT INTO stock_locations (name, address, fulfils_online, pickup, position)
                VALUES (${input.name!}, ${input.address ?? ''}, ${fulfils}, ${pickup},
                        ${input.position ?? sql`(SELECT coalesce(max(position), 0) + 1 FROM stock_locations)`})
                RETURNING id`
          : sql`UPDATE stock_locations SET name = ${input.name ?? before!.name}, address = ${input.address ?? before!.address},
                       fulfils_online = ${fulfils}, pickup = ${pickup}, position = ${input.position ?? before!.position}
                 WHERE id = ${id} RETURNING id`,
      )) as { rows: { id: number }[] };
      const savedId = saved.rows[0]!.id;
      const selling = (await tx.execute(
        sql`SELECT count(*)::int AS count FROM stock_locations WHERE fulfils_online`,
      )) as { rows: { count: number }[] };
      if (selling.rows[0]!.count === 0)
        throw new AppError('UNPROCESSABLE', 'One location at least fulfils online orders', {
          fulfilsOnline: 'The shop sells online from one location at least',
        });
      if (before && before.fulfilsOnline !== fulfils) await recountOnline(tx);
      const after = (await listLocations(tx)).find((location) => location.id === savedId)!;
      await recordAdminAction(tx, actor, {
        action: id === null ? 'location.create' : 'location.update',
        entityType: 'location',
        entityId: savedId,
        summary: `${after.name}${after.fulfilsOnline ? ', sells online' : ', does not sell online'}${after.pickup ? ', pickup' : ''}`,
        before: before ? { ...before } : null,
        after: { ...after },
      });
      return after;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', 'A location has that name', { name: 'A location has that name' });
    throw error;
  }
}

export const createLocation = (db: Db, raw: unknown, actor: AuditActor) =>
  save(db, actor, null, parseInput(locationCreateSchema, raw));

export const updateLocation = (db: Db, id: number, raw: unknown, actor: AuditActor) =>
  save(db, actor, id, parseInput(locationPatchSchema, raw));
