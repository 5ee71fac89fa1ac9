import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VitalsBeacon } from '../../contracts/web-vitals';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import type { RateLimiter } from '../rate-limits';
import { recordVitals } from '../vitals/record-vitals';
import { vitalsReport } from './vitals';

/*
 * The "Speed for real shoppers" card: the 75th percentile per template from the daily histograms,
 * over the last 7 and 28 Lagos days (today included), phones and computers apart. "Now" is Lagos
 * noon on 28 March 2030: the last 7 days start on the 22nd, the last 28 on the 1st.
 */
let database: TestDatabase;
const noLimits: RateLimiter = { hit: async () => {}, check: async () => {} };
const now = new Date('2030-03-28T12:00:00+01:00');

async function send(day: string, metrics: VitalsBeacon['metrics'], fields: Partial<VitalsBeacon> = {}) {
  await recordVitals(
    { db: database.db, rateLimiter: noLimits },
    { template: 'product', device: 'mobile', connection: '4g', metrics, ...fields },
    { ip: '203.0.113.9' },
    new Date(`${day}T12:00:00+01:00`),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe('vitalsReport', () => {
  it('says nothing was measured before the first beacon', async () => {
    const report = await vitalsReport(database.db, now);
    expect(report.measured).toBe(false);
    expect(report.windows).toEqual([
      { days: 7, from: '2030-03-22', to: '2030-03-28' },
      { days: 28, from: '2030-03-01', to: '2030-03-28' },
    ]);
    expect(report.rows[7].mobile).toEqual([]);
  });

  it('gives each window the p75 of its own days, rated, phones and computers apart', async () => {
    // Early March: slow product pages (6 s). The last week: fast ones (1.2 s), 4 of them.
    for (const day of ['2030-03-02', '2030-03-05', '2030-03-09', '2030-03-12', '2030-03-15', '2030-03-20'])
      await send(day, { LCP: 6000, INP: 600, CLS: 0.3, TTFB: 2000 });
    for (const day of ['2030-03-22', '2030-03-24', '2030-03-27', '2030-03-28'])
      await send(day, { LCP: 1200, INP: 90, CLS: 0.01, TTFB: 300 });
    // Older than 28 days: in neither window.
    await send('2030-02-28', { LCP: 60_000 });
    // A computer, and the home page.
    await send('2030-03-27', { LCP: 3000 }, { device: 'desktop' });
    await send('2030-03-10', { TTFB: 900 }, { template: 'home' });

    const report = await vitalsReport(database.db, now);
    expect(report.measured).toBe(true);

    const [week] = report.rows[7].mobile;
    expect(report.rows[7].mobile).toHaveLength(1);
    expect(week).toMatchObject({ template: 'product', pageViews: 4 });
    expect(week!.metrics.LCP).toMatchObject({ rating: 'good', samples: 4 });
    expect(week!.metrics.LCP!.value).toBeGreaterThan(1100);
    expect(week!.metrics.LCP!.value).toBeLessThanOrEqual(1300);
    expect(week!.metrics.INP).toMatchObject({ rating: 'good' });
    expect(week!.metrics.CLS).toMatchObject({ rating: 'good' });
    expect(week!.metrics.TTFB).toMatchObject({ rating: 'good' });

    // 28 days: 10 product page views, 6 slow: the p75 is slow.
    const month = report.rows[28].mobile;
    expect(month.map((row) => row.template)).toEqual(['home', 'product']);
    const product = month.find((row) => row.template === 'product')!;
    expect(product.pageViews).toBe(10);
    expect(product.metrics.LCP).toMatchObject({ rating: 'poor', samples: 10 });
    expect(product.metrics.LCP!.value).toBeGreaterThan(5000);
    expect(product.metrics.LCP!.value).toBeLessThanOrEqual(7000);
    expect(product.metrics.INP).toMatchObject({ rating: 'poor' });
    expect(product.metrics.CLS).toMatchObject({ rating: 'poor' });
    expect(product.metrics.TTFB).toMatchObject({ rating: 'poor' });
    const home = month.find((row) => row.template === 'home')!;
    expect(home).toMatchObject({
      pageViews: 1,
      metrics: { LCP: null, TTFB: { rating: 'needs-improvement' } },
    });

    expect(report.rows[7].desktop).toEqual([
      expect.objectContaining({
        template: 'product',
        pageViews: 1,
        metrics: expect.objectContaining({ LCP: expect.objectContaining({ rating: 'needs-improvement' }) }),
      }),
    ]);
  });
});
