import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/admin';
import { productImages, products } from '../../../db/schema/catalog';
import { orderLines } from '../../../db/schema/orders';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';
import { setProductStock } from '../../../tests/fixtures/stock';

const REQUIRED = 'Please fill in all required fields and ensure stock is greater than zero.';
const EDIT_REQUIRED = 'Please fill in required fields: name, price, stock.';
const BAD_URL = 'Please provide a valid image URL.';

let test: TestApp;
let uploadDir: string;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
let imageServer: http.Server;
let imageOrigin: string;
let png: Buffer;
let jpeg: Buffer;

const photo = (hex: string, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width: 800, height: 1000, channels: 3, background: hex } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

beforeAll(async () => {
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-admin-products-'));
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({
    seed: true,
    env: { UPLOAD_DIR: uploadDir },
    name: 'Ada Obi',
    customerEmail: 'ada@example.ng',
  }));
  png = await photo('#7a4b2a', 'png');
  jpeg = await photo('#1f2a44', 'jpeg');
  // A stand-in for a photo on the web: the shop fetches image URLs itself, and tests have no internet.
  imageServer = http.createServer((request, response) => {
    if (request.url === '/bag.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else if (request.url === '/page.html')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Not a photo</h1>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  imageServer?.closeAllConnections();
  await new Promise((resolve) => imageServer?.close(resolve));
  await test?.close();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

function multipartBody(field: string, name: string, type: string, bytes: Buffer) {
  const boundary = `----rossy${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(bytes: Buffer, name = 'photo.png', type = 'image/png', token = adminToken) {
  const body = multipartBody('image', name, type, bytes);
  return test.app.inject({
    method: 'POST',
    url: '/api/admin/products/images',
    headers: { ...auth(token), ...body.headers },
    payload: body.payload,
  });
}

const create = (payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/admin/products', headers: auth(adminToken), payload });

const valid = {
  name: 'Adaeze Woven Tote',
  description: 'A roomy tote in hand-woven leather, lined in cotton, with a zipped inner pocket.',
  price: 48500,
  originalPrice: 56000,
  stock: 12,
  category: 'tote-bags',
  sizes: ['Medium'],
};

async function auditFor(id: number) {
  return test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);
}

async function placeOrder(productId: number, size: string) {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 1, selectedSize: size }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'chioma@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: {
        firstName: 'Chioma',
        lastName: 'Eze',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        zipCode: '100271',
        country: 'Nigeria',
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

describe('/api/admin/products access', () => {
  it('answers 401 to a guest and 403 to a customer on every route', async () => {
    await expectAdminOnly('GET', '/api/admin/products');
    await expectAdminOnly('POST', '/api/admin/products', {});
    await expectAdminOnly('PATCH', '/api/admin/products/1001', {});
    await expectAdminOnly('DELETE', '/api/admin/products/1001', {});
    await expectAdminOnly('POST', '/api/admin/products/images', {});
    const [untouched] = await test.database.db.select().from(products).where(eq(products.id, 1001));
    expect(untouched?.status).toBe('active');
  });
});

describe('listing products', () => {
  it('filters by search, category, stock state and status, paged', async () => {
    await setProductStock(test.database.db, 1002, 0);
    await test.database.db.execute(sql`UPDATE product_variants SET stock = 2
      WHERE id = (SELECT min(id) FROM product_variants WHERE product_id = 1002)`);
    const [low] = await test.database.db
      .select({ name: products.name, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.id, 1002));
    await setProductStock(test.database.db, 1003, 0);
    const list = async (query: string) => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/admin/products?${query}`,
        headers: auth(adminToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        items: {
          id: number;
          stockStatus: string;
          stockCount: number;
          category: { id: string };
          variants: { stock: number }[];
        }[];
        total: number;
        pageCount: number;
      }>();
    };
    const everything = await list('pageSize=10');
    expect(everything.items).toHaveLength(10);
    expect(everything.total).toBeGreaterThanOrEqual(72);
    expect(everything.pageCount).toBe(Math.ceil(everything.total / 10));

    const lowOnes = await list('stock=low_stock&pageSize=100');
    expect(lowOnes.items.map((item) => item.id)).toContain(1002);
    // Low: the product sells, and some size or colour of it is out or below 5.
    expect(
      lowOnes.items.every(
        (item) => item.stockCount > 0 && item.variants.some((variant) => variant.stock < 5),
      ),
    ).toBe(true);
    const inStock = await list('stock=in_stock&pageSize=100');
    expect(inStock.items.every((item) => item.variants.every((variant) => variant.stock >= 5))).toBe(true);
    const out = await list('stock=out_of_stock&pageSize=100');
    expect(out.items.map((item) => item.id)).toContain(1003);
    expect(out.items.every((item) => item.stockStatus === 'out_of_stock')).toBe(true);

    const byName = await list(`q=${encodeURIComponent(low!.name)}`);
    expect(byName.items.map((item) => item.id)).toContain(1002);
    const byId = await list('q=1002');
    expect(byId.items.map((item) => item.id)).toEqual([1002]);
    const department = await list('category=womens-bags&pageSize=100');
    expect(department.items.length).toBeGreaterThan(0);
    expect(department.items.some((item) => item.category.id === 'tote-bags')).toBe(true);
    expect(department.items.some((item) => item.category.id === 'mens-shirts')).toBe(false);

    const none = await list('q=zzzz-no-such-thing');
    expect(none).toMatchObject({ items: [], total: 0 });
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/admin/products?stock=plenty',
      headers: auth(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('adding a product', () => {
  it("refuses missing fields with SPEC's messages, naming each field", async () => {
    const empty = await create({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(REQUIRED);
    expect(Object.keys(empty.json().error.fields)).toEqual(
      expect.arrayContaining(['name', 'description', 'price']),
    );
    // Neither a stock nor a grid: the shape allows either, the rule needs one.
    const { stock: _stock, ...noStockAtAll } = valid;
    const neither = await create({ ...noStockAtAll, imageUrl: `${imageOrigin}/bag.png` });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().error).toMatchObject({ message: REQUIRED, fields: { stock: expect.any(String) } });

    const noStock = await create({ ...valid, stock: 0, imageUrl: `${imageOrigin}/bag.png` });
    expect(noStock.statusCode).toBe(400);
    expect(noStock.json().error).toMatchObject({ message: REQUIRED, fields: { stock: expect.any(String) } });

    const blankName = await create({ ...valid, name: '   ', imageUrl: `${imageOrigin}/bag.png` });
    expect(blankName.json().error).toMatchObject({ message: REQUIRED, fields: { name: expect.any(String) } });

    // The shape is right; the shop's rules (an image, each size and colour once, a colour's hex) refuse it: 422.
    const noImage = await create(valid);
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().error.fields).toHaveProperty('images');

    const sizeTwice = await create({
      ...valid,
      sizes: ['Medium', 'Mini', 'mini'],
      imageUrl: `${imageOrigin}/bag.png`,
    });
    expect(sizeTwice.statusCode).toBe(422);
    expect(sizeTwice.json().error.fields).toEqual({ sizes: 'mini is listed twice.' });
    const colourWithoutHex = await create({
      ...valid,
      colors: ['Lagos Teal'],
      imageUrl: `${imageOrigin}/bag.png`,
    });
    expect(colourWithoutHex.statusCode).toBe(422);
    expect(colourWithoutHex.json().error.fields.colors).toMatch(
      /^Lagos Teal is not a colour of Tote Bags: give its hex/,
    );
    const blankSize = await create({ ...valid, sizes: [' '], imageUrl: `${imageOrigin}/bag.png` });
    expect(blankSize.statusCode).toBe(400);
    expect(blankSize.json().error.fields).toHaveProperty(['sizes[0]']);

    const tooDear = await create({
      ...valid,
      price: 30_000_000,
      originalPrice: null,
      imageUrl: `${imageOrigin}/bag.png`,
    });
    expect(tooDear.statusCode).toBe(400);
    expect(tooDear.json().error.fields).toHaveProperty('price');

    const cheaperOriginal = await create({
      ...valid,
      originalPrice: 40000,
      imageUrl: `${imageOrigin}/bag.png`,
    });
    expect(cheaperOriginal.json().error.fields).toHaveProperty('originalPrice');

    // Not an address at all breaks the schema (400); one that serves no photo is refused by a rule (422).
    for (const [imageUrl, status] of [
      ['not a url', 400],
      ['ftp://example.com/bag.png', 400],
      [`${imageOrigin}/page.html`, 422],
      [`${imageOrigin}/missing.png`, 422],
      ['http://127.0.0.1:9/bag.png', 422],
    ] as const) {
      const response = await create({ ...valid, imageUrl });
      expect(response.statusCode, imageUrl).toBe(status);
      expect(response.json().error, imageUrl).toMatchObject({
        message: BAD_URL,
        fields: { imageUrl: BAD_URL },
      });
    }
    const count = await test.database.db.select().from(products).where(eq(products.name, valid.name));
    expect(count).toHaveLength(0);
  });

  it('refuses uploads that are not images, with a clear 422, and an unreadable upload with a 400', async () => {
    const text = await upload(Buffer.from('just some text, not a photo'), 'bag.png', 'image/png');
    expect(text.statusCode).toBe(422);
    expect(text.json().error.message).toMatch(/JPEG, PNG, WebP/);
    const tiny = await upload(
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(tiny.statusCode).toBe(422);
    const huge = await upload(Buffer.alloc(10 * 1024 * 1024 + 10, 1));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toMatch(/10 MB/);
    const cut = multipartBody('image', 'cut.png', 'image/png', png);
    const truncated = await test.app.inject({
      method: 'POST',
      url: '/api/admin/products/images',
      headers: { ...auth(adminToken), ...cut.headers },
      payload: cut.payload.subarray(0, 500),
    });
    expect(truncated.statusCode).toBe(400);
    const notMultipart = await test.app.inject({
      method: 'POST',
      url: '/api/admin/products/images',
      headers: auth(adminToken),
      payload: { nothing: true },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('with two uploaded photos: WebP variants are stored, and the product is in the shop and its search', async () => {
    const first = await upload(png, 'front.png', 'image/png');
    const second = await upload(jpeg, 'side.jpg', 'image/jpeg');
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const ids = [first.json().id as string, second.json().id as string];
    for (const answer of [first.json(), second.json()]) {
      expect(answer.variants.map((variant: { width: number }) => variant.width)).toEqual([
        320, 480, 640, 800,
      ]);
      for (const variant of answer.variants as { url: string; width: number }[]) {
        const file = path.join(uploadDir, variant.url.replace(/^\/media\//, ''));
        const metadata = await sharp(file).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBe(variant.width);
      }
    }
    // The variants are served by the shop itself.
    const served = await test.app.inject({ method: 'GET', url: first.json().url });
    expect(served.statusCode).toBe(200);

    const created = await create({
      ...valid,
      images: [ids[1], ids[0]],
      colors: ['Tan'],
      brand: 'maison-ebele',
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({
      name: valid.name,
      price: 48500,
      originalPrice: 56000,
      stockCount: 12,
      status: 'active',
      category: { id: 'tote-bags' },
      url: `/product/${product.id}`,
    });

    const detail = await test.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      name: valid.name,
      price: 48500,
      sizes: ['Medium'],
      brand: 'Maison Ebele',
    });
    const images = detail.json().images as { url: string }[];
    expect(images).toHaveLength(2);
    expect(images[0]!.url).toContain(ids[1]);
    expect(images[1]!.url).toContain(ids[0]);

    const search = await test.app.inject({ method: 'GET', url: '/api/products?q=adaeze%20woven' });
    expect(search.json().items.map((item: { id: number }) => item.id)).toContain(product.id);
    const byCategory = await test.app.inject({ method: 'GET', url: '/api/products?q=tote&sort=newest' });
    expect(byCategory.json().items.map((item: { id: number }) => item.id)).toContain(product.id);

    const [entry] = await auditFor(product.id);
    expect(entry).toMatchObject({ action: 'product.create', actorEmail: 'admin@rossy.ng', before: null });
    expect(entry?.after).toMatchObject({
      name: valid.name,
      priceKobo: 4_850_000,
      stock: 12,
      images: [ids[1], ids[0]],
    });
  });

  it('from an image URL: fetched, checked, stored as variants', async () => {
    const created = await create({ ...valid, name: 'Kemi Raffia Tote', imageUrl: `${imageOrigin}/bag.png` });
    expect(created.statusCode, created.body).toBe(201);
    const rows = await test.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, created.json().id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.widths).toEqual([320, 480, 640, 800]);
    await expect(fs.stat(path.join(uploadDir, `${rows[0]!.key}-800.webp`))).resolves.toBeTruthy();
  });

  it('refuses an upload id that the shop never made', async () => {
    const response = await create({ ...valid, images: ['products/0000000000000000'] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields.images).toMatch(/upload it again/);
    const traversal = await create({ ...valid, images: ['../../etc/passwd'] });
    expect(traversal.statusCode).toBe(400);
  });
});

describe('changing and removing a product', () => {
  async function freshProduct(name: string) {
    const created = await create({ ...valid, name, imageUrl: `${imageOrigin}/bag.png` });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  }
  const patch = (id: number, payload: Record<string, unknown>) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: auth(adminToken),
      payload,
    });

  it("a new price shows in the shop's product API at once, and the change is audited", async () => {
    const id = await freshProduct('Ifeoma Leather Tote');
    const changed = await patch(id, { name: 'Ifeoma Leather Tote', price: 45000, stock: 9 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ price: 45000, stockCount: 9 });
    const shop = await test.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(shop.json()).toMatchObject({
      price: 45000,
      originalPrice: 56000,
      // The shop shows counts below five exactly and anything above as five or more.
      stockCount: 5,
      stockStatus: 'in_stock',
      discountPercent: 20,
    });

    const entries = await auditFor(id);
    const update = entries.find((entry) => entry.action === 'product.update');
    expect(update?.before).toEqual({ priceKobo: 4_850_000, stock: 12 });
    expect(update?.after).toEqual({ priceKobo: 4_500_000, stock: 9 });
    expect(update?.summary).toContain('price ₦48,500 → ₦45,000');

    const endSale = await patch(id, { originalPrice: null });
    expect(endSale.json().originalPrice).toBeNull();
    const category = await patch(id, { category: 'shoulder-bags' });
    expect(category.json().category).toEqual({ id: 'shoulder-bags', name: 'Shoulder Bags' });
  });

  it("refuses an edit without name, price or stock with SPEC's message, changing nothing", async () => {
    const id = await freshProduct('Zainab Straw Tote');
    for (const body of [{ name: '' }, { price: '' }, { stock: '' }, { stock: -1 }, { price: 'abc' }]) {
      const response = await patch(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message, JSON.stringify(body)).toBe(EDIT_REQUIRED);
    }
    const missing = await patch(999_999, { price: 10 });
    expect(missing.statusCode).toBe(404);
    const [row] = await test.database.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ name: 'Zainab Straw Tote', priceKobo: 4_850_000, stock: 12 });
    expect((await auditFor(id)).map((entry) => entry.action)).toEqual(['product.create']);
  });

  it('deleting a product that was ordered archives it: gone from the shop, the order keeps it', async () => {
    const id = await freshProduct('Nneka Quilted Tote');
    const orderNumber = await placeOrder(id, 'Medium');
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: auth(adminToken),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id, outcome: 'archived', orderCount: 1 });

    expect((await test.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
    const search = await test.app.inject({ method: 'GET', url: '/api/products?q=nneka%20quilted' });
    expect(search.json().items.map((item: { id: number }) => item.id)).not.toContain(id);

    const lines = await test.database.db.select().from(orderLines).where(eq(orderLines.productId, id));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.name).toBe('Nneka Quilted Tote');
    const order = await test.app.inject({
      method: 'GET',
      url: `/api/admin/orders?q=${orderNumber}`,
      headers: auth(adminToken),
    });
    expect(order.json().orders.map((row: { id: string }) => row.id)).toContain(orderNumber);

    const archived = await test.app.inject({
      method: 'GET',
      url: '/api/admin/products?status=archived&q=nneka',
      headers: auth(adminToken),
    });
    expect(archived.json().items).toMatchObject([{ id, status: 'archived' }]);
    const active = await test.app.inject({
      method: 'GET',
      url: '/api/admin/products?q=nneka',
      headers: auth(adminToken),
    });
    expect(active.json().items).toEqual([]);

    const entry = (await auditFor(id)).find((row) => row.action === 'product.archive');
    expect(entry).toMatchObject({ before: { status: 'active' }, after: { status: 'archived' } });

    // An archived product can be put back on sale.
    const restored = await patch(id, { status: 'active' });
    expect(restored.json().status).toBe('active');
    expect((await test.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(200);
  });

  it('deleting a product that was never ordered deletes it, with its images', async () => {
    const id = await freshProduct('Bisola Canvas Tote');
    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: auth(adminToken),
    });
    expect(removed.json()).toMatchObject({ id, outcome: 'deleted', orderCount: 0 });
    expect(await test.database.db.select().from(products).where(eq(products.id, id))).toHaveLength(0);
    expect(
      await test.database.db.select().from(productImages).where(eq(productImages.productId, id)),
    ).toHaveLength(0);
    const entry = (await auditFor(id)).find((row) => row.action === 'product.delete');
    expect(entry?.before).toMatchObject({ name: 'Bisola Canvas Tote', priceKobo: 4_850_000, stock: 12 });
    expect(entry?.after).toBeNull();
    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${id}`,
      headers: auth(adminToken),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('the grid and photos through PATCH', () => {
  const patch = (id: number, payload: Record<string, unknown>) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: auth(adminToken),
      payload,
    });
  interface Variant {
    id: number;
    size: string | null;
    color: string | null;
    sku: string;
    stock: number;
    price: number | null;
  }
  async function shirt(name: string) {
    const created = await create({
      ...valid,
      name,
      category: 'mens-shirts',
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'Olive'],
      stock: 12,
      originalPrice: null,
      imageUrl: `${imageOrigin}/bag.png`,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number; variants: Variant[]; name: string }>();
  }
  const grid = (variants: Variant[]) =>
    variants.map(({ size, color, sku, stock, price }) => ({ size, color, sku, stock, price }));

  it('sets the whole grid: the list, the shop and the activity log follow', async () => {
    const product = await shirt('Ikeja Linen Shirt');
    expect(product.variants).toHaveLength(6);
    expect(product.variants.every((variant) => variant.stock === 2 && variant.price === null)).toBe(true);
    const rows = grid(product.variants).map((row) =>
      row.size === 'M' && row.color === 'Olive' ? { ...row, stock: 3, price: 31000 } : row,
    );
    // The L / Olive row is left out: removed with its units.
    const changed = await patch(product.id, {
      variants: rows.filter((row) => !(row.size === 'L' && row.color === 'Olive')),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().stockCount).toBe(2 * 4 + 3);
    expect(changed.json().variants).toHaveLength(5);
    expect(
      changed.json().variants.find((row: Variant) => row.size === 'M' && row.color === 'Olive'),
    ).toMatchObject({ stock: 3, price: 31000, sku: `ROS-${product.id}-M-OLV` });

    const shop = await test.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(shop.json().variants).toContainEqual(
      expect.objectContaining({
        size: 'M',
        color: 'Olive',
        price: 31000,
        stockCount: 3,
        stockStatus: 'low_stock',
      }),
    );
    expect(shop.json().variants.map((row: Variant) => `${row.size}/${row.color}`)).not.toContain('L/Olive');

    const listed = await test.app.inject({
      method: 'GET',
      url: `/api/admin/products?q=${product.id}`,
      headers: auth(adminToken),
    });
    expect(listed.json().items[0]).toMatchObject({ stockStatus: 'low_stock', stockCount: 11 });

    const entry = (await auditFor(product.id)).at(-1)!;
    expect(entry).toMatchObject({ action: 'product.update', actorEmail: 'admin@rossy.ng' });
    expect(entry.summary).toContain('M / Olive stock 2 → 3, price product price → ₦31,000');
    expect(entry.summary).toContain('L / Olive removed (2 units gone)');
  });

  it('refuses bad cells by name: 400 for the shape, 422 for the rules, and writes nothing', async () => {
    const other = await shirt('Surulere Poplin Shirt');
    const product = await shirt('Yaba Poplin Shirt');
    const rows = grid(product.variants);
    const cases: [unknown[], number, string, RegExp][] = [
      [
        rows.map((row, index) => (index === 3 ? { ...row, stock: -1 } : row)),
        400,
        'variants[3].stock',
        /below zero/,
      ],
      [
        rows.map((row, index) => (index === 1 ? { ...row, stock: 2.5 } : row)),
        400,
        'variants[1].stock',
        /whole number/,
      ],
      [
        rows.map((row, index) => (index === 3 ? { ...row, sku: `ros-${other.id}-m-blc` } : row)),
        422,
        'variants[3].sku',
        new RegExp(`^ROS-${other.id}-M-BLC is already used by Surulere Poplin Shirt \\(M / Black\\)\\.$`),
      ],
      [
        [...rows, { size: 'XXL', color: 'Olive', stock: 1 }],
        422,
        'variants[6].size',
        /XXL is not a size of this product/,
      ],
      [
        [...rows, { size: 'M', color: 'Purple', stock: 1 }],
        422,
        'variants[6].color',
        /Purple is not a colour/,
      ],
      [[...rows, { ...rows[0]!, sku: null }], 422, 'variants[6].size', /S \/ Black is in the grid twice/],
    ];
    for (const [variants, status, field, message] of cases) {
      const response = await patch(product.id, { variants, name: 'Changed Name' });
      expect(response.statusCode, `${field} ${response.body}`).toBe(status);
      expect(response.json().error.fields[field], field).toMatch(message);
    }
    const several = await patch(product.id, { stock: 40 });
    expect(several.statusCode).toBe(422);
    expect(several.json().error.message).toBe('Set stock per size and colour.');
    const after = await test.app.inject({
      method: 'GET',
      url: `/api/admin/products?q=${product.id}`,
      headers: auth(adminToken),
    });
    expect(after.json().items[0]).toMatchObject({ name: 'Yaba Poplin Shirt', stockCount: 12 });
    expect(after.json().items[0].variants).toEqual(product.variants);
    expect((await auditFor(product.id)).map((entry) => entry.action)).toEqual(['product.create']);
  });

  it("changes the shop's own sizes and colours, specifications and description", async () => {
    const product = await shirt('Ajah Camp Shirt');
    const response = await patch(product.id, {
      description: 'A camp-collar shirt in washed linen.',
      specs: [
        { name: 'Fabric', value: '100% linen' },
        { name: 'Fit', value: 'Relaxed' },
      ],
      sizes: ['S', 'M', 'L', '3XL'],
      colors: [
        { name: 'Black', hex: '#1B1B1B' },
        { name: 'Olive', hex: '#5A5A36' },
        { name: 'Adire Indigo', hex: '#27336B' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().variants).toHaveLength(12);
    expect(response.json().stockCount).toBe(12);
    const shop = (await test.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json();
    expect(shop).toMatchObject({
      description: 'A camp-collar shirt in washed linen.',
      specifications: { Fabric: '100% linen', Fit: 'Relaxed' },
      sizes: ['S', 'M', 'L', '3XL'],
    });
    expect(shop.colors.map((color: { name: string }) => color.name)).toEqual([
      'Black',
      'Olive',
      'Adire Indigo',
    ]);
    expect(shop.variants).toContainEqual(
      expect.objectContaining({ size: '3XL', color: 'Adire Indigo', inStock: false }),
    );
    const refused = await patch(product.id, { sizes: ['M', 'L'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields.sizes).toMatch(/S \/ Black \(2\).*still hold stock/);
  });

  it('reorders photos, adds an upload and ties photos to colours; the shop shows each with its colour', async () => {
    const product = await shirt('Oniru Oxford Shirt');
    const [existing] = await test.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, product.id));
    const added = await upload(jpeg, 'olive.jpg', 'image/jpeg');
    expect(added.statusCode, added.body).toBe(201);
    const response = await patch(product.id, {
      images: [
        { key: added.json().id, color: 'Olive' },
        { key: existing!.key, color: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const shop = (await test.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json();
    expect(
      shop.images.map((image: { url: string; color: string | null }) => [
        image.url.includes(added.json().id),
        image.color,
      ]),
    ).toEqual([
      [true, 'Olive'],
      [false, null],
    ]);
    const entry = (await auditFor(product.id)).at(-1)!;
    expect(entry.summary).toContain('photos changed (1 → 2)');

    for (const [images, status] of [
      [[{ key: existing!.key, color: 'Purple' }], 422],
      [[{ key: 'products/0123456789abcdef', color: null }], 422],
      [[{ key: '../../etc/passwd', color: null }], 400],
      [[], 400],
    ] as const) {
      const refused = await patch(product.id, { images });
      expect(refused.statusCode, JSON.stringify(images)).toBe(status);
    }
  });

  it("adds a product in the shop's own sizes and colours: the shop offers each, the stock spread over them", async () => {
    const created = await create({
      ...valid,
      name: 'Obalende Market Tote',
      stock: 8,
      sizes: ['Medium', 'Weekender 60 cm'],
      colors: [{ name: 'Lagos Teal', hex: '#117A7A' }, 'Tan'],
      imageUrl: `${imageOrigin}/bag.png`,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ stockCount: 8 });
    const shop = await test.app.inject({ method: 'GET', url: `/api/products/${created.json().id}` });
    expect(shop.statusCode).toBe(200);
    const product = shop.json<{
      sizes: string[];
      colors: { name: string; hex: string }[];
      variants: { size: string | null; color: string | null; inStock: boolean }[];
    }>();
    expect(product.sizes).toEqual(['Medium', 'Weekender 60 cm']);
    expect(product.colors.map((color) => color.name)).toEqual(['Lagos Teal', 'Tan']);
    expect(product.colors[0]).toMatchObject({ hex: '#117A7A' });
    expect(product.variants.map((row) => [row.color, row.size, row.inStock])).toEqual([
      ['Lagos Teal', 'Medium', true],
      ['Lagos Teal', 'Weekender 60 cm', true],
      ['Tan', 'Medium', true],
      ['Tan', 'Weekender 60 cm', true],
    ]);
  });

  it('adds a product with its grid', async () => {
    const created = await create({
      ...valid,
      name: 'Ikota Silk Tie',
      stock: undefined,
      sizes: ['Medium'],
      colors: ['Tan', { name: 'Lagos Teal', hex: '#117A7A' }],
      imageUrl: `${imageOrigin}/bag.png`,
      variants: [
        { size: 'Medium', color: 'Tan', stock: 4, sku: 'tie-tan' },
        { size: 'Medium', color: 'Lagos Teal', stock: 0 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ stockCount: 4 });
    expect(created.json().variants.map((row: Variant) => [row.color, row.sku, row.stock])).toEqual([
      ['Tan', 'TIE-TAN', 4],
      ['Lagos Teal', `ROS-${created.json().id}-MEDIUM-LGS`, 0],
    ]);
  });
});
