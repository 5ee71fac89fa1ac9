/**
 * Migration 0034 (back in stock alerts asked for by a mailbox, and confirmed by it) on a shop seeded
 * and run under the migration before it: every alert already waiting is kept as confirmed, from when
 * it was asked for, so nobody waiting loses an alert; a mailbox that waited for one size under
 * several addresses (a +tag flood) keeps one of them, and its newest 20 options; sent alerts stay
 * as they were; a restock mails the kept ones once, as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBefore, openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { requestStockAlert, sendDueStockAlerts, stockAlertLimits } from '../core/catalog/stock-alerts';
import { createMailer } from '../core/mail/mailer';
import { mailboxOf } from '../core/mail/mailbox';
import type { DatabaseHandle } from './client';

const TAG = '0034_stock_alert_opt_in';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

interface Variant {
  id: number;
  product_id: number;
  size: string;
  color: string;
}
/** A sold-out option the alerts wait for, and one in stock whose alert is already due. */
let soldOut: Variant;
let inStock: Variant;

interface AlertRow {
  id: number;
  email: string;
  mailbox: string;
  size: string;
  created_at: Date;
  confirmed_at: Date | null;
  notified_at: Date | null;
}
const alertRows = () =>
  rows<AlertRow>(
    sql`SELECT id, email, mailbox, size, created_at, confirmed_at, notified_at FROM stock_alerts ORDER BY id`,
  );

let before: { id: number; email: string; created_at: Date; notified_at: Date | null }[];

beforeAll(async () => {
  shop = await openShopMigratedTo(migrationBefore(TAG));
  handle = shop.handle;
  // One product in two sizes, written in SQL as the shop before this migration held it (the seed's
  // other tables follow today's schema).
  await handle.db.execute(sql`INSERT INTO categories (id, name) VALUES ('coats', 'Coats')`);
  await handle.db.execute(sql`
    INSERT INTO products (name, description, category_id, price_kobo, sizes, colors, stock)
    VALUES ('Harmattan Coat', 'Wool.', 'coats', 4500000, '{M,L}', '[{"name":"Olive","hex":"#556b2f"}]', 10)`);
  await handle.db.execute(sql`SELECT spread_product_stock(id, stock) FROM products`);
  const variants = await rows<Variant>(sql`
    SELECT v.id, v.product_id, v.size, v.color FROM product_variants v ORDER BY v.position LIMIT 2`);
  [soldOut, inStock] = variants as [Variant, Variant];
  await handle.db.execute(sql`UPDATE product_variants SET stock = 0 WHERE id = ${soldOut.id}`);
  await handle.db.execute(sql`UPDATE product_variants SET stock = 5 WHERE id = ${inStock.id}`);

  const alert = (variant: Variant, email: string, minutesAgo: number, due = false) =>
    handle.db.execute(sql`
      INSERT INTO stock_alerts (product_id, size, color, email, created_at, due_at)
      VALUES (${variant.product_id}, ${variant.size}, ${variant.color}, ${email},
              now() - make_interval(mins => ${minutesAgo}), CASE WHEN ${due} THEN now() END)`);
  await alert(soldOut, 'plain@example.ng', 60);
  // One mailbox under four addresses for one size: its plain address is kept.
  await alert(soldOut, 'victim+1@example.ng', 50);
  await alert(soldOut, 'victim@example.ng', 70);
  await alert(soldOut, 'victim+2@example.ng', 40);
  // Gmail under two names and with dots: the newest is kept.
  await alert(soldOut, 'ada.obi@googlemail.com', 30);
  await alert(soldOut, 'adaobi+x@gmail.com', 20);
  // Sent, then asked again under a tag: both stay (a sent alert is done, and not counted).
  await alert(soldOut, 'sent@example.ng', 1000);
  await handle.db.execute(sql`UPDATE stock_alerts SET notified_at = now() WHERE email = 'sent@example.ng'`);
  await alert(soldOut, 'sent+again@example.ng', 10);
  // A mailbox waiting for 22 options under tags: its newest 20 stay.
  for (let index = 0; index < 22; index += 1)
    await handle.db.execute(sql`
      INSERT INTO stock_alerts (product_id, size, color, email, created_at)
      VALUES (${soldOut.product_id}, ${`gone-${index}`}, '', ${`many+${index}@example.ng`},
              now() - make_interval(mins => ${100 + index}))`);
  // Addresses at the edges of the mailbox's rules, for sizes nobody sells.
  for (const [index, email] of [
    '+only.tag@example.ng',
    'a.b+c@googlemail.com',
    'dots.kept+x@gmail.com.ng',
    'x+y+z@example.ng',
  ].entries())
    await handle.db.execute(sql`
      INSERT INTO stock_alerts (product_id, size, color, email)
      VALUES (${soldOut.product_id}, ${`edge-${index}`}, '', ${email})`);
  // Already due, its size back in stock: the job mails it after the upgrade.
  await alert(inStock, 'due@example.ng', 5, true);

  before = await rows(sql`SELECT id, email, created_at, notified_at FROM stock_alerts ORDER BY id`);
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe(`migration ${TAG} on a shop of the migration before`, () => {
  it('keeps every alert already asked for as confirmed, from when it was asked for, under its mailbox', async () => {
    const after = await alertRows();
    for (const row of after) {
      const old = before.find((candidate) => candidate.id === row.id)!;
      expect(row.email).toBe(old.email);
      expect(row.confirmed_at).toEqual(old.created_at);
      expect(row.created_at).toEqual(old.created_at);
      expect(row.notified_at).toEqual(old.notified_at);
      // The SQL folds an address as core/mail/mailbox.ts does.
      expect(row.mailbox).toBe(mailboxOf(row.email));
    }
    const emails = after.map((row) => row.email);
    expect(after.find((row) => row.email === 'a.b+c@googlemail.com')?.mailbox).toBe('ab@gmail.com');
    expect(emails).toEqual(
      expect.arrayContaining([
        'plain@example.ng',
        'victim@example.ng',
        'adaobi+x@gmail.com',
        'sent@example.ng',
        'sent+again@example.ng',
        'due@example.ng',
      ]),
    );
    for (const gone of ['victim+1@example.ng', 'victim+2@example.ng', 'ada.obi@googlemail.com'])
      expect(emails).not.toContain(gone);
    const many = after.filter((row) => row.mailbox === 'many@example.ng').map((row) => row.size);
    expect(many).toHaveLength(stockAlertLimits.perMailbox);
    expect(many).not.toContain('gone-20');
    expect(many).not.toContain('gone-21');
    expect(after).toHaveLength(before.length - 3 - 2);
  });

  it('holds one alert per option and mailbox, and mails a kept one once at a restock', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(sql`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'stock_alerts' ORDER BY indexname`);
    expect(indexes.find((index) => index.indexname === 'stock_alerts_waiting_idx')?.indexdef).toMatch(
      /UNIQUE INDEX .*\(product_id, size, color, mailbox\) WHERE \(notified_at IS NULL\)/,
    );
    expect(indexes.map((index) => index.indexname)).not.toContain('stock_alerts_email_idx');
    // A row written without a confirmation, as a restore of an older backup writes its alerts, is
    // confirmed, and its mailbox is made from its address.
    const [restored] = await rows<{ mailbox: string; confirmed: boolean }>(sql`
      INSERT INTO stock_alerts (product_id, size, color, email)
      VALUES (${soldOut.product_id}, 'restored', '', 'restored+old@googlemail.com')
      RETURNING mailbox, confirmed_at IS NOT NULL AS confirmed`);
    expect(restored).toEqual({ mailbox: 'restored@gmail.com', confirmed: true });

    const deps = {
      db: handle.db,
      mailer: createMailer({ db: handle.db, from: 'Rossy <shop@rossy.test>' }),
      publicUrl: 'https://rossy.test',
      rateLimiter: { hit: async () => {}, check: async () => {} },
    };
    // Asked again under another tag: the kept, confirmed alert is renewed, and nothing is mailed.
    await requestStockAlert(
      deps,
      soldOut.product_id,
      { email: 'victim+9@example.ng', size: soldOut.size, color: soldOut.color || null },
      { ip: '10.0.0.1' },
    );
    expect(
      (await alertRows()).filter((row) => row.mailbox === 'victim@example.ng').map((row) => row.email),
    ).toEqual(['victim@example.ng']);
    expect(await rows(sql`SELECT id FROM outbox WHERE "to" LIKE 'victim%'`)).toEqual([]);

    expect(await sendDueStockAlerts(deps)).toBe(1);
    await handle.db.execute(sql`UPDATE product_variants SET stock = 3 WHERE id = ${soldOut.id}`);
    expect(await sendDueStockAlerts(deps)).toBe(4);
    const mails = await rows<{ to: string; subject: string }>(
      sql`SELECT "to", subject FROM outbox ORDER BY "to"`,
    );
    expect(mails.map((mail) => mail.to)).toEqual([
      'adaobi+x@gmail.com',
      'due@example.ng',
      'plain@example.ng',
      'sent+again@example.ng',
      'victim@example.ng',
    ]);
    expect(mails.every((mail) => mail.subject.startsWith('Back in stock: '))).toBe(true);
  });
});
