import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { users } from '../../db/schema/accounts';
import { categories, products } from '../../db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { and, eq, like } from 'drizzle-orm';
import { productVariants } from '../../db/schema/catalog';
import { parseCsv } from '../../tests/fixtures/csv';
import { csvLine } from '../csv/write-csv';
import { productExportColumns } from '../catalog/product-csv-columns';
import { startCsvExport } from './exports';
import { gridStockStatus } from '../catalog/product-grid';
import { importProducts } from '../catalog/product-import';

let database: TestDatabase;
const actor = { id: null, email: 'admin@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase();
  // Seven accounts, four of them created in the same microsecond: the batches must neither skip nor repeat one.
  const same = new Date('2026-11-20T10:00:00Z');
  await database.db.insert(users).values(
    Array.from({ length: 7 }, (_, index) => ({
      name: `Batch ${index}`,
      email: `batch-${index}@example.ng`,
      passwordHash: 'x',
      createdAt: index < 4 ? same : new Date(same.getTime() + (index + 1) * 60_000),
    })),
  );
});
afterAll(async () => {
  await database?.destroy();
});

describe('startCsvExport', () => {
  it('reads the rows in batches as they are consumed: header, then one chunk per batch', async () => {
    const exported = await startCsvExport(database.db, actor, 'users', { q: 'batch-' }, { batchSize: 3 });
    const chunks: string[] = [];
    for await (const chunk of exported.chunks()) chunks.push(chunk);
    expect(chunks).toHaveLength(1 + 3);
    expect(chunks[0]).toMatch(/^\uFEFFID,Name,Email,/);
    const emails = chunks
      .slice(1)
      .join('')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(',')[2]);
    expect(emails.slice(0, 3)).toEqual(['batch-6@example.ng', 'batch-5@example.ng', 'batch-4@example.ng']);
    expect(new Set(emails)).toEqual(
      new Set(Array.from({ length: 7 }, (_, index) => `batch-${index}@example.ng`)),
    );
    expect(emails).toHaveLength(7);
  });

  it('refuses a bad filter before anything is read or logged, and logs a good one with its filters', async () => {
    const before = (await database.db.select().from(auditLog)).length;
    await expect(
      startCsvExport(database.db, actor, 'transactions', { from: '21/11/2026' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await database.db.select().from(auditLog)).toHaveLength(before);
    const exported = await startCsvExport(database.db, actor, 'orders', {
      q: ' ada ',
      status: 'shipped',
      page: '3',
    });
    expect(exported.filter).toEqual({ q: 'ada', status: 'shipped' });
    const entries = await database.db.select().from(auditLog);
    expect(entries.at(-1)).toMatchObject({
      action: 'export.orders',
      entityType: 'export',
      actorEmail: 'admin@rossy.ng',
      after: { q: 'ada', status: 'shipped' },
    });
  });

  it('writes a row for every size and colour of every product, across batches, none twice', async () => {
    await database.db.insert(categories).values({ id: 'shirts', name: 'Shirts' });
    const made = await database.db
      .insert(products)
      .values(
        Array.from({ length: 5 }, (_, index) => ({
          name: `Batch Shirt ${index}`,
          description: 'Linen',
          categoryId: 'shirts',
          priceKobo: 2_000_000,
          stock: 12,
          sizes: index % 2 ? ['S', 'M', 'L'] : [],
          colors:
            index === 4
              ? [
                  { name: 'Olive', hex: '#708238' },
                  { name: 'Black', hex: '#111111' },
                ]
              : [],
          createdAt: new Date(Date.UTC(2026, 10, 20, 10, index)),
        })),
      )
      .returning({ id: products.id });
    const exported = await startCsvExport(
      database.db,
      actor,
      'products',
      { q: 'Batch Shirt' },
      { batchSize: 2 },
    );
    const chunks: string[] = [];
    for await (const chunk of exported.chunks()) chunks.push(chunk);
    const lines = chunks
      .join('')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const [header, ...rows] = lines.map((line) => line.split(','));
    const at = (name: string) => header!.indexOf(name);
    // Newest product first; each product's sizes and colours in the shop's order.
    expect(rows.map((row) => [Number(row[at('Product ID')]), row[at('Size')], row[at('Colour')]])).toEqual([
      [made[4]!.id, '', 'Olive'],
      [made[4]!.id, '', 'Black'],
      [made[3]!.id, 'S', ''],
      [made[3]!.id, 'M', ''],
      [made[3]!.id, 'L', ''],
      [made[2]!.id, '', ''],
      [made[1]!.id, 'S', ''],
      [made[1]!.id, 'M', ''],
      [made[1]!.id, 'L', ''],
      [made[0]!.id, '', ''],
    ]);
    // The 12 units of each product are spread over its sizes and colours: the totals hold.
    const units = new Map<string, number>();
    for (const row of rows)
      units.set(row[at('Product ID')]!, (units.get(row[at('Product ID')]!) ?? 0) + Number(row[at('Stock')]));
    expect([...units.values()]).toEqual([12, 12, 12, 12, 12]);
    expect(new Set(rows.map((row) => row[at('SKU')])).size).toBe(10);
  });
});

describe('an exported products file imported again', () => {
  it("changes what the owner edited and nothing else: its columns are the import's", async () => {
    const exported = await startCsvExport(database.db, actor, 'products', { q: 'Batch Shirt' });
    let text = '';
    for await (const chunk of exported.chunks()) text += chunk;
    const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
    // The file goes back whole: its read-only columns (stock status, sales, dates) are left alone.
    expect(productExportColumns.importable.every((name) => header!.includes(name))).toBe(true);
    expect(productExportColumns.readOnly.every((name) => header!.includes(name))).toBe(true);
    const at = (name: string) => header!.indexOf(name);
    const edited = rows.map((row) => [...row]);
    const target = edited.find((row) => row[at('Size')] === 'M')!;
    target[at('Stock')] = '17';
    target[at('Sold')] = '999';
    const file = [header!, ...edited].map(csvLine).join('');

    const before = await database.db
      .select({ sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(like(products.name, 'Batch Shirt%'));
    const outcome = await importProducts({ db: database.db, uploadDir: '/tmp' }, file, {
      dryRun: false,
      actor,
    });
    expect(outcome.report.errors).toEqual([]);
    expect(outcome.problem).toBeNull();
    expect(outcome.report).toMatchObject({
      applied: true,
      created: 0,
      variantsCreated: 0,
      variantsUpdated: 1,
    });
    const after = await database.db
      .select({ sku: productVariants.sku, stock: productVariants.stock })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(like(products.name, 'Batch Shirt%')));
    expect(new Map(after.map((row) => [row.sku, row.stock]))).toEqual(
      new Map(before.map((row) => [row.sku, row.sku === target[at('SKU')] ? 17 : row.stock])),
    );
  });
});

describe("a product's stock status", () => {
  const status = (stocks: number[]) =>
    gridStockStatus(
      stocks.map((stock) => ({ stock })),
      stocks.reduce((sum, stock) => sum + stock, 0),
      5,
    );
  it('is out when no size has any, low when some size is below five or sold out, else in stock', () => {
    expect(status([0, 0])).toBe('out_of_stock');
    expect(status([])).toBe('out_of_stock');
    expect(status([0, 9])).toBe('low_stock');
    expect(status([4, 9])).toBe('low_stock');
    expect(status([5, 9])).toBe('in_stock');
  });
});
