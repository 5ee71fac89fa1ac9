import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema/content';
import { outbox } from '../../db/schema/mail';
import { coupons } from '../../db/schema/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { isAppError } from '../errors';
import { createMailer } from '../mail/mailer';
import type { RateLimiter, RateLimitRule } from '../rate-limits';
import { getNewsletterOffer, subscribeToNewsletter, type NewsletterDeps } from './subscribe';

let database: TestDatabase;
let deps: NewsletterDeps;
const hits: { rule: string; key: string }[] = [];
const client = { ip: '10.20.30.40' };

beforeAll(async () => {
  database = await createTestDatabase();
  const rateLimiter: RateLimiter = {
    async hit(rule: RateLimitRule, key: string) {
      hits.push({ rule: rule.name, key });
    },
    check: async () => {},
  };
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <no-reply@rossy.test>' }),
    publicUrl: 'https://rossy.test',
    rateLimiter,
  };
  await database.db
    .insert(coupons)
    .values({ code: 'WELCOME15', percent: 15, firstOrderOnly: true, description: 'Welcome' });
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(() => {
  hits.length = 0;
});

const mailsTo = (to: string) => database.db.select().from(outbox).where(eq(outbox.to, to));
const rowsFor = (email: string) =>
  database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('newsletter sign-up', () => {
  it('stores the address once, lowercased, and sends one welcome e-mail with the first-order code', async () => {
    const first = await subscribeToNewsletter(deps, { email: '  Adaeze.Okafor@Example.NG ' }, client);
    const again = await subscribeToNewsletter(deps, { email: 'adaeze.okafor@example.ng' }, client);

    expect(first.message).toBe('Thank you for subscribing! Check your inbox for 15% off your first order.');
    expect(again).toEqual(first);
    expect(await rowsFor('adaeze.okafor@example.ng')).toHaveLength(1);

    const mails = await mailsTo('adaeze.okafor@example.ng');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Welcome to Rossy: 15% off your first order');
    expect(mails[0]!.text).toContain('WELCOME15');
    expect(mails[0]!.text).toContain('15% off your first order');
    expect(mails[0]!.html).toContain('WELCOME15');
    expect(mails[0]!.text).toContain('https://rossy.test/products');
  });

  it('counts every attempt per client address and per e-mail', async () => {
    await subscribeToNewsletter(deps, { email: 'Tunde@Example.ng' }, client);
    expect(hits).toEqual([
      { rule: 'newsletter-ip', key: '10.20.30.40' },
      { rule: 'newsletter-email', key: 'tunde@example.ng' },
    ]);
  });

  it('refuses a missing or malformed address with a message for the field, storing nothing', async () => {
    const missing = await failure(subscribeToNewsletter(deps, { email: '   ' }, client));
    expect(missing.code).toBe('BAD_REQUEST');
    expect(missing.fields).toEqual({ email: 'Please enter your email address' });

    for (const email of ['not-an-email', 'ada@lagos', 'ada@@example.ng', `${'a'.repeat(250)}@example.ng`]) {
      const bad = await failure(subscribeToNewsletter(deps, { email }, client));
      expect(bad.code, email).toBe('BAD_REQUEST');
      expect(bad.fields, email).toEqual({ email: 'Please enter a valid email address' });
    }
    const wrongType = await failure(subscribeToNewsletter(deps, { email: 42 }, client));
    expect(wrongType.code).toBe('BAD_REQUEST');
    expect(await rowsFor('ada@lagos')).toHaveLength(0);
  });

  it('stores concurrent sign-ups for one address once and welcomes it once', async () => {
    const email = 'race@example.ng';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => subscribeToNewsletter(deps, { email }, client)),
    );
    expect(new Set(answers.map((answer) => answer.message)).size).toBe(1);
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('offers the code only while it can be used, and still welcomes without it', async () => {
    expect(await getNewsletterOffer(database.db)).toEqual({ code: 'WELCOME15', percent: 15 });
    await database.db.update(coupons).set({ active: false }).where(eq(coupons.code, 'WELCOME15'));
    try {
      expect(await getNewsletterOffer(database.db)).toBeNull();
      const result = await subscribeToNewsletter(deps, { email: 'no.offer@example.ng' }, client);
      expect(result.message).toBe('Thank you for subscribing! Look out for our news in your inbox.');
      const [mail] = await mailsTo('no.offer@example.ng');
      expect(mail?.subject).toBe('Welcome to Rossy');
      expect(mail?.text).not.toContain('WELCOME15');
    } finally {
      await database.db.update(coupons).set({ active: true }).where(eq(coupons.code, 'WELCOME15'));
    }
    await database.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.code, 'WELCOME15'));
    expect(await getNewsletterOffer(database.db)).toBeNull();
    await database.db.update(coupons).set({ expiresAt: null }).where(eq(coupons.code, 'WELCOME15'));
  });

  it('keeps the subscription when the welcome e-mail cannot be queued, and reports the failure', async () => {
    const reported: unknown[] = [];
    const broken: NewsletterDeps = {
      ...deps,
      mailer: {
        async send() {
          throw new Error('outbox unavailable');
        },
        deliver: async () => {},
      },
      onMailError: (error) => reported.push(error),
    };
    const result = await subscribeToNewsletter(broken, { email: 'mail.down@example.ng' }, client);
    expect(result.offer).toEqual({ code: 'WELCOME15', percent: 15 });
    expect(await rowsFor('mail.down@example.ng')).toHaveLength(1);
    expect(reported).toHaveLength(1);
  });
});
