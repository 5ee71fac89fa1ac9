import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/mail';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer, mailLinks, type MailMessage } from './mailer';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

describe('a shop without a mail server', () => {
  it('keeps each mail in the outbox and hands it, links and all, to whoever runs the shop', async () => {
    const kept: MailMessage[] = [];
    const mailer = createMailer({
      db: database.db,
      from: 'Rossy <no-reply@rossy.test>',
      onKept: (m) => kept.push(m),
    });
    const message = {
      to: 'ada@example.ng',
      subject: 'Confirm your e-mail',
      text: 'Confirm: http://localhost:3000/verify-email?token=abc_123\n\nOr visit https://rossy.test/help.',
      html: '<p>Confirm</p>',
    };
    await mailer.send(message);
    expect(kept).toEqual([message]);
    const rows = await database.db.select().from(outbox);
    expect(rows.map((row) => [row.to, row.status])).toEqual([['ada@example.ng', 'queued']]);
    expect(mailLinks(message.text)).toEqual([
      'http://localhost:3000/verify-email?token=abc_123',
      'https://rossy.test/help',
    ]);
  });
});
