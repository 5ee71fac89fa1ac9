import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { users } from '../../db/schema/accounts';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { startCsvExport } from './exports';

let database: TestDatabase;
const actor = { id: null, email: 'admin@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase();
  // Seven accounts, four of them created in the same microsecond: the batches must neither skip nor repeat one.
  const same = new Date('2026-11-20T10:00:00Z');
  await database.db.insert(users).values(
    Array.from({ length: 7 }, (_, index) => ({
      name: `Batch ${index}`,
      email: `batch-${index}@example.ng`,
      passwordHash: 'x',
      createdAt: index < 4 ? same : new Date(same.getTime() + (index + 1) * 60_000),
    })),
  );
});
afterAll(async () => {
  await database?.destroy();
});

describe('startCsvExport', () => {
  it('reads the rows in batches as they are consumed: header, then one chunk per batch', async () => {
    const exported = await startCsvExport(database.db, actor, 'users', { q: 'batch-' }, { batchSize: 3 });
    const chunks: string[] = [];
    for await (const chunk of exported.chunks()) chunks.push(chunk);
    expect(chunks).toHaveLength(1 + 3);
    expect(chunks[0]).toMatch(/^\uFEFFID,Name,Email,/);
    const emails = chunks
      .slice(1)
      .join('')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(',')[2]);
    expect(emails.slice(0, 3)).toEqual(['batch-6@example.ng', 'batch-5@example.ng', 'batch-4@example.ng']);
    expect(new Set(emails)).toEqual(
      new Set(Array.from({ length: 7 }, (_, index) => `batch-${index}@example.ng`)),
    );
    expect(emails).toHaveLength(7);
  });

  it('refuses a bad filter before anything is read or logged, and logs a good one with its filters', async () => {
    const before = (await database.db.select().from(auditLog)).length;
    await expect(
      startCsvExport(database.db, actor, 'transactions', { from: '21/11/2026' }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await database.db.select().from(auditLog)).toHaveLength(before);
    const exported = await startCsvExport(database.db, actor, 'orders', {
      q: ' ada ',
      status: 'shipped',
      page: '3',
    });
    expect(exported.filter).toEqual({ q: 'ada', status: 'shipped' });
    const entries = await database.db.select().from(auditLog);
    expect(entries.at(-1)).toMatchObject({
      action: 'export.orders',
      entityType: 'export',
      actorEmail: 'admin@rossy.ng',
      after: { q: 'ada', status: 'shipped' },
    });
  });
});
