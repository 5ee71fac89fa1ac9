/**
 * The morning low-stock digest: one e-mail a Lagos day to the owners and managers, listing every size ×
 * colour of an active product with fewer units on hand (every location together) than its own
 * threshold or the shop's, grouped by product; none when nothing is low, and never two the same day.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { categories, products, productVariants } from '../../db/schema/catalog';
import { stockLocations } from '../../db/schema/inventory';
import { outbox } from '../../db/schema/mail';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer } from '../mail/mailer';
import { saveShopSettings } from '../settings/shop-settings';
import { lowStockDigestDue, sendLowStockDigest, type LowStockDigestDeps } from './low-stock-digest';

let database: TestDatabase;
let deps: LowStockDigestDeps;
let shirt: number;
let agbada: number;
let kaftan: number;

/** 08:30 in Lagos on 26 November 2026 (Lagos is UTC+1 all year). */
const morning = new Date('2026-11-26T07:30:00Z');

async function variant(
  productId: number,
  size: string,
  color: string,
  figures: { stock: number; lowStockThreshold?: number | null },
) {
  const updated = await database.db
    .update(productVariants)
    .set({ stock: figures.stock, lowStockThreshold: figures.lowStockThreshold ?? null })
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.size, size),
        eq(productVariants.color, color),
      ),
    )
    .returning({ id: productVariants.id, sku: productVariants.sku });
  expect(updated).toHaveLength(1);
  return updated[0]!;
}

const digests = () =>
  database.db.select().from(outbox).where(like(outbox.subject, 'Low stock%')).orderBy(outbox.id);

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  deps = {
    db,
    mailer: createMailer({ db, from: 'Rossy <shop@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  await db.insert(categories).values({ id: 'men', name: 'Men' });
  const staff = (email: string, role: typeof users.$inferInsert.role, status: 'active' | 'inactive') => ({
    name: email.split('@')[0]!,
    email,
    passwordHash: 'not-a-password',
    role,
    status,
  });
  await db
    .insert(users)
    .values([
      staff('owner@rossy.test', 'owner', 'active'),
      staff('manager@rossy.test', 'manager', 'active'),
      staff('dispatch@rossy.test', 'dispatch', 'active'),
      staff('support@rossy.test', 'support', 'active'),
      staff('gone@rossy.test', 'manager', 'inactive'),
      staff('shopper@example.ng', 'customer', 'active'),
    ]);
  const product = (name: string, extra: Partial<typeof products.$inferInsert> = {}) => ({
    name,
    description: name,
    categoryId: 'men',
    priceKobo: 2_000_000,
    ...extra,
  });
  const made = await db
    .insert(products)
    .values([
      product('Linen Shirt', {
        sizes: ['M', 'L'],
        colors: [
          { name: 'Olive', hex: '#708238' },
          { name: 'Navy', hex: '#1f2a44' },
        ],
      }),
      product('Agbada Set'),
      product('Ankara Kaftan'),
      product('Old Blazer', { status: 'archived' }),
    ])
    .returning({ id: products.id });
  [shirt, agbada, kaftan] = made.map((row) => row.id) as [number, number, number];
  const blazer = made[3]!.id;

  await variant(shirt, 'M', 'Olive', { stock: 2 });
  // At the line is not under it.
  await variant(shirt, 'L', 'Olive', { stock: 5 });
  // Its own line, 10, beats the shop's 5.
  await variant(shirt, 'M', 'Navy', { stock: 9, lowStockThreshold: 10 });
  await variant(shirt, 'L', 'Navy', { stock: 0 });
  // Its own line, 2, beats the shop's 5 the other way: 3 is not low.
  await variant(agbada, '', '', { stock: 3, lowStockThreshold: 2 });
  // Two on the shop floor and four in the store room: six on hand, not low.
  const robe = await variant(kaftan, '', '', { stock: 2 });
  const [room] = await db
    .insert(stockLocations)
    .values({ name: 'Store room', fulfilsOnline: false, position: 1 })
    .returning({ id: stockLocations.id });
  await db.execute(sql`SELECT write_stock_movement(${robe.id}, ${kaftan}, ${robe.sku}, ${room!.id}, 4)`);
  // No longer sold: never listed, however few.
  await variant(blazer, '', '', { stock: 1 });
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

describe('the low-stock digest', () => {
  it('is due from 08:00 Lagos time', () => {
    expect(lowStockDigestDue(new Date('2026-11-26T06:59:00Z'))).toBe(false);
    expect(lowStockDigestDue(new Date('2026-11-26T07:00:00Z'))).toBe(true);
    expect(lowStockDigestDue(new Date('2026-11-26T22:30:00Z'))).toBe(true);
    // 00:30 in Lagos the next day.
    expect(lowStockDigestDue(new Date('2026-11-26T23:30:00Z'))).toBe(false);
  });

  it('mails the owners and managers once, listing the low sizes and colours grouped by product', async () => {
    const result = await sendLowStockDigest(deps, { now: morning });
    expect(result).toEqual({ day: '2026-11-26', outcome: 'sent', variants: 3 });
    const mails = await digests();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    // One mail to the list: the owners, then the managers; nobody else, nobody inactive.
    expect(mail!.to).toBe('owner@rossy.test, manager@rossy.test');
    expect(mail!.subject).toBe('Low stock: 3 sizes and colours of 1 product, 1 sold out');

    const text = mail!.text;
    const at = (line: string) => {
      const index = text.indexOf(line);
      expect(index, line).toBeGreaterThan(-1);
      return index;
    };
    const product = at('\nLinen Shirt\n');
    const olive = at('M / Olive — 2 left (low under 5)');
    const navy = at('M / Navy — 9 left (low under 10)');
    const soldOut = at('L / Navy — sold out (low under 5)');
    // In the shop's order under the product's name.
    expect(product).toBeLessThan(olive);
    expect(olive).toBeLessThan(navy);
    expect(navy).toBeLessThan(soldOut);
    for (const unlisted of ['L / Olive', 'Agbada Set', 'Ankara Kaftan', 'Old Blazer'])
      expect(text).not.toContain(unlisted);
    expect(text).toContain('https://rossy.test/admin?tab=products&stock=low_stock');
    expect(mail!.html).toContain('M / Olive — 2 left (low under 5)');
    expect(mail!.html).toContain('href="https://rossy.test/admin?tab=products&amp;stock=low_stock"');
  });

  it('sends nothing more the same Lagos day, however many processes ask', async () => {
    const again = await Promise.all([
      sendLowStockDigest(deps, { now: morning }),
      sendLowStockDigest(deps, { now: morning }),
      // 23:45 in Lagos: still the 26th.
      sendLowStockDigest(deps, { now: new Date('2026-11-26T22:45:00Z') }),
    ]);
    expect(again.map((result) => result.outcome)).toEqual(['already_done', 'already_done', 'already_done']);
    // An earlier day asked late (a process with a slow clock) does not send either.
    expect((await sendLowStockDigest(deps, { now: new Date('2026-11-25T09:00:00Z') })).outcome).toBe(
      'already_done',
    );
    expect(await digests()).toHaveLength(1);
  });

  it('reads the shop-wide line from the settings, and counts a second location toward on hand', async () => {
    // The kaftan: 2 on the floor and 4 in the store room is 6, under a shop-wide 7.
    await saveShopSettings(database.db, { lowStockThreshold: 7 });
    const next = await sendLowStockDigest(deps, { now: new Date('2026-11-27T07:05:00Z') });
    expect(next).toEqual({ day: '2026-11-27', outcome: 'sent', variants: 5 });
    const mail = (await digests()).at(-1)!;
    expect(mail.subject).toBe('Low stock: 5 sizes and colours of 2 products, 1 sold out');
    expect(mail.text).toContain('M / Olive — 2 left (low under 7)');
    expect(mail.text).toContain('L / Olive — 5 left (low under 7)');
    expect(mail.text).toContain('M / Navy — 9 left (low under 10)');
    // A product with no size or colour names its only one by its SKU.
    expect(mail.text).toMatch(/\nAnkara Kaftan\n\n[A-Z0-9-]+ — 6 left \(low under 7\)/);
    // Products by name: the kaftan before the shirt.
    expect(mail.text.indexOf('Ankara Kaftan')).toBeLessThan(mail.text.indexOf('Linen Shirt'));
    expect(mail.text).not.toContain('Agbada Set');
    await saveShopSettings(database.db, { lowStockThreshold: 5 });
  });

  it('sends no mail on a day nothing is low', async () => {
    await database.db
      .update(productVariants)
      .set({ stock: 20 })
      .where(sql`${productVariants.productId} IN (${shirt}, ${agbada}, ${kaftan})`);
    const before = (await digests()).length;
    const quiet = await sendLowStockDigest(deps, { now: new Date('2026-11-28T07:10:00Z') });
    expect(quiet).toEqual({ day: '2026-11-28', outcome: 'nothing_low', variants: 0 });
    expect(await digests()).toHaveLength(before);
    // The day is done: a variant running low later that day waits for the next morning's digest.
    await variant(shirt, 'M', 'Olive', { stock: 1 });
    expect((await sendLowStockDigest(deps, { now: new Date('2026-11-28T12:00:00Z') })).outcome).toBe(
      'already_done',
    );
    expect(await digests()).toHaveLength(before);
    const tomorrow = await sendLowStockDigest(deps, { now: new Date('2026-11-29T07:00:00Z') });
    expect(tomorrow).toEqual({ day: '2026-11-29', outcome: 'sent', variants: 1 });
  });
});
