import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';
import { helmetHeaders, helmetOptions } from './security';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** What @fastify/helmet itself sends with the shop's options, on a bare Fastify. */
async function fromHelmet(isProduction: boolean): Promise<Record<string, string>> {
  const bare = Fastify();
  await bare.register(helmet, helmetOptions(isProduction));
  bare.get('/', async () => 'ok');
  const answer = await bare.inject({ method: 'GET', url: '/' });
  await bare.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (!['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(name))
      headers[name] = String(value);
  return headers;
}

describe("helmet's headers, learnt once at start", () => {
  it('are the very headers @fastify/helmet sends, in production (with HSTS) and out of it', async () => {
    for (const isProduction of [true, false]) {
      const expected = await fromHelmet(isProduction);
      expect(Object.fromEntries(await helmetHeaders(isProduction))).toEqual(expected);
      expect(Boolean(expected['strict-transport-security'])).toBe(isProduction);
      expect(expected['x-frame-options']).toBe('SAMEORIGIN');
      expect(expected['referrer-policy']).toBe('same-origin');
    }
  });

  it('go with every answer: an API read, a cached one, a refusal, a missing route', async () => {
    const expected = await fromHelmet(test.app.config.isProduction);
    const answers = [
      await test.app.inject({ method: 'GET', url: '/api/health' }),
      await test.app.inject({ method: 'GET', url: '/api/products?pageSize=3' }),
      await test.app.inject({ method: 'GET', url: '/api/products?pageSize=3' }),
      await test.app.inject({ method: 'GET', url: '/api/products?pageSize=999' }),
      await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
        payload: '{}',
      }),
      await test.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 400, 403, 404]);
    expect(answers[2]!.headers['x-cache']).toBe('hit');
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name]).toBe(value);
      expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });
});
