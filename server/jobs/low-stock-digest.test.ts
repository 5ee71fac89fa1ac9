import { eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer } from '../../core/mail/mailer';
import { users } from '../../db/schema/accounts';
import { categories, products, productVariants } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { startLowStockDigest } from './low-stock-digest';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(categories).values({ id: 'men', name: 'Men' });
  await db
    .insert(users)
    .values({ name: 'Owner', email: 'owner@rossy.test', passwordHash: 'not-a-password', role: 'owner' });
  const [cap] = await db
    .insert(products)
    .values({ name: 'Fila Cap', description: 'A cap.', categoryId: 'men', priceKobo: 800_000 })
    .returning({ id: products.id });
  await db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, cap!.id));
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

const digests = () => database.db.select().from(outbox).where(like(outbox.subject, 'Low stock%'));

describe('the low-stock digest job', () => {
  it('waits for 08:00 in Lagos, then mails the day’s digest once, with two processes checking', async () => {
    // 07:50 in Lagos; the clock moves when the test says.
    let now = new Date('2026-11-26T06:50:00Z');
    const deps = {
      db: database.db,
      mailer: createMailer({ db: database.db, from: 'Rossy <shop@rossy.test>' }),
      publicUrl: 'https://rossy.test',
    };
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const stops = [1, 2].map(() => startLowStockDigest(deps, logger, { intervalMs: 25, now: () => now }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await digests()).toHaveLength(0);

      now = new Date('2026-11-26T07:01:00Z');
      await vi.waitFor(async () => expect(await digests()).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const [mail] = await digests();
      expect(mail!.to).toBe('owner@rossy.test');
      expect(mail!.text).toContain('Fila Cap');
      expect(logger.info).toHaveBeenCalledWith({ day: '2026-11-26', variants: 1 }, 'low-stock digest sent');

      // The next morning, another.
      now = new Date('2026-11-27T07:30:00Z');
      await vi.waitFor(async () => expect(await digests()).toHaveLength(2), {
        timeout: 10_000,
        interval: 50,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await digests()).toHaveLength(2);
    } finally {
      for (const stop of stops) stop();
    }
  });
});
