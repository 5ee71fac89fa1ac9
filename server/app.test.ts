import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp } from '../tests/fixtures/test-app';
import { testConfig } from '../tests/fixtures/test-config';
import { buildApp } from './app';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: false });
});
afterAll(async () => {
  await test?.close();
});

describe('the API host', () => {
  it('reports health while the database answers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('refuses a state change from a foreign origin', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
  });

  it('rejects malformed JSON and __proto__ keys with a 400, never a 5xx', async () => {
    for (const payload of ['{"a":', '{"__proto__":{"admin":true}}']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/nowhere',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
  });

  it('sends security headers', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Same-origin forms posted without JavaScript must carry the shop's Origin, not `null`.
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('describes the API as OpenAPI', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/products/{id}', '/api/health']),
    );
  });

  it('sends an API tool that asks for /api/openapi.json to the document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/api/docs/json');
    const yaml = await test.app.inject({ method: 'GET', url: '/api/openapi.yaml' });
    expect(yaml.headers.location).toBe('/api/docs/yaml');
  });
});

describe('when the database stops answering', () => {
  it('answers 503 from health and from data routes, in the error shape', async () => {
    const isolated = await createTestApp({ seed: true });
    await isolated.database.close();
    const health = await isolated.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('UNAVAILABLE');
    const products = await isolated.app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(503);
    expect(products.json().error.code).toBe('UNAVAILABLE');
    await isolated.app.close();
  });

  it('answers 503 when PostgreSQL cannot be reached at all', async () => {
    const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/unreachable' });
    const app = await buildApp({ config: testConfig(), database, logger: false });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    const products = await app.inject({ method: 'GET', url: '/api/products' });
    expect(products.statusCode).toBe(503);
    expect(products.json().error).toEqual({
      code: 'UNAVAILABLE',
      message: 'The shop is briefly unavailable. Please try again in a moment.',
    });
    await app.close();
    await database.close();
  });
});
