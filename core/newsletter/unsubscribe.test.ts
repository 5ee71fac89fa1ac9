import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema/content';
import { outbox } from '../../db/schema/mail';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { subscribeToNewsletter, type NewsletterDeps } from './subscribe';
import {
  getSubscriptionState,
  isValidUnsubscribeToken,
  resubscribeWithToken,
  unsubscribeFromNewsletter,
  unsubscribeToken,
} from './unsubscribe';

let database: TestDatabase;
let deps: NewsletterDeps;
const client = { ip: '10.1.1.1' };

beforeAll(async () => {
  database = await createTestDatabase();
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <no-reply@rossy.test>' }),
    publicUrl: 'https://rossy.test',
    rateLimiter: { hit: async () => {}, check: async () => {} },
  };
});
afterAll(async () => {
  await database?.destroy();
});

const row = async (email: string) =>
  (await database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

function linkIn(text: string): URL {
  const match = /https:\/\/rossy\.test\/newsletter\/unsubscribe\?\S+/.exec(text);
  if (!match) throw new Error(`no unsubscribe link in: ${text}`);
  return new URL(match[0]);
}

describe('the newsletter unsubscribe link', () => {
  it('is in the welcome mail, signed for that address, and takes it off the list', async () => {
    await subscribeToNewsletter(deps, { email: 'Ife@Example.ng' }, client);
    const [mail] = await database.db.select().from(outbox).where(eq(outbox.to, 'ife@example.ng'));
    const link = linkIn(mail!.text);
    expect(mail!.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
    const email = link.searchParams.get('email')!;
    const token = link.searchParams.get('token')!;
    expect(email).toBe('ife@example.ng');
    expect(await getSubscriptionState(database.db, email, token)).toBe('subscribed');

    await unsubscribeFromNewsletter(database.db, email, token);
    expect((await row('ife@example.ng'))!.unsubscribedAt).toBeInstanceOf(Date);
    expect(await getSubscriptionState(database.db, email, token)).toBe('unsubscribed');
  });

  it('refuses a token made for another address or altered, changing nothing', async () => {
    await subscribeToNewsletter(deps, { email: 'victim@example.ng' }, client);
    const other = await unsubscribeToken(database.db, 'attacker@example.ng');
    expect(await isValidUnsubscribeToken(database.db, 'victim@example.ng', other)).toBe(false);
    const real = await unsubscribeToken(database.db, 'victim@example.ng');
    const altered = `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`;
    expect(await isValidUnsubscribeToken(database.db, 'victim@example.ng', real)).toBe(true);
    expect(await isValidUnsubscribeToken(database.db, 'victim@example.ng', altered)).toBe(false);
    const refused = await unsubscribeFromNewsletter(database.db, 'victim@example.ng', other).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('FORBIDDEN');
    expect((await row('victim@example.ng'))!.unsubscribedAt).toBeNull();
  });

  it('is cleared by signing up again, without a second welcome mail; the link can also subscribe again', async () => {
    await subscribeToNewsletter(deps, { email: 'back@example.ng' }, client);
    const token = await unsubscribeToken(database.db, 'back@example.ng');
    await unsubscribeFromNewsletter(database.db, 'back@example.ng', token);
    await subscribeToNewsletter(deps, { email: 'back@example.ng' }, client);
    expect((await row('back@example.ng'))!.unsubscribedAt).toBeNull();
    expect(await database.db.select().from(outbox).where(eq(outbox.to, 'back@example.ng'))).toHaveLength(1);

    await unsubscribeFromNewsletter(database.db, 'back@example.ng', token);
    await resubscribeWithToken(database.db, 'back@example.ng', token);
    expect((await row('back@example.ng'))!.unsubscribedAt).toBeNull();
  });
});
