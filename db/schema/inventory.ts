import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stock_locations_name_present', sql`btrim(${table.name}) <> ''`),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inventory_movements_variant_idx').on(table.variantId, table.id.desc()),
    index('inventory_movements_product_idx').on(table.productId, table.id.desc()),
    index('inventory_movements_order_idx')
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    check('inventory_movements_quantity_not_zero', sql`${table.quantity} <> 0`),
    check('inventory_movements_balance_non_negative', sql`${table.balance} >= 0`),
  ],
);
