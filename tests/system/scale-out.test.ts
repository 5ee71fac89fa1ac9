import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  startShop,
  type ScratchDatabase,
  type ShopProcess,
  SYSTEM_ADMIN,
} from '../fixtures/shop-process';
import { ALLOW_MANY_UNPAID_ORDERS_SQL, testOrderBody } from '../fixtures/orders';

/**
 * Two shop processes on one PostgreSQL and one Redis, as behind a load balancer: a session made on
 * one works on the other, rate limits count across both, a checkout race across both never
 * oversells, and the unpaid-order job releases each order once.
 */
const REDIS_URL = process.env.REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
let database: ScratchDatabase;
let a: ShopProcess;
let b: ShopProcess;

beforeAll(async () => {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(
      `The scale-out suite needs Redis (REDIS_URL, or ${REDIS_URL}): ${(error as Error).message}`,
    );
  } finally {
    redis.disconnect();
  }
  database = await createScratchDatabase('scale');
  // Both sit behind a load balancer on this machine: the client address is the one it forwards.
  const options = {
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    env: { JOB_INTERVAL_SECONDS: '1', TRUST_PROXY: 'loopback' },
  };
  // Started together: one migrates and seeds while the other waits for the start-up lock.
  [a, b] = await Promise.all([startShop(options), startShop(options)]);
  // The checkout race places 40 unpaid orders from one client: the limits on open unpaid orders step aside.
  await database.query(ALLOW_MANY_UNPAID_ORDERS_SQL);
}, 400_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
});

/** A different client address per test, so the per-address limits of one test don't touch another. */
const clientIp = () => `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`;

async function post(shop: ShopProcess, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
  };
}

async function inStockProduct(stock: number) {
  const [row] = await database.query<{ id: number; sizes: string[] }>(
    "SELECT id, sizes FROM products WHERE status = 'active' AND cardinality(sizes) <= 1 ORDER BY id DESC LIMIT 1 OFFSET $1",
    [Math.floor(Math.random() * 10)],
  );
  // Every unit on the variant its orders take from (its size in its first colour), none on the others.
  await database.query(
    'UPDATE product_variants v SET stock = CASE WHEN v.id = (SELECT id FROM product_variants WHERE product_id = $2 ORDER BY position, id LIMIT 1) THEN $1::int ELSE 0 END WHERE v.product_id = $2',
    [stock, row!.id],
  );
  return { id: row!.id, size: row!.sizes[0] ?? null };
}

/** Signs up on `shop` and confirms the address with the link from the outbox, as a shopper does; returns the session cookie. */
async function signUpAndConfirm(shop: ShopProcess, email: string, headers: Record<string, string>) {
  const signUp = await post(
    shop,
    '/api/signup',
    { name: 'Ifeoma Two', email, password: 'Sturdy-Pass-2026' },
    headers,
  );
  expect(signUp.status).toBe(202);
  let token: string | undefined;
  for (let attempt = 0; attempt < 50 && !token; attempt++) {
    const mails = await database.query<{ text: string }>(
      'SELECT text FROM outbox WHERE "to" = $1 ORDER BY id DESC',
      [email.toLowerCase()],
    );
    token = mails.map((mail) => /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]).find(Boolean);
    if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(token, `a confirmation link for ${email}`).toBeTruthy();
  const confirm = await post(shop, '/api/email/verify', { token }, headers);
  expect(confirm.status).toBe(200);
  return (confirm.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('two processes, one shop', () => {
  it('both processes serve the same seeded catalog, migrated and seeded once', async () => {
    const [fromA, fromB] = await Promise.all(
      [a, b].map(
        async (shop) =>
          (await (await fetch(`${shop.url}/api/products?pageSize=1`)).json()) as { total: number },
      ),
    );
    expect(fromA!.total).toBeGreaterThan(0);
    expect(fromB!.total).toBe(fromA!.total);
    const [admins] = await database.query<{ count: string }>(
      "SELECT count(*) FROM users WHERE email = 'admin@rossy.test'",
    );
    expect(Number(admins!.count)).toBe(1);
  });

  it('a session made on one process works on the other, and signing out on one ends it on both', async () => {
    const ip = { 'x-forwarded-for': clientIp() };
    const email = `two.${Date.now()}@example.ng`;
    const cookie = await signUpAndConfirm(a, email, ip);
    expect(cookie).toMatch(/=/);
    const profileOnB = await fetch(`${b.url}/api/profile`, { headers: { cookie } });
    expect(profileOnB.status).toBe(200);
    expect(((await profileOnB.json()) as { user: { email: string } }).user.email).toBe(email);

    expect((await post(b, '/api/logout', {}, { cookie })).status).toBeLessThan(300);
    expect((await fetch(`${a.url}/api/profile`, { headers: { cookie } })).status).toBe(401);
  });

  it('rate limits count across both processes', async () => {
    const ip = { 'x-forwarded-for': clientIp() };
    const email = `limited.${Date.now()}@example.ng`;
    expect(
      (await post(a, '/api/signup', { name: 'Limited One', email, password: 'Sturdy-Pass-2026' }, ip)).status,
    ).toBe(202);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt++) {
      const shop = attempt % 2 === 0 ? a : b;
      statuses.push((await post(shop, '/api/login', { email, password: 'wrong-password-1' }, ip)).status);
    }
    // Ten tries an account per window in all, not ten on each process.
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
  });

  it('a checkout race across both processes never oversells', async () => {
    const product = await inStockProduct(10);
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(
          index % 2 === 0 ? a : b,
          '/api/orders',
          testOrderBody(product, { email: `race${index}@example.ng` }),
        ),
      ),
    );
    const placed = attempts.filter((attempt) => attempt.status === 201);
    const refused = attempts.filter((attempt) => attempt.status === 409);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(30);
    const [row] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
      product.id,
    ]);
    expect(Number(row!.stock)).toBe(0);
  });

  it('the unpaid-order job, running in both processes, releases each expired order once', async () => {
    const product = await inStockProduct(20);
    const numbers: string[] = [];
    for (let index = 0; index < 5; index++) {
      const placed = await post(
        index % 2 === 0 ? a : b,
        '/api/orders',
        testOrderBody(product, { email: `unpaid${index}@example.ng` }),
      );
      expect(placed.status).toBe(201);
      numbers.push((placed.body as { order: { id: string } }).order.id);
    }
    const [held] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
      product.id,
    ]);
    expect(Number(held!.stock)).toBe(15);
    await database.query(
      "UPDATE orders SET stock_held_until = now() - interval '1 minute' WHERE number = ANY($1)",
      [numbers],
    );

    const deadline = Date.now() + 20_000;
    let cancelled = 0;
    while (Date.now() < deadline && cancelled < numbers.length) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [count] = await database.query<{ count: string }>(
        "SELECT count(*) FROM orders WHERE number = ANY($1) AND status = 'cancelled'",
        [numbers],
      );
      cancelled = Number(count!.count);
    }
    expect(cancelled).toBe(numbers.length);
    // Let both processes tick again: nothing may happen twice.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const events = await database.query<{ number: string; count: string }>(
      `SELECT o.number, count(e.id) FROM orders o JOIN order_events e ON e.order_id = o.id AND e.status = 'cancelled'
        WHERE o.number = ANY($1) GROUP BY o.number`,
      [numbers],
    );
    expect(events.map((event) => Number(event.count))).toEqual(numbers.map(() => 1));
    const [released] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
      product.id,
    ]);
    expect(Number(released!.stock)).toBe(20);
    const [mails] = await database.query<{ count: string }>(
      'SELECT count(*) FROM outbox WHERE "to" = ANY($1)',
      [numbers.map((_, index) => `unpaid${index}@example.ng`)],
    );
    // One order mail when placed and one when released, per order: never a second release mail.
    expect(Number(mails!.count)).toBe(numbers.length * 2);
  }, 60_000);

  it('a price the admin changes on one process shows at once on the other, on the page and in the API', async () => {
    const [row] = await database.query<{ id: number; price_kobo: number }>(
      "SELECT id, price_kobo FROM products WHERE status = 'active' AND original_price_kobo IS NULL ORDER BY id LIMIT 1 OFFSET 7",
    );
    const id = row!.id;
    const page = `${b.url}/product/${id}`;
    const api = `${b.url}/api/products/${id}`;
    for (const url of [page, api]) await fetch(url).then((response) => response.arrayBuffer());
    const cached = await fetch(page);
    expect(cached.headers.get('x-cache')).toBe('hit');
    const etag = cached.headers.get('etag')!;
    await cached.arrayBuffer();
    expect((await fetch(page, { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await fetch(api)).headers.get('x-cache')).toBe('hit');

    const signIn = await post(a, '/api/login', SYSTEM_ADMIN);
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const price = 123_457;
    const changed = await fetch(`${a.url}/api/admin/products/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(signIn.body.token)}` },
      body: JSON.stringify({ price }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);

    // The very next requests to the other process: no waiting, no retry.
    const fresh = await fetch(page, { headers: { 'if-none-match': etag } });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('etag')).not.toBe(etag);
    expect(await fresh.text()).toContain('123,457');
    expect(((await (await fetch(api)).json()) as { price: number }).price).toBe(price);
  });
});
