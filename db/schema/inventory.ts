import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { movementReasons } from '../../contracts/inventory';
import { users } from './accounts';
import { productVariants } from './catalog';
import { orders } from './orders';
import { orderReturns } from './returns';

/**
 * Where stock is kept: the shop to begin with, later a second shop or a store room
 * (docs/decisions/0067-inventory-ledger.md). Online orders take from the locations that fulfil them.
 */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    fulfilsOnline: boolean('fulfils_online').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** The location that hands over pickup orders; it sells online (migration 0038). */
    pickup: boolean('pickup').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stock_locations_name_present', sql`btrim(${table.name}) <> ''`),
    check('stock_locations_pickup_sells_online', sql`NOT ${table.pickup} OR ${table.fulfilsOnline}`),
    uniqueIndex('stock_locations_one_pickup')
      .on(sql`(true)`)
      .where(sql`${table.pickup}`),
    uniqueIndex('stock_locations_name_idx').on(sql`lower(btrim(${table.name}))`),
    uniqueIndex('stock_locations_one_default')
      .on(sql`(true)`)
      .where(sql`${table.isDefault}`),
  ],
);

/** A size × colour's stock at one location; the database keeps it with every movement. */
export const inventoryLevels = pgTable(
  'inventory_levels',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    stock: integer('stock').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'inventory_levels_pk', columns: [table.variantId, table.locationId] }),
    check('inventory_levels_stock_non_negative', sql`${table.stock} >= 0`),
  ],
);

/** One line of a stocktake as it was applied: the books at the count's moment, the count, the change. */
export interface StocktakeLine {
  variantId: number;
  sku: string;
  book: number;
  counted: number;
  difference: number;
}

/**
 * A count of a location's shelves, applied at once as `stocktake` rows of the ledger
 * (core/inventory/stocktake.ts, migration 0038). `asOf` is the ledger's last row when counting began.
 */
export const stocktakes = pgTable('stocktakes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  locationId: integer('location_id')
    .notNull()
    .references(() => stockLocations.id),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  note: text('note').notNull().default(''),
  asOf: bigint('as_of', { mode: 'number' }).notNull(),
  lines: jsonb('lines').$type<StocktakeLine[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export { movementReasons, type MovementReason } from '../../contracts/inventory';

/**
 * The ledger: one row for every change to a variant's stock at a location, with the balance after it,
 * written by the database (trigger `product_variants_stock_ledger`, migration 0037) from the reason
 * and cause core/inventory names for the transaction. A variant's stock is the sum of its rows.
 */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productId: integer('product_id'),
    sku: text('sku').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: movementReasons }).notNull(),
    balance: integer('balance').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    returnId: integer('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    stocktakeId: integer('stocktake_id').references(() => stocktakes.id, { onDelete: 'set null' }),
    /** What a unit received cost, when the owner said. */
    unitCostKobo: integer('unit_cost_kobo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inventory_movements_location_idx').on(table.locationId, table.variantId, table.id),
    check(
      'inventory_movements_unit_cost_non_negative',
      sql`${table.unitCostKobo} IS NULL OR ${table.unitCostKobo} >= 0`,
    ),
    index('inventory_movements_variant_idx').on(table.variantId, table.id.desc()),
    index('inventory_movements_product_idx').on(table.productId, table.id.desc()),
    index('inventory_movements_order_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    check('inventory_movements_quantity_not_zero', sql`${table.quantity} <> 0`),
    check('inventory_movements_balance_non_negative', sql`${table.balance} >= 0`),
  ],
);
