import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestStockAlert } from '../../core/catalog/stock-alerts';
import { createMailer } from '../../core/mail/mailer';
import { productVariants, products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { startStockAlerts } from './stock-alerts';

let database: TestDatabase;
const logger = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

async function until(check: () => Promise<boolean>, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

describe('the back in stock job', () => {
  it('mails a watcher as soon as her size is back, once, with two senders listening', async () => {
    const [product] = await database.db
      .select({ id: products.id, sizes: products.sizes })
      .from(products)
      .where(and(eq(products.status, 'active'), sql`cardinality(${products.sizes}) >= 2`))
      .orderBy(products.id)
      .limit(1);
    const [variant] = await database.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, product!.id), eq(productVariants.size, product!.sizes[1]!)))
      .orderBy(productVariants.position)
      .limit(1);
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant!.id));
    const deps = {
      db: database.db,
      mailer: createMailer({ db: database.db, from: 'Rossy <shop@rossy.test>' }),
      publicUrl: 'https://rossy.test',
      rateLimiter: { hit: async () => {}, check: async () => {} },
    };
    await requestStockAlert(
      deps,
      product!.id,
      { email: 'listener@example.ng', size: variant!.size, color: variant!.color || null },
      { ip: '10.0.0.1' },
      // Signed in with this very address, confirmed: on the list at once.
      { email: 'listener@example.ng', emailVerified: true },
    );
    // A long interval: only the restock's notice can wake them within the test.
    const stops = await Promise.all([1, 2].map(() => startStockAlerts(database, deps, logger, 600_000)));
    try {
      const mails = () => database.db.select().from(outbox).where(eq(outbox.to, 'listener@example.ng'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await mails()).toHaveLength(0);
      await database.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variant!.id));
      await until(async () => (await mails()).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mails()).toHaveLength(1);
    } finally {
      for (const stop of stops) await stop();
    }
  });
});
