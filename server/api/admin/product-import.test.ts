import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, importTemplateCsv } from '../../../contracts/product-import';
import { auth, createAdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: (method: 'POST', url: string, payload?: object) => Promise<void>;

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
});
afterAll(async () => {
  await test?.close();
});

function multipart(bytes: Buffer | string, field = 'file', fields: Record<string, string> = {}) {
  const boundary = `----rossy${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function send(
  csv: Buffer | string,
  {
    dryRun = false,
    field = 'file',
    fields = {},
  }: { dryRun?: boolean; field?: string; fields?: Record<string, string> } = {},
) {
  const body = multipart(csv, field, fields);
  return test.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...auth(adminToken), ...body.headers },
    payload: body.payload,
  });
}

async function counts() {
  const result = await test.database.db.execute(sql`
    SELECT (SELECT count(*) FROM products)::int AS products,
           (SELECT count(*) FROM product_variants)::int AS variants,
           (SELECT coalesce(sum(stock), 0) FROM product_variants)::int AS units,
           (SELECT count(*) FROM audit_log)::int AS audit,
           (SELECT version FROM catalog_version)::text AS version`);
  return (result as { rows: Record<string, number | string>[] }).rows[0]!;
}

async function aSeededVariant() {
  const result = await test.database.db.execute(sql`
    SELECT v.sku, v.stock, v.product_id AS "productId", v.size, v.color FROM product_variants v
      JOIN products p ON p.id = v.product_id
     WHERE p.status = 'active' AND v.size <> '' ORDER BY v.product_id, v.position LIMIT 1`);
  return (
    result as {
      rows: { sku: string; stock: number; productId: number; size: string; color: string }[];
    }
  ).rows[0]!;
}

const HEADER = 'handle,name,description,category,price,size,colour,sku,stock,variant price';

describe('POST /api/admin/products/import', () => {
  it('is for administrators only', async () => {
    await expectAdminOnly('POST', '/api/admin/products/import');
  });

  it('checks a file with ?dryRun=true, answering what it would do and every bad row, and writes nothing', async () => {
    const variant = await aSeededVariant();
    const before = await counts();
    const response = await send(
      [
        HEADER,
        `agbada,Aso Oke Agbada,Hand-woven agbada,Men's Wear,85000,L,Navy,AGB-L-NVY,3,`,
        `agbada,,,,,XL,Navy,AGB-XL-NVY,-2,`,
        `,,,,,,,${variant.sku},9,`,
      ].join('\r\n'),
      { dryRun: true },
    );
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ dryRun: true, applied: false, rows: 3, created: 1, updated: 1 });
    expect(report.errors).toEqual([{ row: 3, column: 'stock', message: 'Stock cannot be below zero.' }]);
    expect(report.products.map((p: { action: string; name: string }) => p.action)).toEqual([
      'create',
      'update',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('changes nothing when one row is bad: 422 with every bad row', async () => {
    const variant = await aSeededVariant();
    const before = await counts();
    const response = await send(
      [
        HEADER,
        `kaftan,Linen Kaftan,A kaftan,Men's Wear,45000,M,Navy,KAF-M-NVY,4,`,
        `,,,,,,,${variant.sku},${variant.stock + 5},`,
        `kaftan,,,,,L,Navy,KAF-M-NVY,2,`,
      ].join('\n'),
    );
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.error.code).toBe('UNPROCESSABLE');
    expect(body.error.message).toMatch(/nothing was imported/);
    expect(body.errors).toEqual([
      { row: 4, column: 'sku', message: expect.stringContaining('already in row 2') },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('creates and updates in one go; the new product opens at once in the shop, and importing the file again changes nothing', async () => {
    const variant = await aSeededVariant();
    // The shop's product page caches its answer: read it before, so the import must make it stale.
    const shopBefore = await test.app.inject({ method: 'GET', url: `/api/products/${variant.productId}` });
    expect(shopBefore.statusCode).toBe(200);
    const before = await counts();
    const file = [
      HEADER,
      `senator,Senator Suit,A tailored senator suit,Men's Wear,120000,M,Black,SEN-M-BLK,5,`,
      `senator,,,,,L,Black,SEN-L-BLK,0,130000`,
      `,,,,,,,${variant.sku},${variant.stock + 3},`,
    ].join('\r\n');
    const response = await send(file);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({
      applied: true,
      created: 1,
      updated: 1,
      variantsCreated: 2,
      variantsUpdated: 1,
    });
    const created = report.products.find((p: { action: string }) => p.action === 'create');
    expect(created.url).toBe(`/product/${created.id}`);

    const after = await counts();
    expect(after.products).toBe(Number(before.products) + 1);
    expect(after.units).toBe(Number(before.units) + 5 + 3);
    // The whole import moves the catalogue's version once, however many rows it wrote (migration 0020).
    expect(Number(after.version)).toBe(Number(before.version) + 1);

    const page = await test.app.inject({ method: 'GET', url: `/api/products/${created.id}` });
    expect(page.statusCode).toBe(200);
    const product = page.json();
    expect(product.name).toBe('Senator Suit');
    expect(
      product.variants.map((v: { sku: string; size: string; inStock: boolean; price: number }) => [
        v.sku,
        v.size,
        v.inStock,
        v.price,
      ]),
    ).toEqual([
      ['SEN-M-BLK', 'M', true, 120000],
      ['SEN-L-BLK', 'L', false, 130000],
    ]);
    const updated = await test.app.inject({ method: 'GET', url: `/api/products/${variant.productId}` });
    const sold = updated.json().variants.find((v: { sku: string }) => v.sku === variant.sku);
    expect(sold.inStock).toBe(true);

    const audit = await test.database.db.execute(
      sql`SELECT actor_email AS "actorEmail", summary FROM audit_log WHERE action = 'product.import' ORDER BY id DESC LIMIT 1`,
    );
    expect((audit as { rows: { actorEmail: string; summary: string }[] }).rows[0]).toMatchObject({
      actorEmail: 'admin@rossy.ng',
      summary: expect.stringMatching(/3 rows: 1 product added, 1 updated/),
    });

    const again = await send(file);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2, variantsCreated: 0 });
    const third = await counts();
    expect({ ...third, audit: 0 }).toEqual({ ...after, audit: 0 });
  });

  it('makes only the rows into variants unless the owner asks for the full grid; the check names what the grid would add', async () => {
    const rows = (handle: string, name: string) => [
      HEADER,
      `${handle},${name},Hand-dyed adire,Men's Wear,32000,M,Navy,,3,`,
      `${handle},,,,,L,Navy,,1,`,
      `${handle},,,,,L,Black,,4,`,
    ];
    const checked = await send(rows('adire-rows', 'Adire Rows Shirt').join('\r\n'), { dryRun: true });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ variants: 'rows', variantsCreated: 3, addedCombinationCount: 1 });
    expect(checked.json().products[0].addedCombinations).toEqual([{ size: 'M', color: 'Black' }]);

    const byRows = await send(rows('adire-rows', 'Adire Rows Shirt').join('\r\n'), {
      fields: { variants: 'rows' },
    });
    expect(byRows.statusCode).toBe(200);
    const rowsProduct = await test.app.inject({
      method: 'GET',
      url: `/api/products/${byRows.json().products[0].id}`,
    });
    expect(
      rowsProduct.json().variants.map((v: { size: string; color: string }) => `${v.size} / ${v.color}`),
    ).toEqual(['M / Navy', 'L / Navy', 'L / Black']);

    const byGrid = await send(rows('adire-grid', 'Adire Grid Shirt').join('\r\n'), {
      fields: { variants: 'grid' },
    });
    expect(byGrid.statusCode).toBe(200);
    expect(byGrid.json()).toMatchObject({ variants: 'grid', variantsCreated: 4 });
    const gridProduct = await test.app.inject({
      method: 'GET',
      url: `/api/products/${byGrid.json().products[0].id}`,
    });
    expect(
      gridProduct
        .json()
        .variants.map(
          (v: { size: string; color: string; inStock: boolean }) => `${v.size} / ${v.color} ${v.inStock}`,
        ),
    ).toEqual(['M / Navy true', 'L / Navy true', 'M / Black false', 'L / Black true']);

    const wrong = await send(importTemplateCsv(), { dryRun: true, fields: { variants: 'all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.variants).toMatch(/rows.*grid/);
  });

  it('describes the variants choice in the OpenAPI document', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body =
      document.paths['/api/admin/products/import'].post.requestBody.content['multipart/form-data'].schema;
    expect(body.properties.variants).toMatchObject({
      type: 'string',
      enum: ['rows', 'grid'],
      default: 'rows',
    });
  });

  it('answers 422 for a file it cannot read, 400 for a missing file, 413 above the size limit', async () => {
    const notUtf8 = await send(Buffer.from('name,price\nCaf\xe9,100\n', 'latin1'), { dryRun: true });
    expect(notUtf8.statusCode).toBe(422);
    expect(notUtf8.json().error.message).toMatch(/UTF-8/);
    const openQuote = await send(`${HEADER}\r\n"x,Shirt`, { dryRun: true });
    expect(openQuote.statusCode).toBe(422);
    expect(openQuote.json().errors).toEqual([{ row: 2, message: expect.stringContaining('never closed') }]);
    const wrongField = await send(importTemplateCsv(), { field: 'image' });
    expect(wrongField.statusCode).toBe(400);
    const json = await test.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: auth(adminToken),
      payload: { file: 'name\nShirt' },
    });
    expect(json.statusCode).toBe(400);
    const huge = await send(`${HEADER}\n${'x'.repeat(IMPORT_MAX_BYTES + 10)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toMatch(/larger than 5 MB/);
  });
});
