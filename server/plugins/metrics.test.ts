import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdminTestApp,
  stockedOneSizeProduct,
  type AdminTestApp,
} from '../../tests/fixtures/admin-api';
import { testOrderBody } from '../../tests/fixtures/orders';
import { createTestApp } from '../../tests/fixtures/test-app';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
let shop: AdminTestApp;

beforeAll(async () => {
  shop = await createAdminTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await shop?.close();
});

async function scrape(): Promise<string> {
  const response = await shop.test.app.inject({ method: 'GET', url: '/metrics', headers: auth(TOKEN) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

/** The value of one series, e.g. value(text, 'rossy_orders_placed_total', 'payment_method="bank-transfer"'). */
function value(text: string, name: string, labels = ''): number {
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && labels.split(',').every((label) => row.includes(label)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    const none = await shop.test.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await shop.test.app.inject({ method: 'GET', url: '/metrics', headers: auth(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
  });

  it('is not there at all without METRICS_TOKEN', async () => {
    const plain = await createTestApp({ seed: false });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests and their latency per route, cache hits, orders placed and payments verified', async () => {
    const before = await scrape();
    for (let index = 0; index < 3; index++)
      expect(
        (await shop.test.app.inject({ method: 'GET', url: '/api/products?pageSize=2' })).statusCode,
      ).toBe(200);
    expect((await shop.test.app.inject({ method: 'GET', url: '/api/products/abc' })).statusCode).toBe(404);

    const productId = await stockedOneSizeProduct(shop.test, 50);
    const placed = await shop.test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `metrics-${Date.now()}` },
      payload: testOrderBody({ id: productId }, { email: 'metrics@example.ng' }),
    });
    expect(placed.statusCode).toBe(201);
    const confirmed = await shop.test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placed.json().order.id as string}/confirm-transfer`,
      headers: auth(shop.adminToken),
    });
    expect(confirmed.statusCode).toBe(200);

    const after = await scrape();
    const listed = 'route="/api/products",status="200"';
    expect(
      value(after, 'rossy_http_requests_total', listed) - value(before, 'rossy_http_requests_total', listed),
    ).toBe(3);
    expect(
      value(after, 'rossy_http_requests_total', 'route="/api/products/:id",status="404"'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(after, 'rossy_http_request_duration_seconds_count', 'route="/api/products"'),
    ).toBeGreaterThanOrEqual(3);
    // The first list is made and kept, the next two come from the cache.
    expect(
      value(after, 'rossy_catalog_cache_total', 'result="hit"') -
        value(before, 'rossy_catalog_cache_total', 'result="hit"'),
    ).toBeGreaterThanOrEqual(2);
    expect(value(after, 'rossy_orders_placed_total', 'payment_method="bank-transfer"')).toBe(
      value(before, 'rossy_orders_placed_total', 'payment_method="bank-transfer"') + 1,
    );
    expect(value(after, 'rossy_payments_verified_total', 'provider="bank-transfer"')).toBe(
      value(before, 'rossy_payments_verified_total', 'provider="bank-transfer"') + 1,
    );
    expect(after).toMatch(/^process_resident_memory_bytes\{app="rossy"\} \d+/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds\{app="rossy"\} /m);
    if (shop.test.database.kind === 'postgres')
      expect(value(after, 'rossy_db_pool_connections', 'state="max"')).toBeGreaterThan(0);
  });
});
