import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPagesApp } from '../fixtures/test-pages-app';
import type { TestApp } from '../fixtures/test-app';

/**
 * Issue 24, finding 3: every unknown page path whose first segment was lower-case letters became a
 * route label of its own ("/abcxyz/*"), about 15 series each, so /metrics grew with every random
 * path a stranger sent (40 MB and seconds of event loop after ~22,000). The labels must come from a
 * bounded set: the routes the shop has, and a fixed few.
 */
const TOKEN = 'metrics-probe-token-0123456789abcdef';
let test: TestApp;

beforeAll(async () => {
  test = await createTestPagesApp({ seed: false, env: { METRICS_TOKEN: TOKEN } });
}, 180_000);
afterAll(async () => {
  await test?.close();
});

async function scrape(): Promise<string> {
  const response = await test.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const seriesOf = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));
const routesOf = (text: string) => new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!));

/** A path no route of the shop has: random lower-case letters, sometimes with more segments. */
function randomPath(index: number): string {
  const letters = () =>
    Array.from({ length: 4 + (index % 9) }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
  switch (index % 4) {
    case 0:
      return `/${letters()}`;
    case 1:
      return `/${letters()}/${letters()}`;
    case 2:
      return `/${letters()}-${letters()}?q=${letters()}`;
    default:
      return `/product/${letters()}/${letters()}`;
  }
}

describe('/metrics stays the same size whatever paths strangers send', () => {
  it('1,000 random page paths add no series and no route label', async () => {
    // Warm up every kind of answer the random paths will get, so their fixed labels already exist.
    for (let index = 0; index < 8; index++) {
      await test.app.inject({ method: 'GET', url: randomPath(index) });
      await test.app.inject({ method: 'HEAD', url: randomPath(index) });
      await test.app.inject({
        method: 'POST',
        url: randomPath(index),
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
    }
    const before = await scrape();

    // One in five is rendered (the 404 page); the others are refused before rendering (a page takes
    // no text/plain body), which is quicker and, before the fix, made a label per path all the same.
    const sent: string[] = [];
    for (let index = 0; index < 1000; index++) {
      const url = randomPath(index);
      sent.push(url);
      const rendered = index % 5 === 0;
      const response = await test.app.inject(
        rendered
          ? { method: index % 10 === 0 ? 'GET' : 'HEAD', url }
          : { method: 'POST', url, headers: { 'content-type': 'text/plain' }, payload: 'x' },
      );
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(rendered ? 404 : 415);
    }
    const after = await scrape();

    // The shop's request series do not grow at all; Node's own figures may gain their few fixed
    // series (a GC kind seen for the first time: 9 each, 4 kinds): never one per path.
    const requestSeries = (text: string) => seriesOf(text).filter((line) => line.startsWith('rossy_http_'));
    expect(requestSeries(after).length).toBe(requestSeries(before).length);
    expect(seriesOf(after).length - seriesOf(before).length).toBeLessThanOrEqual(40);
    const newRoutes = [...routesOf(after)].filter((route) => !routesOf(before).has(route));
    expect(newRoutes).toEqual([]);
    for (const url of sent.slice(0, 50)) {
      const segment = url.split(/[/?-]/)[1]!;
      if (segment !== 'product') expect(after).not.toContain(`route="/${segment}`);
    }
    expect(routesOf(after)).toContain('not-found');
  }, 300_000);

  it('known pages keep their route pattern as the label', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/product/does-not-exist' })).statusCode).toBe(404);
    await test.app.inject({ method: 'GET', url: '/login' });
    const text = await scrape();
    expect(text).toMatch(/route="\/product\/:id"/);
    expect(text).toMatch(/route="\/login"/);
  }, 60_000);
});
