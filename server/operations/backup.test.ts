import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveImageVariants } from '../../core/media/save-image-variants';
import { signUpAccount, stockedOneSizeProduct } from '../../tests/fixtures/admin-api';
import { testOrderBody } from '../../tests/fixtures/orders';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { testConfig } from '../../tests/fixtures/test-config';
import { backupShop, keptRow, restoreShop } from './backup';
import { BackupError } from './backup-error';
import { keyForBackup, keyForRestore } from './backup-key';
import { openBackup } from './backup-seal';

let shop: TestApp;
let copy: TestDatabase;
let work: string;
let photoKey: string;
let orderLink: { id: string; key: string };

const KEY = 'the-owners-backup-key-kept-in-a-password-manager';
const dirsOf = (name: string) => ({
  database: copy,
  uploadDir: path.join(work, `${name}-uploads`),
  dataDir: path.join(work, `${name}-data`),
});

const rows = async (database: TestDatabase, query: string) =>
  ((await database.db.execute(sql.raw(query))) as { rows: Record<string, unknown>[] }).rows;

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
    const body = placed.json<{ order: { id: string }; accessToken: string }>();
    orderLink = { id: body.order.id, key: body.accessToken };
  }
  const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#7a3b2e' } })
    .png()
    .toBuffer();
  photoKey = (await saveImageVariants(path.join(work, 'uploads'), photo, { folder: 'products' })).key;
  copy = await createTestDatabase({ seed: false });
  // Two databases, one seeded, and a picture drawn: on a busy 2-core machine this outlasts the default minute.
}, 180_000);

afterAll(async () => {
  await shop?.close();
  await copy?.destroy();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips a shop: every row, the sequences and the pictures', async () => {
    const file = path.join(work, 'backups', 'shop.backup');
    const { manifest } = await backupShop(
      { database: shop.database, uploadDir: path.join(work, 'uploads'), dataDir: path.join(work, 'data') },
      file,
      { key: KEY, ownFolder: true },
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
      { key: KEY },
    );

    expect(manifest.tables.map((table) => table.name)).not.toContain('sessions');
    expect(manifest.leftOut).toEqual(['sessions', 'sign_in_challenges']);
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
      restoreShop({ database: copy, uploadDir: path.join(work, 'x'), dataDir: path.join(work, 'y') }, bogus, {
        key: KEY,
      }),
    ).rejects.toBeInstanceOf(BackupError);
    const [after] = await rows(copy, 'SELECT count(*)::int AS n FROM orders');
    expect(after?.n).toBe(before?.n);
  });
});

describe('what a restored shop keeps and makes afresh', () => {
  it('opens an order from the link e-mailed before the backup, keeps the mails with their secrets hidden, and signs sessions with a new key', async () => {
    const file = path.join(work, 'backups', 'links.backup');
    await backupShop(
      { database: shop.database, uploadDir: path.join(work, 'uploads'), dataDir: path.join(work, 'data') },
      file,
      { key: KEY },
    );
    const target = dirsOf('links');
    // Restored where the shop ran: the key that signed its sessions is replaced.
    const before = 'the-key-that-signed-the-old-shops-sessions-000000';
    fs.mkdirSync(target.dataDir, { recursive: true });
    fs.writeFileSync(path.join(target.dataDir, 'session-secret'), before);
    await restoreShop(target, file, { key: KEY });
    const restored = await buildApp({
      config: testConfig({ DATA_DIR: target.dataDir, UPLOAD_DIR: target.uploadDir }),
      database: copy,
      logger: false,
    });
    try {
      // What the shop keeps of an order's key is its SHA-256: the e-mailed link keeps working.
      const opened = await restored.inject({ url: `/api/orders/${orderLink.id}?key=${orderLink.key}` });
      expect(opened.statusCode, opened.body).toBe(200);
      expect((await restored.inject({ url: `/api/orders/${orderLink.id}?key=not-the-key` })).statusCode).toBe(
        404,
      );
    } finally {
      await restored.close();
    }
    const mails = await rows(copy, `SELECT subject, text FROM outbox WHERE text LIKE '%?key=%'`);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(String(mail.text)).toContain('?key=hidden');
      expect(String(mail.text)).not.toContain(orderLink.key);
    }
    const secret = path.join(target.dataDir, 'session-secret');
    expect(fs.readFileSync(secret, 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(secret, 'utf8')).not.toBe(before);
    expect((fs.statSync(secret).mode & 0o777).toString(8)).toBe('600');
  });

  it('leaves out the sessions, the keys the shop makes for itself and the links’ secrets', () => {
    expect(keptRow('sessions', '{"id":"5ecd621c-ac15-411d-a71b-5f3d16647935"}')).toBeNull();
    expect(keptRow('settings', '{"key":"sandbox-keys","value":{"secretKey":"FLWSECK_TEST-x"}}')).toBeNull();
    expect(keptRow('settings', '{"key":"newsletter","value":{"unsubscribeKey":"k"}}')).toBeNull();
    const shopSettings = '{"key":"shop","value":{"name":"Rossy"}}';
    expect(keptRow('settings', shopSettings)).toBe(shopSettings);
    const mail = JSON.parse(
      keptRow(
        'outbox',
        JSON.stringify({
          id: 1,
          subject: 'Reset your password',
          text: 'Open https://rossy.ng/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789 within an hour',
          html: '<a href="https://rossy.ng/orders/ORD-1?key=s3cr3t-order-key&amp;utm=mail">Your order</a>',
        }),
      )!,
    ) as Record<string, string>;
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toBe('Open https://rossy.ng/reset-password?token=hidden within an hour');
    expect(mail.html).toContain('?key=hidden&amp;utm=mail');
    const invitation = JSON.parse(
      keptRow(
        'staff_invitations',
        JSON.stringify({ id: 'b3c1', email: 'ada@rossy.ng', role: 'dispatch', token_hash: 'a'.repeat(64) }),
      )!,
    ) as Record<string, string>;
    expect(invitation).toEqual({
      id: 'b3c1',
      email: 'ada@rossy.ng',
      role: 'dispatch',
      token_hash: 'withheld:b3c1',
    });
  });
});

describe('the archive is sealed with the owner’s key', () => {
  const ordersIn = async () => (await rows(copy, 'SELECT count(*)::int AS n FROM orders'))[0]?.n;
  const makeBackup = async (name: string, encrypt: boolean) => {
    const file = path.join(work, 'backups', `${name}.backup`);
    await backupShop(
      { database: shop.database, uploadDir: path.join(work, 'uploads'), dataDir: path.join(work, 'data') },
      file,
      { key: KEY, encrypt },
    );
    return file;
  };

  it('encrypted with --encrypt: nothing readable without the key, restored with it, refused with another', async () => {
    const file = await makeBackup('encrypted', true);
    const bytes = fs.readFileSync(file);
    for (const text of ['one@example.ng', 'Ada Obi', 'manifest.json', 'password_hash'])
      expect(bytes.includes(Buffer.from(text)), text).toBe(false);

    await copy.db.execute(sql`DELETE FROM orders`);
    await expect(restoreShop(dirsOf('enc-other'), file, { key: `${KEY}-another` })).rejects.toThrow(
      /another backup key/,
    );
    await expect(restoreShop(dirsOf('enc-none'), file, { key: null, unverified: true })).rejects.toThrow(
      /encrypted.*BACKUP_KEY/,
    );
    expect(await ordersIn()).toBe(0);
    const restored = await restoreShop(dirsOf('enc'), file, { key: KEY });
    expect(restored.unverified).toBe(false);
    expect(await ordersIn()).toBe(2);
  });

  it('refuses an archive with one byte changed, encrypted or not, and changes nothing', async () => {
    await copy.db.execute(sql`DELETE FROM orders`);
    for (const encrypt of [false, true]) {
      const file = await makeBackup(`flipped-${encrypt}`, encrypt);
      const bytes = fs.readFileSync(file);
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = bytes[middle]! ^ 0x01;
      fs.writeFileSync(file, bytes);
      await expect(restoreShop(dirsOf('flipped'), file, { key: KEY })).rejects.toThrow(/changed/);
      // --unverified is no way round a changed archive's decryption either.
      if (encrypt)
        await expect(restoreShop(dirsOf('flipped'), file, { key: KEY, unverified: true })).rejects.toThrow(
          /decrypted|changed/,
        );
    }
    expect(await ordersIn()).toBe(0);
  });

  it('without a key, or with a lost one, restores only with --unverified, and says so', async () => {
    const file = await makeBackup('lost-key', false);
    await copy.db.execute(sql`DELETE FROM orders`);
    await expect(restoreShop(dirsOf('lost'), file, { key: null })).rejects.toThrow(/set BACKUP_KEY/);
    await expect(
      restoreShop(dirsOf('lost'), file, { key: 'a-new-key-after-the-old-one-was-lost' }),
    ).rejects.toThrow(/another backup key/);
    expect(await ordersIn()).toBe(0);
    const restored = await restoreShop(dirsOf('lost'), file, { key: null, unverified: true });
    expect(restored.unverified).toBe(true);
    expect(await ordersIn()).toBe(2);
  });

  it('an archive from before signatures (a bare tar.gz, with sessions and a signing key) restores only with --unverified, without them', async () => {
    // Such an archive as the older version wrote it: the tables, the sessions and the key.
    const sealed = await makeBackup('to-unwrap', false);
    const unwrap = fs.mkdtempSync(path.join(work, 'unwrap-'));
    const { payload } = await openBackup(sealed, unwrap, { key: KEY, unverified: false });
    const tree = path.join(unwrap, 'tree');
    fs.mkdirSync(tree);
    await tar.extract({ file: payload, cwd: tree });
    const [user] = await rows(shop.database, `SELECT id::text AS id FROM users LIMIT 1`);
    const oldSession = '0b9a2e9c-1111-4c5e-9d1e-222233334444';
    fs.writeFileSync(
      path.join(tree, 'database', 'sessions.jsonl'),
      `${JSON.stringify({ id: oldSession, user_id: user?.id, created_at: '2026-01-01T00:00:00+00:00', expires_at: '2099-01-01T00:00:00+00:00', user_agent: '' })}\n`,
    );
    const manifest = JSON.parse(fs.readFileSync(path.join(tree, 'manifest.json'), 'utf8')) as {
      version: number;
      tables: { name: string; rows: number }[];
    };
    manifest.version = 1;
    manifest.tables.push({ name: 'sessions', rows: 1 });
    fs.writeFileSync(path.join(tree, 'manifest.json'), JSON.stringify(manifest));
    const oldKey = 'the-old-versions-signing-key-0123456789abcdefghijkl';
    fs.writeFileSync(path.join(tree, 'session-secret'), oldKey);
    const legacy = path.join(work, 'backups', 'rossy-2026-01-01-0215.tar.gz');
    await tar.create({ gzip: true, file: legacy, cwd: tree, portable: true }, fs.readdirSync(tree));

    await copy.db.execute(sql`DELETE FROM orders`);
    await expect(restoreShop(dirsOf('legacy'), legacy, { key: KEY })).rejects.toThrow(
      /not signed.*--unverified/,
    );
    expect(await ordersIn()).toBe(0);
    const target = dirsOf('legacy');
    const restored = await restoreShop(target, legacy, { key: KEY, unverified: true });
    expect(restored.unverified).toBe(true);
    expect(await ordersIn()).toBe(2);
    expect(await rows(copy, 'SELECT id FROM sessions')).toEqual([]);
    expect(fs.readFileSync(path.join(target.dataDir, 'session-secret'), 'utf8')).not.toContain(oldKey);
  });

  /** A backup as an older shop wrote it: `rewrite` changes the tables' files, `migrations` fewer applied. */
  const olderBackup = async (name: string, migrationsBefore: number, rewrite: (tree: string) => void) => {
    const sealed = await makeBackup(name, false);
    const unwrap = fs.mkdtempSync(path.join(work, 'unwrap-'));
    const { payload } = await openBackup(sealed, unwrap, { key: KEY, unverified: false });
    const tree = path.join(unwrap, 'tree');
    fs.mkdirSync(tree);
    await tar.extract({ file: payload, cwd: tree });
    rewrite(tree);
    const manifest = JSON.parse(fs.readFileSync(path.join(tree, 'manifest.json'), 'utf8')) as {
      version: number;
      migrations: number;
    };
    manifest.version = 1;
    manifest.migrations -= migrationsBefore;
    fs.writeFileSync(path.join(tree, 'manifest.json'), JSON.stringify(manifest));
    const archive = path.join(work, 'backups', `rossy-${name}.tar.gz`);
    await tar.create({ gzip: true, file: archive, cwd: tree, portable: true }, fs.readdirSync(tree));
    return archive;
  };

  /** Rewrites each row of a table's file in a backup's tree. */
  const rewriteRows = (tree: string, table: string, change: (row: Record<string, unknown>) => void) => {
    const file = path.join(tree, 'database', `${table}.jsonl`);
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => {
        const row = JSON.parse(line) as Record<string, unknown>;
        change(row);
        return JSON.stringify(row);
      });
    fs.writeFileSync(file, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  };

  const withoutOptions = (row: Record<string, unknown>) => {
    delete row.in_stock_sizes;
    delete row.in_stock_colours;
  };

  it('a backup from before migration 0031 (products without their sizes and colours in stock) restores with them made from the variants', async () => {
    const archive = await olderBackup('before-0031', 1, (tree) =>
      rewriteRows(tree, 'products', withoutOptions),
    );
    await restoreShop(dirsOf('before-0031'), archive, { key: KEY, unverified: true });
    const options = `SELECT id, stock, in_stock_sizes, in_stock_colours FROM products ORDER BY id`;
    const restored = await rows(copy, options);
    expect(restored).toEqual(await rows(shop.database, options));
    expect(restored.filter((row) => (row.in_stock_colours as string[]).length > 0).length).toBeGreaterThan(
      20,
    );
  });

  it('a backup from before variants (migration 0017) restores each product with its stock spread over a grid', async () => {
    const archive = await olderBackup('before-0017', 15, (tree) => {
      rewriteRows(tree, 'products', withoutOptions);
      fs.writeFileSync(path.join(tree, 'database', 'product_variants.jsonl'), '');
      // Nor was there a stock ledger (0037).
      for (const table of ['inventory_movements', 'inventory_levels', 'stock_locations'])
        fs.writeFileSync(path.join(tree, 'database', `${table}.jsonl`), '');
      // Nothing named a variant then: an order line was a product, a colour and a size.
      for (const file of fs.readdirSync(path.join(tree, 'database')))
        rewriteRows(tree, file.replace(/\.jsonl$/, ''), (row) => {
          delete row.variant_id;
          delete row.sku;
          delete row.exchange_variant_id;
        });
    });
    await restoreShop(dirsOf('before-0017'), archive, { key: KEY, unverified: true });
    const stock = `SELECT id, stock FROM products ORDER BY id`;
    expect(await rows(copy, stock)).toEqual(await rows(shop.database, stock));
    const grids = await rows(
      copy,
      `SELECT p.id, p.stock, (SELECT count(*)::int FROM product_variants v WHERE v.product_id = p.id) AS variants,
              (SELECT coalesce(sum(v.stock), 0)::int FROM product_variants v WHERE v.product_id = p.id) AS units
         FROM products p`,
    );
    expect(grids.length).toBeGreaterThan(20);
    for (const grid of grids) {
      expect(grid.variants, `product ${String(grid.id)}`).toBeGreaterThan(0);
      expect(grid.units, `product ${String(grid.id)}`).toBe(grid.stock);
    }
    // Each variant opens the ledger with its stock, at the shop's one location.
    expect(
      await rows(
        copy,
        `SELECT v.id FROM product_variants v
           LEFT JOIN (SELECT variant_id, sum(quantity)::int AS n FROM inventory_movements GROUP BY variant_id) m
                  ON m.variant_id = v.id
          WHERE v.stock <> coalesce(m.n, 0)
             OR NOT EXISTS (SELECT 1 FROM inventory_levels l WHERE l.variant_id = v.id AND l.stock = v.stock)`,
      ),
    ).toEqual([]);
  });
});

describe('the backup folder and the key', () => {
  it('makes the backup folder private and tightens older archives in it, and says so', async () => {
    const folder = path.join(work, 'loose-backups');
    fs.mkdirSync(folder, { mode: 0o755 });
    fs.chmodSync(folder, 0o755);
    const older = path.join(folder, 'rossy-2026-01-01-0215.tar.gz');
    fs.writeFileSync(older, 'an archive of the older version');
    fs.chmodSync(older, 0o644);
    const { notes } = await backupShop(
      { database: shop.database, uploadDir: path.join(work, 'uploads'), dataDir: path.join(work, 'data') },
      path.join(folder, 'rossy-2026-11-26-0215.backup'),
      { key: KEY, ownFolder: true },
    );
    expect((fs.statSync(folder).mode & 0o777).toString(8)).toBe('700');
    expect((fs.statSync(older).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.join(folder, 'rossy-2026-11-26-0215.backup')).mode & 0o777).toString(8)).toBe(
      '600',
    );
    expect(notes.join('\n')).toMatch(/0755 → 0700/);
    expect(notes.join('\n')).toMatch(/1 older archive/);
    expect(notes.join('\n')).toMatch(/from before this version/);
    expect(fs.readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('leaves a folder named with FILE as it is (only the archive is private), and makes a missing one 0700', async () => {
    const shared = path.join(work, 'shared');
    fs.mkdirSync(shared, { mode: 0o755 });
    fs.chmodSync(shared, 0o755);
    const source = {
      database: shop.database,
      uploadDir: path.join(work, 'uploads'),
      dataDir: path.join(work, 'data'),
    };
    const { notes } = await backupShop(source, path.join(shared, 'copy.backup'), { key: KEY });
    expect((fs.statSync(shared).mode & 0o777).toString(8)).toBe('755');
    expect((fs.statSync(path.join(shared, 'copy.backup')).mode & 0o777).toString(8)).toBe('600');
    expect(notes.join('\n')).toMatch(/can be listed by others/);
    await backupShop(source, path.join(work, 'new', 'deeper', 'copy.backup'), { key: KEY });
    expect((fs.statSync(path.join(work, 'new', 'deeper')).mode & 0o777).toString(8)).toBe('700');
  });

  it('without BACKUP_KEY, keeps a key of its own in the data folder (0600), never in the backup folder', () => {
    const dataDir = path.join(work, 'key-data');
    const backupDir = path.join(work, 'key-backups');
    const made = keyForBackup({ configured: undefined, dataDir, backupDir });
    expect(made.created).toBe(true);
    expect(made.from).toBe(path.join(dataDir, 'backup-key'));
    expect(made.secret.length).toBeGreaterThanOrEqual(32);
    expect((fs.statSync(made.from).mode & 0o777).toString(8)).toBe('600');
    expect(keyForBackup({ configured: undefined, dataDir, backupDir })).toEqual({ ...made, created: false });
    expect(keyForRestore({ configured: undefined, dataDir })?.secret).toBe(made.secret);
    expect(keyForRestore({ configured: undefined, dataDir: path.join(work, 'no-key-here') })).toBeNull();
    const configured = 'x'.repeat(40);
    expect(keyForBackup({ configured, dataDir, backupDir }).secret).toBe(configured);
    expect(keyForRestore({ configured, dataDir })?.from).toBe('BACKUP_KEY');
    // A backup folder that holds the data folder would carry the key with the archives.
    expect(() => keyForBackup({ configured: undefined, dataDir, backupDir: work })).toThrow(BackupError);
  });

  it('refuses a BACKUP_KEY shorter than 32 characters at start-up, without printing it', () => {
    expect(() => loadConfig({ BACKUP_KEY: 'short-key' })).toThrow(
      /BACKUP_KEY must be at least 32 characters/,
    );
    try {
      loadConfig({ BACKUP_KEY: 'short-key' });
    } catch (error) {
      expect((error as Error).message).not.toContain('short-key');
    }
    expect(loadConfig({ BACKUP_KEY: 'k'.repeat(32) }).backupKey).toBe('k'.repeat(32));
  });
});
