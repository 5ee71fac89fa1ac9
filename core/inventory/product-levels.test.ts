/**
 * Each size × colour's units at each location, as the admin's grid shows them (decision 0068): one
 * column per location in the shop's order, 0 where a size has no level there, and a transfer moving
 * units between the columns without changing the sum on hand.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createGridProduct, gridOf } from '../../tests/fixtures/variant-grid';
import { createLocation } from './locations';
import { productLevels } from './product-levels';
import { transferStock } from './transfer';

const actor = { id: null, email: 'owner@rossy.ng' };
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`INSERT INTO categories (id, name) VALUES ('levels', 'Levels')`);
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

describe('productLevels', () => {
  it('gives one figure per location for each size, the sum of which is what is on hand', async () => {
    const { db } = database;
    const product = await createGridProduct(db, {
      name: 'Kampala Two-Piece',
      sizes: ['M', 'L'],
      colors: ['Olive'],
      stock: 5,
    });
    const [m, l] = await gridOf(db, product.id);
    const other = await createGridProduct(db, { name: 'Another', sizes: ['M'], colors: ['Olive'], stock: 9 });

    const alone = await productLevels(db, product.id);
    expect(alone.locations).toHaveLength(1);
    expect(alone.byVariant).toEqual({ [m!.id]: [5], [l!.id]: [5] });

    const room = await createLocation(db, { name: 'Store room', fulfilsOnline: false }, actor);
    const [shop] = alone.locations;
    await transferStock(db, { variantId: m!.id, from: shop!.id, to: room.id, quantity: 2 }, actor);

    const both = await productLevels(db, product.id);
    expect(both.locations.map((place) => [place.name, place.fulfilsOnline])).toEqual([
      [shop!.name, true],
      ['Store room', false],
    ]);
    // L never had a level at the store room: it reads 0 there.
    expect(both.byVariant).toEqual({ [m!.id]: [3, 2], [l!.id]: [5, 0] });
    // Another product's sizes are not among this one's.
    expect(Object.keys(both.byVariant).map(Number)).not.toContain((await gridOf(db, other.id))[0]!.id);
    // What sells online is the selling location's figure.
    expect((await gridOf(db, product.id)).map((cell) => cell.stock)).toEqual([3, 5]);
  });

  it('answers an empty map for a product with no sizes left', async () => {
    const levels = await productLevels(database.db, 2_000_000);
    expect(levels.byVariant).toEqual({});
    expect(levels.locations.length).toBeGreaterThan(0);
  });
});
