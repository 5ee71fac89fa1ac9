import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveImageVariants } from '../../core/media/save-image-variants';
import { signUpAccount, stockedOneSizeProduct } from '../../tests/fixtures/admin-api';
import { testOrderBody } from '../../tests/fixtures/orders';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { BackupError, backupShop, restoreShop } from './backup';

let shop: TestApp;
let copy: TestDatabase;
let work: string;
let photoKey: string;

const rows = async (database: TestDatabase, query: string) =>
  ((await database.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-backup-test-'));
  shop = await createTestApp({ seed: true, env: { UPLOAD_DIR: path.join(work, 'uploads') } });
  // A shopper, an order, and a photo: what a shop cannot lose.
  await signUpAccount(shop, 'ada.backup@example.ng', 'Ada Obi');
  const productId = await stockedOneSizeProduct(shop, 40);
  for (const email of ['one@example.ng', 'two@example.ng']) {
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `backup-${email}` },
      payload: testOrderBody({ id: productId }, { email }),
    });
    expect(placed.statusCode).toBe(201);
  }
  const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#7a3b2e' } })
    .png()
    .toBuffer();
  photoKey = (await saveImageVariants(path.join(work, 'uploads'), photo, { folder: 'products' })).key;
  copy = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await shop?.close();
  await copy?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips a shop: every row, the sequences and the pictures', async () => {
    const file = path.join(work, 'backups', 'shop.tar.gz');
    const manifest = await backupShop(
      { database: shop.database, uploadDir: path.join(work, 'uploads'), dataDir: path.join(work, 'data') },
      file,
    );
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    expect(manifest.tables.find((table) => table.name === 'orders')?.rows).toBe(2);
    expect(manifest.media).toBeGreaterThan(0);

    const restoredUploads = path.join(work, 'restored-uploads');
    fs.mkdirSync(restoredUploads);
    fs.writeFileSync(path.join(restoredUploads, 'stale.txt'), 'from before the restore');
    await restoreShop(
      { database: copy, uploadDir: restoredUploads, dataDir: path.join(work, 'restored-data') },
      file,
    );

    for (const table of manifest.tables) {
      const [original] = await rows(shop.database, `SELECT count(*)::int AS n FROM "${table.name}"`);
      const [restored] = await rows(copy, `SELECT count(*)::int AS n FROM "${table.name}"`);
      expect(restored?.n, table.name).toBe(original?.n);
    }
    const orderQuery = `SELECT number, email, total_kobo, status, payment_status, created_at::text AS created FROM orders ORDER BY number`;
    expect(await rows(copy, orderQuery)).toEqual(await rows(shop.database, orderQuery));
    const userQuery = `SELECT email, password_hash, role FROM users ORDER BY email`;
    expect(await rows(copy, userQuery)).toEqual(await rows(shop.database, userQuery));
    const productQuery = `SELECT id, name, price_kobo, sizes, colors, specs, search_vector::text AS words FROM products ORDER BY id LIMIT 5`;
    expect(await rows(copy, productQuery)).toEqual(await rows(shop.database, productQuery));

    // The next order number and product id carry on from where the shop stood.
    const [nextOrder] = await rows(copy, `SELECT nextval('order_number_seq')::int AS n`);
    const [lastOrder] = await rows(shop.database, `SELECT last_value::int AS n FROM order_number_seq`);
    expect(nextOrder?.n).toBe(Number(lastOrder?.n) + 1);

    // The pictures are the shop's, byte for byte, and nothing else.
    const original = fs.readFileSync(path.join(work, 'uploads', `${photoKey}-320.webp`));
    expect(fs.readFileSync(path.join(restoredUploads, `${photoKey}-320.webp`)).equals(original)).toBe(true);
    expect(fs.existsSync(path.join(restoredUploads, 'stale.txt'))).toBe(false);
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const bogus = path.join(work, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a backup');
    const [before] = await rows(copy, 'SELECT count(*)::int AS n FROM orders');
    await expect(
      restoreShop({ database: copy, uploadDir: path.join(work, 'x'), dataDir: path.join(work, 'y') }, bogus),
    ).rejects.toBeInstanceOf(BackupError);
    const [after] = await rows(copy, 'SELECT count(*)::int AS n FROM orders');
    expect(after?.n).toBe(before?.n);
  });
});
