import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { webVitalsDaily } from '../../../db/schema/vitals';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

/*
 * POST /api/vitals: the beacon real shoppers' browsers send once per page view; and the admin's
 * GET /api/admin/reports/vitals that reads what they sent.
 */
let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
let counter = 0;

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: false }));
}, 120_000);
afterAll(async () => {
  await test?.close();
});
beforeEach(async () => {
  await test.database.db.delete(webVitalsDaily);
});

const good = {
  template: 'product',
  device: 'mobile',
  connection: '3g',
  metrics: { LCP: 2100, INP: 140, CLS: 0.04, TTFB: 650 },
};

/** A fresh client address per call keeps the tests clear of the per-address limit, unless one is given. */
function beacon(
  payload: unknown,
  options: { ip?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  return test.app.inject({
    method: 'POST',
    url: '/api/vitals',
    remoteAddress: options.ip ?? `10.8.${Math.floor(counter / 250)}.${counter++ % 250}`,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: options.raw ?? JSON.stringify(payload),
  });
}

const storedRows = () => test.database.db.select().from(webVitalsDaily);

describe('POST /api/vitals', () => {
  it('answers 204 to a good beacon, without a session, and stores one count per metric', async () => {
    const response = await beacon(good);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['set-cookie']).toBeUndefined();
    const rows = await storedRows();
    expect(rows.map((row) => row.metric).sort()).toEqual(['CLS', 'INP', 'LCP', 'TTFB']);
    expect(
      rows.every((row) => row.count === 1 && row.template === 'product' && row.connection === '3g'),
    ).toBe(true);
  });

  it('answers 400 with a clear message to each kind of bad beacon, and stores nothing', async () => {
    const bad: [string, unknown, RegExp][] = [
      ['unknown template', { ...good, template: '/product/12' }, /template/],
      ['unknown device', { ...good, device: 'tablet' }, /device/],
      ['unknown connection', { ...good, connection: 'wifi' }, /connection/],
      ['unknown metric', { ...good, metrics: { ...good.metrics, FCP: 800 } }, /metrics/],
      ['negative value', { ...good, metrics: { LCP: -5 } }, /LCP: 0 or more/],
      ['value out of range', { ...good, metrics: { INP: 90_000 } }, /INP: at most 60000/],
      ['CLS out of range', { ...good, metrics: { CLS: 1e9 } }, /CLS: at most/],
      ['value not a number', { ...good, metrics: { TTFB: 'fast' } }, /TTFB: a number/],
      ['metrics as a list', { ...good, metrics: [{ name: 'LCP', value: 1 }] }, /metrics/],
      ['personal data', { ...good, url: '/checkout?email=ada@example.ng' }, /url|Unrecognized|key/i],
      ['a user', { ...good, userId: 'abc' }, /userId|Unrecognized|key/i],
      ['no template', { device: 'mobile', connection: '4g', metrics: { LCP: 1 } }, /template/],
      ['not an object', [good], /.+/],
    ];
    for (const [what, payload, message] of bad) {
      const response = await beacon(payload);
      expect(response.statusCode, what).toBe(400);
      expect(response.json().error.code, what).toBe('BAD_REQUEST');
      expect(response.json().error.message, what).toMatch(message);
    }
    const broken = await beacon(null, { raw: '{"template":' });
    expect(broken.statusCode).toBe(400);
    // JSON cannot carry NaN or Infinity: a body that tries is not JSON.
    expect(
      (
        await beacon(null, {
          raw: '{"template":"home","device":"mobile","connection":"4g","metrics":{"LCP":Infinity}}',
        })
      ).statusCode,
    ).toBe(400);
    expect(await storedRows()).toEqual([]);
  });

  it('refuses a body over 2 KB with 413, unread', async () => {
    const padded = JSON.stringify({ ...good, template: 'x'.repeat(2100) });
    const response = await beacon(null, { raw: padded });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedRows()).toEqual([]);
  });

  it('refuses a beacon from another site (403) and stores nothing', async () => {
    const response = await beacon(good, { headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(await storedRows()).toEqual([]);
    const sameSite = await beacon(good, { headers: { host: 'rossy.test', origin: 'https://rossy.test' } });
    expect(sameSite.statusCode, sameSite.body).toBe(204);
  });

  it('limits one address to 20 beacons in 10 minutes with 429; other addresses still count', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 22; index += 1)
      statuses.push((await beacon({ ...good, metrics: { TTFB: 300 } }, { ip: '10.99.1.1' })).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await beacon({ ...good, metrics: { TTFB: 300 } }, { ip: '10.99.1.1' })).json().error.code).toBe(
      'RATE_LIMITED',
    );
    expect((await beacon({ ...good, metrics: { TTFB: 300 } }, { ip: '10.99.1.2' })).statusCode).toBe(204);
    const [row] = await storedRows();
    expect(row!.count).toBe(21);
  });

  it('refuses what no browser measures: a layout shift past 10, a first byte after the largest paint', async () => {
    const shifted = await beacon({ ...good, metrics: { CLS: 50 } });
    expect(shifted.statusCode).toBe(400);
    expect(shifted.json().error.message).toMatch(/CLS: at most 10/);
    const backwards = await beacon({ ...good, metrics: { LCP: 900, TTFB: 4000 } });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.message).toMatch(/TTFB cannot come after LCP/);
    expect(await storedRows()).toEqual([]);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/vitals']?.post;
    expect(operation?.summary).toMatch(/Core Web Vitals/);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['204', '400', '403', '413', '429']),
    );
    expect(document.paths['/api/admin/reports/vitals']?.get?.summary).toMatch(/75th percentile/);
  });
});

describe('GET /api/admin/reports/vitals', () => {
  it('is for staff who read the reports only', async () => {
    await expectAdminOnly('GET', '/api/admin/reports/vitals');
  });

  it('gives the p75 per template with its rating, mobile and desktop apart, over 7 and 28 days', async () => {
    const empty = await test.app.inject({
      method: 'GET',
      url: '/api/admin/reports/vitals',
      headers: auth(adminToken),
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ measured: false, samplePercent: 100 });

    for (const LCP of [1200, 1300, 1400, 5200]) await beacon({ ...good, metrics: { LCP } });
    await beacon({ ...good, device: 'desktop', template: 'home', metrics: { LCP: 4500, CLS: 0 } });
    const report = (
      await test.app.inject({ method: 'GET', url: '/api/admin/reports/vitals', headers: auth(adminToken) })
    ).json();
    expect(report.measured).toBe(true);
    expect(report.thresholds.LCP).toEqual({ good: 2500, poor: 4000 });
    expect(report.windows.map((window: { days: number }) => window.days)).toEqual([7, 28]);
    for (const window of report.windows) {
      expect(window.mobile).toEqual([
        expect.objectContaining({
          template: 'product',
          pageViews: 4,
          LCP: expect.objectContaining({ rating: 'good', samples: 4 }),
          INP: null,
        }),
      ]);
      expect(window.desktop).toEqual([
        expect.objectContaining({
          template: 'home',
          pageViews: 1,
          LCP: expect.objectContaining({ rating: 'poor' }),
          CLS: expect.objectContaining({ rating: 'good', p75: 0.001 }),
        }),
      ]);
    }
  });
});
