import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../db/schema/content';
import { outbox } from '../../../db/schema/mail';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
});
afterAll(async () => {
  await test?.close();
});

const send = (payload: unknown, ip = '203.0.113.7') =>
  test.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });

describe('POST /api/contact', () => {
  it('stores the message and e-mails the shop', async () => {
    const response = await send({
      name: 'Yemi Alade',
      email: 'yemi@example.ng',
      subject: 'Gift wrapping',
      message: 'Do you gift-wrap the weekender bag?',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(
      'Thank you for your message! Our team will get back to you shortly.',
    );
    const [stored] = await test.database.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.id))
      .limit(1);
    expect(stored).toMatchObject({ name: 'Yemi Alade', subject: 'Gift wrapping', status: 'new' });
    const mails = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'Contact form: Gift wrapping'));
    expect(mails).toHaveLength(1);
  });

  it('answers 400 naming each missing field, and for a bad e-mail', async () => {
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({
      name: 'Please enter your name',
      email: 'Please enter your email address',
      subject: 'Please enter a subject',
      message: 'Please enter your message',
    });
    const bad = await send({ name: 'A', email: 'a@', subject: 'S', message: 'M' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ message: 'Please enter a valid email address' });
    const wrongType = await send({ name: 1, email: ['x'], subject: null, message: {} });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers 429 after ten messages from one address in an hour', async () => {
    const body = { name: 'Bot', email: 'bot@example.ng', subject: 'Hi', message: 'Hello' };
    for (let index = 0; index < 10; index += 1)
      expect((await send(body, '198.51.100.9')).statusCode).toBe(201);
    expect((await send(body, '198.51.100.9')).statusCode).toBe(429);
    expect((await send(body, '198.51.100.10')).statusCode).toBe(201);
  });
});
