import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../../db/schema/content';
import { outbox } from '../../../db/schema/mail';
import { coupons } from '../../../db/schema/orders';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let counter = 0;

beforeAll(async () => {
  test = await createTestApp({ seed: false });
  await test.database.db
    .insert(coupons)
    .values({ code: 'WELCOME15', percent: 15, firstOrderOnly: true, description: 'Welcome' })
    .onConflictDoNothing();
});
afterAll(async () => {
  await test?.close();
});

/** A fresh client address per call keeps the tests clear of the per-address limit, unless one is given. */
function subscribe(payload: unknown, remoteAddress = `10.7.${Math.floor(counter / 250)}.${counter++ % 250}`) {
  return test.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    remoteAddress,
    payload: payload as object,
  });
}

const mailsTo = (to: string) => test.database.db.select().from(outbox).where(eq(outbox.to, to));

describe('POST /api/newsletter', () => {
  it('subscribes once: the same answer twice, one row, one welcome e-mail with WELCOME15', async () => {
    const first = await subscribe({ email: 'Ngozi.Eze@Example.ng' });
    const second = await subscribe({ email: 'ngozi.eze@example.ng ' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Thank you for subscribing! Check your inbox for 15% off your first order.',
    });
    expect(second.body).toBe(first.body);

    const rows = await test.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'ngozi.eze@example.ng'));
    expect(rows).toHaveLength(1);
    const mails = await mailsTo('ngozi.eze@example.ng');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('WELCOME15');
  });

  it('answers 400 with the field for a bad or missing e-mail', async () => {
    for (const payload of [{ email: 'ngozi@' }, { email: 'not an email' }, { email: '' }, {}, { email: 7 }]) {
      const response = await subscribe(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.fields?.email, JSON.stringify(payload)).toMatch(
        /^Please enter (a valid|your) email address$/,
      );
    }
    const malformed = await test.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await mailsTo('ngozi@')).toHaveLength(0);
  });

  it('limits sign-ups per client address with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 32; index += 1) {
      statuses.push((await subscribe({ email: `burst.${index}@example.ng` }, '10.99.0.1')).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await subscribe({ email: 'burst.late@example.ng' }, '10.99.0.1');
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });

  it('limits repeated sign-ups of one e-mail from many addresses', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1)
      statuses.push((await subscribe({ email: 'spam@example.ng' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('is described in the OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = response.json().paths['/api/newsletter']?.post;
    expect(operation?.summary).toMatch(/newsletter/i);
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
  });
});
