import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';
import { BUSY_MESSAGE, RETRY_AFTER_SECONDS } from './load-shedding';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({
    seed: false,
    env: { SHED_EVENT_LOOP_DELAY_MS: '40', METRICS_TOKEN: 'load-shedding-token-0123456789' },
  });
});
afterAll(async () => {
  await test?.close();
});

/** Keeps the event loop busy, as a process far behind its requests is. */
function blockFor(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('load shedding', () => {
  it('turns requests away with 503 and Retry-After while the process is overloaded, and serves again once it catches up', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // The delay is sampled every second: keep the loop far behind across two samples.
    for (let index = 0; index < 3; index++) {
      blockFor(900);
      await wait(1);
    }
    const busy = await test.app.inject({ method: 'GET', url: '/api/categories' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(busy.json()).toEqual({ error: { code: 'UNAVAILABLE', message: BUSY_MESSAGE } });
    // The operator can still see why.
    const metrics = await test.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer load-shedding-token-0123456789' },
    });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^rossy_requests_shed_total\{app="rossy"\} [1-9]/m);

    await expect
      .poll(async () => (await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode, {
        timeout: 8000,
        interval: 200,
      })
      .toBe(200);
  });
});
