import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { auth, signUpAccount } from '../../../tests/fixtures/admin-api';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let ids: number[];
let names: Map<number, string>;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  const rows = await test.database.db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(5);
  ids = rows.map((row) => row.id);
  names = new Map(rows.map((row) => [row.id, row.name]));
}, 120_000);
afterAll(async () => {
  await test?.close();
});

let count = 0;
async function shopper() {
  return (await signUpAccount(test, `wishlist-${Date.now()}-${count++}@example.test`)).token;
}

function call(method: 'GET' | 'PUT' | 'POST', url: string, token?: string, productIds?: unknown) {
  return test.app.inject({
    method,
    url,
    headers: token ? auth(token) : {},
    ...(productIds !== undefined ? { payload: { productIds } } : {}),
  });
}

const idsIn = (body: string) =>
  (JSON.parse(body) as { items: { id: number }[] }).items.map((item) => item.id);

describe('the wishlist kept with the account', () => {
  it('follows the shopper to another device: a browser signing in joins its list to the account’s', async () => {
    const token = await shopper();
    // The phone, signed in, saves two pieces.
    const phone = await call('POST', '/api/wishlist/merge', token, [ids[0], ids[1]]);
    expect(phone.statusCode, phone.body).toBe(200);
    expect(idsIn(phone.body)).toEqual([ids[0], ids[1]]);

    // The laptop had one of them and another before signing in: nothing on either side is lost, none twice.
    const laptop = await call('POST', '/api/wishlist/merge', token, [ids[1], ids[2]]);
    expect(laptop.statusCode, laptop.body).toBe(200);
    expect(idsIn(laptop.body)).toEqual([ids[0], ids[1], ids[2]]);

    const read = await call('GET', '/api/wishlist', token);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control'], 'a shopper’s own list is kept by no cache').toBe(
      'private, no-store',
    );
    const [first] = (JSON.parse(read.body) as { items: Record<string, unknown>[] }).items;
    expect(first).toMatchObject({ id: ids[0], name: names.get(ids[0]!) });
    expect(typeof first!.price).toBe('number');
    expect(typeof first!.category).toBe('string');
  });

  it('a piece removed on one device is gone on the other, and another shopper’s list is untouched', async () => {
    const token = await shopper();
    const other = await shopper();
    await call('POST', '/api/wishlist/merge', token, [ids[0], ids[1], ids[2]]);
    await call('POST', '/api/wishlist/merge', other, [ids[0]]);

    const replaced = await call('PUT', '/api/wishlist', token, [ids[0], ids[2], ids[3]]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(idsIn(replaced.body)).toEqual([ids[0], ids[2], ids[3]]);
    expect(idsIn((await call('GET', '/api/wishlist', token)).body)).toEqual([ids[0], ids[2], ids[3]]);

    expect(idsIn((await call('PUT', '/api/wishlist', token, [])).body)).toEqual([]);
    expect(idsIn((await call('GET', '/api/wishlist', other)).body)).toEqual([ids[0]]);
  });

  it('leaves out pieces no longer on sale and ignores ids of no product', async () => {
    const token = await shopper();
    const archived = ids[4]!;
    await call('POST', '/api/wishlist/merge', token, [ids[0], archived]);
    await test.database.db
      .update(products)
      .set({ status: 'archived' })
      .where(and(eq(products.id, archived)));
    try {
      expect(idsIn((await call('GET', '/api/wishlist', token)).body)).toEqual([ids[0]]);
      const unknown = await call('POST', '/api/wishlist/merge', token, [99_999_999]);
      expect(unknown.statusCode).toBe(200);
      expect(idsIn(unknown.body)).toEqual([ids[0]]);
    } finally {
      await test.database.db.update(products).set({ status: 'active' }).where(eq(products.id, archived));
    }
  });

  it('answers 401 to a guest and 400 to a list that is not product ids', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'],
      ['PUT', '/api/wishlist'],
      ['POST', '/api/wishlist/merge'],
    ] as const) {
      const guest = await call(method, url, undefined, method === 'GET' ? undefined : [ids[0]]);
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      expect(JSON.parse(guest.body)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    }
    const token = await shopper();
    for (const bad of ['1,2', [0], ['x'], Array.from({ length: 201 }, (_, index) => index + 1)]) {
      const answer = await call('PUT', '/api/wishlist', token, bad);
      expect(answer.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
  });
});
