/**
 * One home for stock (docs/decisions/0067-inventory-ledger.md): the lint rule that keeps every write
 * of a size's stock and a product's sold count in core/inventory, run through the shop's own ESLint
 * configuration, so the folders it covers and the ones it leaves out are the real ones.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'rossy/stock-writes-in-inventory';
let eslint: ESLint;

beforeAll(() => {
  // Only this rule runs, read without types: a planted file is in no tsconfig, and the rule reads the SQL.
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === RULE,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
});

/** What the rule reports for `code` placed at `file`: the columns, by line. */
async function reported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === RULE)
    .map(
      (message) => `${message.line}: ${/^(\S+) is written/.exec(message.message)?.[1] ?? message.message}`,
    );
}

const planted = `import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productVariants, products } from '../../db/schema/catalog';

export async function planted(tx: DbOrTx, id: number) {
  await tx.update(productVariants).set({ stock: 3, updatedAt: new Date() }).where(sql\`id = \${id}\`);
  await tx.update(products).set({ soldCount: sql\`\${products.soldCount} + 1\` });
  await tx.execute(sql\`UPDATE product_variants v SET updated_at = now(), stock = v.stock - 1 WHERE v.id = \${id}\`);
  await tx.execute(sql\`UPDATE "products" p SET sold_count = greatest(p.sold_count - 1, 0) WHERE p.id = \${id}\`);
  await tx.execute(sql\`UPDATE \${productVariants} SET \${productVariants.stock} = 0 WHERE id = \${id}\`);
  await tx.execute(sql\`INSERT INTO product_variants (product_id, size, color, sku, stock) VALUES (\${id}, 'M', '', 'X', 4)\`);
  await tx.insert(productVariants).values([{ productId: id, size: 'L', color: '', sku: 'Y', stock: 2 }]);
  await tx.execute('UPDATE product_variants SET stock = 0');
}
`;
const plantedLines = [
  '6: productVariants.stock',
  '7: products.soldCount',
  '8: product_variants.stock',
  '9: products.sold_count',
  '10: product_variants.stock',
  '11: product_variants.stock',
  '12: productVariants.stock',
  '13: product_variants.stock',
];

describe('only core/inventory writes stock and sold counts', () => {
  it('reports each write planted in orders, returns, the catalogue, the server and the pages', async () => {
    for (const file of [
      'core/orders/planted.ts',
      'core/returns/planted.ts',
      'core/catalog/planted.ts',
      'server/api/admin/planted.ts',
      'app/routes/planted.ts',
    ])
      expect(await reported(file, planted), file).toEqual(plantedLines);
  }, 60_000);

  it('leaves reads and the other columns of those tables alone', async () => {
    const reads = `import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productVariants, products } from '../../db/schema/catalog';

export async function fine(tx: DbOrTx, id: number) {
  await tx.select({ stock: productVariants.stock, sold: products.soldCount }).from(productVariants);
  await tx.update(productVariants).set({ priceKobo: 5, costKobo: 3 }).where(sql\`stock = 0\`);
  await tx.update(products).set({ name: 'Shirt' }).where(eq(products.id, id));
  await tx.execute(sql\`UPDATE product_variants SET price_kobo = 1 WHERE stock = 0 AND id = \${id}\`);
  await tx.execute(sql\`SELECT sum(stock) AS stock, max(sold_count) FROM products WHERE sold_count = 0\`);
  await tx.execute(sql\`INSERT INTO product_variants (product_id, size, color, sku) VALUES (\${id}, 'M', '', 'X')\`);
}
`;
    expect(await reported('core/orders/fine.ts', reads)).toEqual([]);
  });

  it('lets core/inventory, the seed, the benchmark scripts and tests write them', async () => {
    for (const file of [
      'core/inventory/planted.ts',
      'seed/planted.ts',
      'scripts/planted.ts',
      'tests/fixtures/planted.ts',
      'core/orders/planted.test.ts',
    ])
      expect(await reported(file, planted), file).toEqual([]);
  }, 60_000);
});
