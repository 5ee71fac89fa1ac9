import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { products } from '../../db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { findProductUpload, saveProductUpload } from './product-images';
import { createProduct, listAdminProducts, parseAdminProductQuery, updateProduct } from './products';
import { setProductStock } from '../../tests/fixtures/stock';

let database: TestDatabase;
let uploadDir: string;
const actor = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-core-products-'));
});
afterAll(async () => {
  await database?.destroy();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

describe('stock states in the admin list', () => {
  it("follow the shop's low-stock rule: 0 is out, 1-4 low, 5 and up in stock", async () => {
    const ids = [1010, 1011, 1012, 1013];
    const levels = [0, 1, 4, 5];
    for (const [index, id] of ids.entries()) await setProductStock(database.db, id, levels[index]!);
    const states: (string | undefined)[] = [];
    for (const id of ids)
      states.push((await listAdminProducts(database.db, { q: String(id) })).items[0]?.stockStatus);
    expect(states).toEqual(['out_of_stock', 'low_stock', 'low_stock', 'in_stock']);
    const low = await listAdminProducts(database.db, { stock: 'low_stock', pageSize: 100 });
    expect(low.items.map((row) => row.id)).toEqual(expect.arrayContaining([1011, 1012]));
    expect(low.items.map((row) => row.id)).not.toContain(1013);
  });

  it('reads filters from an address, dropping nonsense instead of failing the page', () => {
    const query = parseAdminProductQuery(new URLSearchParams('q=tote&stock=plenty&status=archived&page=-3'));
    expect(query).toMatchObject({ q: 'tote', status: 'archived', page: 1 });
    expect(query.stock).toBeUndefined();
  });
});

describe('changing a product', () => {
  it('records nothing when nothing changed, and only the changed fields otherwise', async () => {
    const [row] = await database.db.select().from(products).where(eq(products.id, 1020));
    const same = await updateProduct(
      database.db,
      1020,
      { name: row!.name, price: row!.priceKobo / 100, stock: row!.stock },
      actor,
    );
    expect(same.changed).toEqual([]);
    const changed = await updateProduct(database.db, 1020, { name: row!.name, stock: row!.stock + 3 }, actor);
    expect(changed.changed).toEqual(['stock']);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, '1020'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ before: { stock: row!.stock }, after: { stock: row!.stock + 3 } });
  });

  it('refuses a brand from the other department', async () => {
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#654321' } })
      .png()
      .toBuffer();
    const upload = await saveProductUpload(uploadDir, photo);
    expect(await findProductUpload(uploadDir, upload.id)).toMatchObject({ width: 400, height: 500 });
    await expect(
      createProduct(
        { db: database.db, uploadDir },
        {
          name: 'Lagos Linen Shirt',
          description: 'Breathable linen.',
          price: 25000,
          stock: 4,
          category: 'mens-shirts',
          brand: 'maison-ebele',
          images: [upload.id],
        },
        actor,
      ),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE', fields: { brand: expect.any(String) } });
  });
});
