import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VitalsBeacon } from '../../contracts/web-vitals';
import { webVitalsDaily } from '../../db/schema/vitals';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import type { RateLimiter } from '../rate-limits';
import { vitalBucketOf } from './histogram';
import { purgeOldVitals, recordVitals, vitalsKeptFrom, type VitalsDeps } from './record-vitals';

/*
 * Recording beacons into the daily histograms, on PGlite and (TEST_DATABASE_URL) PostgreSQL: each
 * value adds one to its bucket, concurrent beacons all count, bad ones store nothing, and days older
 * than 90 go. Lagos noon on 10 March 2030 is "now".
 */
let database: TestDatabase;
let deps: VitalsDeps;
const noLimits: RateLimiter = { hit: async () => {}, check: async () => {} };
const client = { ip: '203.0.113.5' };
const noon = (day: string) => new Date(`${day}T12:00:00+01:00`);
const now = noon('2030-03-10');

const beacon = (metrics: VitalsBeacon['metrics'], fields: Partial<VitalsBeacon> = {}): VitalsBeacon => ({
  template: 'product',
  device: 'mobile',
  connection: '4g',
  metrics,
  ...fields,
});

const stored = () =>
  database.db
    .select()
    .from(webVitalsDaily)
    .orderBy(
      asc(webVitalsDaily.day),
      asc(webVitalsDaily.template),
      asc(webVitalsDaily.metric),
      asc(webVitalsDaily.device),
    );

beforeAll(async () => {
  database = await createTestDatabase();
  deps = { db: database.db, rateLimiter: noLimits };
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(async () => {
  await database.db.delete(webVitalsDaily);
});

describe('recordVitals', () => {
  it("adds each value to its bucket of the day's row for its template, metric, device and connection", async () => {
    await recordVitals(deps, beacon({ LCP: 1800, INP: 120, CLS: 0.02, TTFB: 400 }), client, now);
    await recordVitals(deps, beacon({ LCP: 1900, CLS: 0.3 }), client, now);
    await recordVitals(deps, beacon({ LCP: 5000 }, { device: 'desktop' }), client, now);
    const rows = await stored();
    expect(
      rows.map((row) => [row.day, row.template, row.metric, row.device, row.connection, row.count]),
    ).toEqual([
      ['2030-03-10', 'product', 'CLS', 'mobile', '4g', 2],
      ['2030-03-10', 'product', 'INP', 'mobile', '4g', 1],
      ['2030-03-10', 'product', 'LCP', 'desktop', '4g', 1],
      ['2030-03-10', 'product', 'LCP', 'mobile', '4g', 2],
      ['2030-03-10', 'product', 'TTFB', 'mobile', '4g', 1],
    ]);
    const lcp = rows.find((row) => row.metric === 'LCP' && row.device === 'mobile')!;
    expect(lcp.buckets).toHaveLength(40);
    expect(lcp.buckets.reduce((sum, count) => sum + count, 0)).toBe(2);
    // 1800 and 1900 ms share a bucket.
    expect(lcp.buckets[vitalBucketOf('LCP', 1800)]).toBe(2);
    const cls = rows.find((row) => row.metric === 'CLS')!;
    expect(cls.buckets[vitalBucketOf('CLS', 0.02)]).toBe(1);
    expect(cls.buckets[vitalBucketOf('CLS', 0.3)]).toBe(1);
  });

  it('counts in the Lagos day: 23:30 UTC is the next day in Lagos', async () => {
    await recordVitals(deps, beacon({ TTFB: 300 }), client, new Date('2030-03-10T23:30:00Z'));
    expect((await stored()).map((row) => row.day)).toEqual(['2030-03-11']);
  });

  it('counts every one of many beacons sent at once', async () => {
    const sent = 60;
    await Promise.all(
      Array.from({ length: sent }, (_, index) =>
        recordVitals(
          deps,
          beacon({ LCP: 1000 + index * 50, INP: 100 + index, CLS: 0.01, TTFB: 300 + index }),
          { ip: `198.51.100.${index}` },
          now,
        ),
      ),
    );
    const rows = await stored();
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.count, row.metric).toBe(sent);
      expect(
        row.buckets.reduce((sum, count) => sum + count, 0),
        row.metric,
      ).toBe(sent);
    }
  });

  it('stores nothing for a bad beacon, and nothing for one without values', async () => {
    const bad: unknown[] = [
      { ...beacon({ LCP: 1000 }), template: 'checkout-step-2' },
      { ...beacon({ LCP: 1000 }), device: 'tablet' },
      { ...beacon({ LCP: 1000 }), connection: '5g' },
      beacon({ FCP: 900 } as VitalsBeacon['metrics']),
      beacon({ LCP: -1 }),
      beacon({ INP: 60_001 }),
      beacon({ CLS: Number.POSITIVE_INFINITY }),
      beacon({ LCP: Number.NaN }),
      beacon({ TTFB: '300' as unknown as number }),
      { ...beacon({ LCP: 1000 }), url: '/product/12?utm=x' },
      { template: 'home', device: 'mobile', connection: '4g' },
    ];
    for (const body of bad)
      await expect(recordVitals(deps, body, client, now), JSON.stringify(body)).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
    await recordVitals(deps, beacon({}), client, now);
    expect(await stored()).toEqual([]);
  });

  it('counts against the per-address limit before anything is stored', async () => {
    const limited: RateLimiter = {
      hit: async () => {
        throw Object.assign(new Error('Too many'), { code: 'RATE_LIMITED' });
      },
      check: async () => {},
    };
    await expect(
      recordVitals({ ...deps, rateLimiter: limited }, beacon({ LCP: 1 }), client, now),
    ).rejects.toThrow();
    expect(await stored()).toEqual([]);
  });
});

describe('the 90-day purge', () => {
  const row = (day: string) => ({
    day,
    template: 'home',
    metric: 'LCP',
    device: 'mobile',
    connection: '4g',
    count: 1,
    buckets: Array.from({ length: 40 }, (_, index) => (index === 5 ? 1 : 0)),
  });

  it('keeps the last 90 Lagos days and deletes the days before', async () => {
    expect(vitalsKeptFrom('2030-03-10')).toBe('2029-12-11');
    await database.db
      .insert(webVitalsDaily)
      .values([row('2029-12-09'), row('2029-12-10'), row('2029-12-11'), row('2030-03-10')]);
    expect(await purgeOldVitals(database.db, '2030-03-10')).toBe(2);
    expect((await stored()).map((kept) => kept.day)).toEqual(['2029-12-11', '2030-03-10']);
  });

  it('runs when a beacon is recorded on a new day', async () => {
    await database.db.insert(webVitalsDaily).values([row('2030-01-01'), row('2030-04-01')]);
    await recordVitals(deps, beacon({ LCP: 1000 }), client, noon('2030-06-15'));
    expect((await stored()).map((kept) => kept.day)).toEqual(['2030-04-01', '2030-06-15']);
  });
});
