import { lt, sql } from 'drizzle-orm';
import { lagosDay } from '../../contracts/lagos-time';
import { vitalMetrics, type VitalsBeacon } from '../../contracts/web-vitals';
import { vitalsBeaconSchema } from '../../contracts/web-vitals-schema';
import type { Db, DbOrTx } from '../../db/client';
import { webVitalsDaily } from '../../db/schema/vitals';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../rate-limits';
import { parseInput } from '../validation';
import { emptyHistogram, vitalBucketOf } from './histogram';

/** What recording a beacon needs, handed in by the host. */
export interface VitalsDeps {
  db: Db;
  rateLimiter: RateLimiter;
}

/**
 * One beacon per sampled page view. Many shoppers share one carrier-NAT address, so a beacon refused
 * costs only a sample; what matters is that no one address can write the owner's report: a few a
 * minute, and a day's worth no larger than a busy household's browsing.
 */
export const vitalsRateLimits = {
  burst: { name: 'vitals-ip', limit: 20, windowMs: 10 * 60_000 },
  day: { name: 'vitals-ip-day', limit: 200, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** How many Lagos days of aggregates are kept. */
export const VITALS_KEEP_DAYS = 90;

const DAY_MS = 86_400_000;

/** The first Lagos day still kept on `today`. */
export const vitalsKeptFrom = (today: string) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - (VITALS_KEEP_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);

/** A beacon as sent, checked strictly: a known template, device, connection; each metric once, in its range. */
export const parseVitalsBeacon = (raw: unknown): VitalsBeacon => parseInput(vitalsBeaconSchema, raw);

/** The Lagos day this process last purged each database on: once a day per process (a purge twice is harmless). */
const purgedOn = new WeakMap<object, string>();

/**
 * Records one page view's vitals: each value adds one to its bucket of today's row for the page's
 * template, metric, device and connection (one INSERT … ON CONFLICT DO UPDATE for all of them, so
 * concurrent beacons all count). Once a day the rows older than 90 days go.
 */
export async function recordVitals(
  deps: VitalsDeps,
  raw: unknown,
  client: ClientInfo,
  now = new Date(),
): Promise<void> {
  await deps.rateLimiter.hit(vitalsRateLimits.burst, client.ip);
  await deps.rateLimiter.hit(vitalsRateLimits.day, client.ip);
  const beacon = parseVitalsBeacon(raw);
  const day = lagosDay(now);
  // Rows in one order whatever the beacon's: two beacons lock the rows they share in the same order.
  const values = vitalMetrics.flatMap((metric) => {
    const value = beacon.metrics[metric];
    if (value === undefined) return [];
    const buckets = emptyHistogram();
    buckets[vitalBucketOf(metric, value)] = 1;
    return [
      {
        day,
        template: beacon.template,
        metric,
        device: beacon.device,
        connection: beacon.connection,
        count: 1,
        buckets,
      },
    ];
  });
  // A beacon without values (a page hidden before anything was measured) stores nothing.
  if (values.length === 0) return;
  await deps.db
    .insert(webVitalsDaily)
    .values(values)
    .onConflictDoUpdate({
      target: [
        webVitalsDaily.day,
        webVitalsDaily.template,
        webVitalsDaily.metric,
        webVitalsDaily.device,
        webVitalsDaily.connection,
      ],
      set: {
        count: sql`${webVitalsDaily.count} + excluded.count`,
        buckets: sql`(SELECT array_agg(kept + added ORDER BY position)
          FROM unnest(${webVitalsDaily.buckets}, excluded.buckets) WITH ORDINALITY AS pair(kept, added, position))`,
      },
    });
  if (purgedOn.get(deps.db) !== day) {
    await purgeOldVitals(deps.db, day);
    purgedOn.set(deps.db, day);
  }
}

/** Deletes the aggregates of days more than 90 Lagos days before `today`; answers how many rows went. */
export async function purgeOldVitals(db: DbOrTx, today = lagosDay()): Promise<number> {
  const gone = await db
    .delete(webVitalsDaily)
    .where(lt(webVitalsDaily.day, vitalsKeptFrom(today)))
    .returning({ day: webVitalsDaily.day });
  return gone.length;
}
