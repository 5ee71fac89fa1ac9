import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  startShop,
  type ScratchDatabase,
  type ShopProcess,
} from '../fixtures/shop-process';
import { ALLOW_MANY_UNPAID_ORDERS_SQL, testOrderBody } from '../fixtures/orders';
import { startTcpProxy, type TcpProxy } from '../fixtures/tcp-proxy';

/**
 * Faults: the database going away and coming back, the process killed under order load, and a
 * graceful stop. The shop runs as a real process on a database this suite creates, reached through
 * a relay the suite can cut; the machine's PostgreSQL service itself is never stopped.
 */
let database: ScratchDatabase;
let proxy: TcpProxy;
let shop: ShopProcess;
let product: { id: number; size: string | null };
const INITIAL_STOCK = 5_000;
/** Units of the product in the demo orders of the seed, held before this suite sold any. */
let heldBySeed = 0;

function proxiedUrl(): string {
  const url = new URL(database.url);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}

const start = () => startShop({ databaseUrl: proxiedUrl(), env: { JOB_INTERVAL_SECONDS: '3600' } });

beforeAll(async () => {
  database = await createScratchDatabase('fault');
  const target = new URL(database.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  shop = await start();
  const [row] = await database.query<{ id: number; sizes: string[] }>(
    "SELECT id, sizes FROM products WHERE status = 'active' AND cardinality(sizes) <= 1 ORDER BY id LIMIT 1",
  );
  product = { id: row!.id, size: row!.sizes[0] ?? null };
  // Every unit on the variant its orders take from (its size in its first colour), none on the others.
  await database.query(
    'UPDATE product_variants v SET stock = CASE WHEN v.id = (SELECT id FROM product_variants WHERE product_id = $2 ORDER BY position, id LIMIT 1) THEN $1::int ELSE 0 END WHERE v.product_id = $2',
    [INITIAL_STOCK, product.id],
  );
  heldBySeed = (await stockAgreesWithOrders()).held;
  // One client places dozens of unpaid orders here: the limits on open unpaid orders step aside.
  await database.query(ALLOW_MANY_UNPAID_ORDERS_SQL);
}, 300_000);

afterAll(async () => {
  await shop?.kill();
  await proxy?.close();
  await database?.drop();
});

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not within ${ms} ms`);
}

function placeOrder(base: string) {
  return fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(testOrderBody(product)),
    signal: AbortSignal.timeout(15_000),
  });
}

/** The product's stock, and the units its orders hold (sold and not released). */
async function stockAgreesWithOrders() {
  const [row] = await database.query<{ stock: number; held: string }>(
    `SELECT p.stock,
            COALESCE((SELECT SUM(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
                      WHERE l.product_id = p.id AND o.stock_released_at IS NULL), 0) AS held
       FROM products p WHERE p.id = $1`,
    [product.id],
  );
  return { stock: Number(row!.stock), held: Number(row!.held) };
}

describe('the database stops and comes back', () => {
  it('answers 503 within about a second while it is gone, and recovers without a restart', async () => {
    expect((await timed(`${shop.url}/api/health`)).status).toBe(200);
    await proxy.stop();

    const health = await timed(`${shop.url}/api/health`);
    const products = await timed(`${shop.url}/api/products?pageSize=4`);
    console.info(
      `database down: /api/health ${health.status} in ${health.ms.toFixed(0)} ms, /api/products ${products.status} in ${products.ms.toFixed(0)} ms`,
    );
    expect(health.status).toBe(503);
    expect(products.status).toBe(503);
    // The health check gives the database one second; the rest is the process's own overhead.
    expect(health.ms).toBeLessThan(1_500);
    expect(products.ms).toBeLessThan(1_500);
    // The process itself is still up: pages that need no database, and the error page, still answer.
    expect(shop.child.exitCode).toBeNull();

    await proxy.start();
    const recoveredIn = await waitFor(
      async () => (await timed(`${shop.url}/api/health`)).status === 200,
      15_000,
    );
    console.info(`database back: healthy again after ${recoveredIn} ms, same process`);
    expect((await timed(`${shop.url}/api/products?pageSize=4`)).status).toBe(200);
  }, 60_000);
});

describe('killed under order load, then restarted', () => {
  it('every order answered 201 is there after the restart, and stock agrees with the orders', async () => {
    const accepted: string[] = [];
    let failed = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const response = await placeOrder(shop.url);
          if (response.status === 201)
            accepted.push(((await response.json()) as { order: { id: string } }).order.id);
          else await response.arrayBuffer();
        } catch {
          failed += 1;
          if (shop.child.exitCode !== null || shop.child.signalCode !== null) return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await waitFor(async () => accepted.length >= 40, 60_000);
    await shop.kill();
    stop = true;
    await Promise.all(workers);
    console.info(`SIGKILL after ${accepted.length} orders answered 201; ${failed} requests cut off`);

    shop = await start();
    const numbers = await database.query<{ number: string }>(
      'SELECT number FROM orders WHERE number = ANY($1)',
      [accepted],
    );
    expect(numbers.length).toBe(accepted.length);
    const { stock, held } = await stockAgreesWithOrders();
    // Every unit missing from stock is in an order, and every order's units are missing from stock.
    expect(stock).toBe(INITIAL_STOCK - (held - heldBySeed));
    expect(held - heldBySeed).toBeGreaterThanOrEqual(accepted.length);
    // No order without lines: each one was written whole or not at all.
    const empty = await database.query(
      'SELECT o.number FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)',
    );
    expect(empty).toEqual([]);
  }, 300_000);
});

describe('a graceful stop', () => {
  it('SIGTERM finishes the requests in flight, then exits 0', async () => {
    const before = await stockAgreesWithOrders();
    const requests = Array.from({ length: 24 }, () =>
      placeOrder(shop.url).then(
        async (response) => ({
          status: response.status,
          body: (await response.json()) as { order?: { id: string } },
        }),
        (error: unknown) => ({ status: 0, error: String((error as Error).cause ?? error) }),
      ),
    );
    // Let the requests reach the server, then ask it to stop.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exit = shop.stop(20_000);
    const outcomes = await Promise.all(requests);
    expect(await exit).toBe(0);

    const answered = outcomes.filter((outcome) => outcome.status === 201);
    const cut = outcomes.filter(
      (outcome) =>
        outcome.status !== 201 &&
        'error' in outcome &&
        /reset|socket hang up|other side closed|terminated/i.test(outcome.error),
    );
    console.info(
      `SIGTERM: ${answered.length} of ${outcomes.length} in-flight orders completed, ${cut.length} cut off`,
    );
    expect(answered.length).toBeGreaterThan(0);
    // A request the server accepted is answered; one it did not is refused at once, never cut half-way.
    expect(cut).toEqual([]);
    const after = await stockAgreesWithOrders();
    expect(after.stock).toBe(INITIAL_STOCK - (after.held - heldBySeed));
    expect(after.held - before.held).toBeGreaterThanOrEqual(answered.length);
  }, 120_000);
});
