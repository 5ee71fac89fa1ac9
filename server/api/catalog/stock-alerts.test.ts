import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlertTexts } from '../../../contracts/stock-alerts';
import { confirmStockAlerts, sendDueStockAlerts } from '../../../core/catalog/stock-alerts';
import { productVariants, products } from '../../../db/schema/catalog';
import { outbox } from '../../../db/schema/mail';
import { stockAlerts } from '../../../db/schema/stock-alerts';
import { auth, signInSeededAdmin, signUpAccount } from '../../../tests/fixtures/admin-api';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let product: { id: number; name: string; sizes: string[]; colors: string[] };
let soldOut: { size: string; color: string };
let counter = 0;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  const [row] = await test.database.db
    .select({ id: products.id, name: products.name, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(
      and(
        eq(products.status, 'active'),
        sql`cardinality(${products.sizes}) >= 2 AND jsonb_array_length(${products.colors}) >= 2`,
      ),
    )
    .orderBy(products.id)
    .limit(1);
  product = { ...row!, colors: row!.colors.map((color) => color.name) };
  soldOut = { size: product.sizes[1]!, color: product.colors[0]! };
  await test.database.db
    .update(productVariants)
    .set({ stock: 5 })
    .where(eq(productVariants.productId, product.id));
  await test.database.db
    .update(productVariants)
    .set({ stock: 0 })
    .where(
      and(
        eq(productVariants.productId, product.id),
        eq(productVariants.size, soldOut.size),
        eq(productVariants.color, soldOut.color),
      ),
    );
}, 120_000);
afterAll(async () => {
  await test?.close();
});

/** A fresh client address per call keeps clear of the per-address limit, unless one is given. */
function ask(payload: unknown, options: { id?: number | string; remoteAddress?: string } = {}) {
  return test.app.inject({
    method: 'POST',
    url: `/api/products/${options.id ?? product.id}/stock-alerts`,
    remoteAddress: options.remoteAddress ?? `10.6.${Math.floor(counter / 250)}.${counter++ % 250}`,
    payload: payload as object,
  });
}

/** Follows the link of the confirmation mail to `email`. */
async function confirmFromOutbox(email: string) {
  const [confirmation] = await test.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(sql`${outbox.id} DESC`)
    .limit(1);
  const token = /\/stock-alerts\/confirm\?token=([\w-]+)/.exec(confirmation!.text)![1]!;
  await confirmStockAlerts(test.database.db, token);
}

describe('POST /api/products/{id}/stock-alerts', () => {
  it('answers 202 and the same words whether or not the mailbox already waits, and mails one link to confirm', async () => {
    const first = await ask({ email: 'Funmi@Example.ng', ...soldOut });
    const second = await ask({ email: 'funmi+again@example.ng', ...soldOut });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ ok: true, message: stockAlertTexts.accepted });
    expect(first.json().message).toMatch(/^Check your e-mail to confirm/);
    expect(second.statusCode).toBe(202);
    expect(second.body).toBe(first.body);
    const rows = await test.database.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.mailbox, 'funmi@example.ng'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confirmedAt).toBeNull();
    // One mail on asking, to confirm; none to the second address of the mailbox.
    const mails = await test.database.db.select().from(outbox).where(eq(outbox.to, 'funmi@example.ng'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Confirm your stock alert: ${product.name} in ${soldOut.size} / ${soldOut.color}`,
    ]);
    expect(
      await test.database.db.select().from(outbox).where(eq(outbox.to, 'funmi+again@example.ng')),
    ).toEqual([]);
  });

  it('puts a shopper signed in with her own confirmed address on the list at once', async () => {
    const shopper = await signUpAccount(test, 'signed.watcher@example.ng');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/stock-alerts`,
      remoteAddress: '10.6.200.1',
      headers: auth(shopper.token),
      payload: { email: 'signed.watcher@example.ng', ...soldOut },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ ok: true, message: "We'll e-mail you when it's back." });
    const [row] = await test.database.db
      .select()
      .from(stockAlerts)
      .where(eq(stockAlerts.email, 'signed.watcher@example.ng'));
    expect(row!.confirmedAt).not.toBeNull();
    const mails = await test.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.to, 'signed.watcher@example.ng'));
    expect(mails.filter((mail) => mail.subject.includes('stock alert'))).toEqual([]);
  });

  it('e-mails the watcher once when the size comes back, once she confirmed', async () => {
    await ask({ email: 'restock@example.ng', ...soldOut });
    await confirmFromOutbox('restock@example.ng');
    await test.database.db.execute(sql`
      UPDATE product_variants SET stock = 2
       WHERE product_id = ${product.id} AND size = ${soldOut.size} AND color = ${soldOut.color}`);
    await sendDueStockAlerts(test.app.services.newsletter);
    await sendDueStockAlerts(test.app.services.newsletter);
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'restock@example.ng'))
      .orderBy(outbox.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(`Back in stock: ${product.name} in ${soldOut.size} / ${soldOut.color}`);
    await test.database.db.execute(sql`
      UPDATE product_variants SET stock = 0
       WHERE product_id = ${product.id} AND size = ${soldOut.size} AND color = ${soldOut.color}`);
  });

  it('names a size or colour the product does not sell with 400 and the field, a missing size with 422, an in-stock one with 409', async () => {
    const size = await ask({ email: 'a@example.ng', size: 'XXXXL', color: soldOut.color });
    expect(size.statusCode).toBe(400);
    expect(size.json()).toEqual({
      error: {
        code: 'BAD_REQUEST',
        message: 'Size XXXXL is not available for this item.',
        fields: { size: 'Size XXXXL is not available for this item.' },
      },
    });
    const colour = await ask({ email: 'a@example.ng', size: soldOut.size, color: 'Chartreuse' });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().error.fields).toEqual({ color: 'Chartreuse is not available for this item.' });
    const noSize = await ask({ email: 'a@example.ng', color: soldOut.color });
    expect(noSize.statusCode).toBe(422);
    expect(noSize.json().error.fields).toEqual({ size: 'Please choose a size.' });
    const inStock = await ask({ email: 'a@example.ng', size: product.sizes[0], color: soldOut.color });
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json().error.message).toBe(
      `${product.sizes[0]} / ${soldOut.color} is in stock: you can order it now.`,
    );
  });

  it('answers 400 with the field for a bad or missing e-mail, 404 for an unknown product', async () => {
    for (const payload of [{ email: 'funmi@' }, { email: '' }, {}, { email: 7 }]) {
      const response = await ask({ ...soldOut, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields?.email).toMatch(/^Please enter (a valid|your) email address$/);
    }
    expect((await ask({ email: 'a@example.ng', ...soldOut }, { id: 99_999_999 })).statusCode).toBe(404);
    expect((await ask({ email: 'a@example.ng', ...soldOut }, { id: 'abc' })).statusCode).toBe(400);
  });

  it('limits asking per client address and per e-mail with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 32; index += 1)
      statuses.push(
        (await ask({ email: `ip.${index}@example.ng`, ...soldOut }, { remoteAddress: '10.99.1.1' }))
          .statusCode,
      );
    expect(statuses.slice(0, 30).every((status) => status === 202)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);

    const byEmail: number[] = [];
    for (let index = 0; index < 11; index += 1)
      byEmail.push((await ask({ email: 'one.address@example.ng', ...soldOut })).statusCode);
    expect(byEmail.slice(0, 10).every((status) => status === 202)).toBe(true);
    const limited = await ask({ email: 'one.address@example.ng', ...soldOut });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /api/admin/stock-alerts', () => {
  it('counts who waits per variant, for administrators only', async () => {
    // Two who confirmed, one who did not: only confirmed watchers are counted.
    for (const email of ['count.1@example.ng', 'count.2@example.ng', 'count.pending@example.ng'])
      await ask({ email, ...soldOut });
    for (const email of ['count.1@example.ng', 'count.2@example.ng']) await confirmFromOutbox(email);
    const url = `/api/admin/stock-alerts?productId=${product.id}`;
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const customer = await signUpAccount(test, 'alerts.customer@example.ng');
    expect((await test.app.inject({ method: 'GET', url, headers: auth(customer.token) })).statusCode).toBe(
      403,
    );
    const admin = await signInSeededAdmin(test);
    const response = await test.app.inject({ method: 'GET', url, headers: auth(admin.token) });
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{
      items: { variantId: number; sku: string; size: string | null; color: string | null; waiting: number }[];
    }>();
    const [waitingRow] = await test.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(
        and(
          eq(stockAlerts.productId, product.id),
          sql`${stockAlerts.notifiedAt} IS NULL AND ${stockAlerts.confirmedAt} IS NOT NULL`,
        ),
      );
    const soldOutItem = items.find((item) => item.size === soldOut.size && item.color === soldOut.color);
    expect(soldOutItem?.waiting).toBe(waitingRow!.n);
    expect(soldOutItem?.waiting).toBeGreaterThanOrEqual(2);
    expect(items.filter((item) => item !== soldOutItem).every((item) => item.waiting === 0)).toBe(true);
    expect(items).toHaveLength(product.sizes.length * product.colors.length);

    const missing = await test.app.inject({
      method: 'GET',
      url: '/api/admin/stock-alerts?productId=99999999',
      headers: auth(admin.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('are described in the OpenAPI document', async () => {
    const paths = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    const post = paths['/api/products/{id}/stock-alerts']?.post;
    expect(Object.keys(post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '400', '404', '409', '422', '429']),
    );
    const get = paths['/api/admin/stock-alerts']?.get;
    expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
  });
});
