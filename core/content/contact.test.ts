import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/content';
import { outbox } from '../../db/schema/mail';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import type { RateLimiter, RateLimitRule } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { submitContactMessage, type ContactDeps } from './contact';

let database: TestDatabase;
let deps: ContactDeps;
const hits: { rule: string; key: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const rateLimiter: RateLimiter = {
    async hit(rule: RateLimitRule, key: string) {
      hits.push({ rule: rule.name, key });
      if (hits.filter((hit) => hit.key === key).length > rule.limit)
        throw new AppError('RATE_LIMITED', 'Too many requests. Please try again later.');
    },
    check: async () => {},
  };
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <no-reply@rossy.test>' }),
    publicUrl: 'https://rossy.test',
    rateLimiter,
  };
});
afterAll(async () => {
  await database?.destroy();
});

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('the contact form', () => {
  it('stores the message with its order and e-mails it to the shop’s support address', async () => {
    const receipt = await submitContactMessage(
      deps,
      {
        name: ' Kemi Adeyemi ',
        email: 'Kemi@Example.NG',
        subject: 'Sizing for my order',
        message: 'Could I change the size of the blazer to 42?',
        orderNumber: 'ord-10042',
      },
      { ip: '10.0.0.1' },
    );
    expect(receipt.message).toBe('Thank you for your message! Our team will get back to you shortly.');
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, receipt.id));
    expect(stored).toMatchObject({
      name: 'Kemi Adeyemi',
      email: 'kemi@example.ng',
      subject: 'Sizing for my order',
      orderNumber: 'ORD-10042',
      status: 'new',
    });
    const { supportEmail } = await getShopSettings(database.db);
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.to, supportEmail));
    expect(mail!.subject).toBe('Contact form: Sizing for my order (ORD-10042)');
    expect(mail!.text).toContain('kemi@example.ng');
    expect(mail!.text).toContain('Could I change the size of the blazer to 42?');
  });

  it('requires name, e-mail, subject and message, checks the e-mail, and stores nothing when they fail', async () => {
    const before = (await database.db.select().from(contactMessages)).length;
    const empty = await appError(submitContactMessage(deps, {}, { ip: '10.0.0.2' }));
    expect(empty.code).toBe('BAD_REQUEST');
    expect(empty.fields).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      subject: 'Please enter a subject',
      message: 'Please enter your message',
    });
    const badEmail = await appError(
      submitContactMessage(
        deps,
        { name: 'A', email: 'not-an-email', subject: 'S', message: 'M' },
        { ip: '10.0.0.2' },
      ),
    );
    expect(badEmail.fields).toEqual({ email: 'Please enter a valid email address' });
    expect(badEmail.message).toBe('Please enter a valid email address');
    expect(await database.db.select().from(contactMessages)).toHaveLength(before);
  });

  it('ignores an order number that is not one', async () => {
    const receipt = await submitContactMessage(
      deps,
      { name: 'A', email: 'a@example.ng', subject: 'S', message: 'M', orderNumber: '<script>' },
      { ip: '10.0.0.3' },
    );
    const [stored] = await database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, receipt.id));
    expect(stored!.orderNumber).toBeNull();
  });

  it('is rate-limited per client address', async () => {
    const body = { name: 'Spam', email: 'spam@example.ng', subject: 'Buy', message: 'Now' };
    for (let index = 0; index < 10; index += 1) await submitContactMessage(deps, body, { ip: '10.9.9.9' });
    expect((await appError(submitContactMessage(deps, body, { ip: '10.9.9.9' }))).code).toBe('RATE_LIMITED');
    await submitContactMessage(deps, body, { ip: '10.9.9.10' });
  });
});
