import { gte, sql } from 'drizzle-orm';
import {
  vitalDevices,
  vitalMetrics,
  vitalTemplates,
  type VitalDevice,
  type VitalMetric,
  type VitalTemplate,
} from '../../contracts/web-vitals';
import type { DbOrTx } from '../../db/client';
import { webVitalsDaily } from '../../db/schema/vitals';
import {
  emptyHistogram,
  histogramPercentile,
  VITAL_BUCKETS,
  type VitalPercentile,
} from '../vitals/histogram';
import { addDays, lagosToday } from './range';

/*
 * "Speed for real shoppers": the 75th percentile of each Core Web Vital per page template, as
 * Search Console's Core Web Vitals report gives it, from the daily histograms shoppers' browsers
 * filled (core/vitals/record-vitals.ts). Today counts as one of the days.
 */

export const VITALS_WINDOWS = [7, 28] as const;
export type VitalsWindow = (typeof VITALS_WINDOWS)[number];

export interface VitalsTemplateRow {
  template: VitalTemplate;
  /** Page views measured: the most values of any one metric (every beacon carries at least one). */
  pageViews: number;
  metrics: Record<VitalMetric, VitalPercentile | null>;
}

export interface VitalsReport {
  /** The first day of each window, both up to today (Lagos). */
  windows: { days: VitalsWindow; from: string; to: string }[];
  /** Per window and device, the templates that have measurements, in the templates' order. */
  rows: Record<`${VitalsWindow}`, Record<VitalDevice, VitalsTemplateRow[]>>;
  /** Whether anything at all was measured in the last 28 days. */
  measured: boolean;
}

type Key = `${VitalTemplate}|${VitalMetric}|${VitalDevice}`;

export async function vitalsReport(db: DbOrTx, now = new Date()): Promise<VitalsReport> {
  const today = lagosToday(now);
  const from = Object.fromEntries(
    VITALS_WINDOWS.map((days) => [days, addDays(today, -(days - 1))]),
  ) as Record<VitalsWindow, string>;
  // The histograms added up per template, metric, device and window (the last 7 days, and the 21 before).
  const recent = sql<boolean>`${webVitalsDaily.day} >= ${from[7]}::date`;
  const rows = await db
    .select({
      template: webVitalsDaily.template,
      metric: webVitalsDaily.metric,
      device: webVitalsDaily.device,
      recent,
      position: sql<number>`pair.position`.mapWith(Number),
      count: sql<number>`sum(pair.added)::bigint`.mapWith(Number),
    })
    .from(webVitalsDaily)
    .innerJoin(sql`unnest(${webVitalsDaily.buckets}) WITH ORDINALITY AS pair(added, position)`, sql`true`)
    .where(gte(webVitalsDaily.day, from[28]))
    // By position: the window's test carries a parameter, which would not match itself twice.
    .groupBy(sql`1, 2, 3, 4, 5`);

  const histograms: Record<VitalsWindow, Map<Key, number[]>> = { 7: new Map(), 28: new Map() };
  for (const row of rows) {
    const key = `${row.template}|${row.metric}|${row.device}` as Key;
    const windows: VitalsWindow[] = row.recent ? [7, 28] : [28];
    const index = row.position - 1;
    if (index < 0 || index >= VITAL_BUCKETS) continue;
    for (const days of windows) {
      const histogram = histograms[days].get(key) ?? emptyHistogram();
      histogram[index]! += row.count;
      histograms[days].set(key, histogram);
    }
  }

  const tableOf = (days: VitalsWindow, device: VitalDevice): VitalsTemplateRow[] =>
    vitalTemplates.flatMap((template) => {
      const metrics = Object.fromEntries(
        vitalMetrics.map((metric) => {
          const histogram = histograms[days].get(`${template}|${metric}|${device}`);
          return [metric, histogram ? histogramPercentile(metric, histogram, 0.75) : null];
        }),
      ) as Record<VitalMetric, VitalPercentile | null>;
      const pageViews = Math.max(0, ...vitalMetrics.map((metric) => metrics[metric]?.samples ?? 0));
      return pageViews > 0 ? [{ template, pageViews, metrics }] : [];
    });

  const report: VitalsReport['rows'] = {
    7: { mobile: tableOf(7, 'mobile'), desktop: tableOf(7, 'desktop') },
    28: { mobile: tableOf(28, 'mobile'), desktop: tableOf(28, 'desktop') },
  };
  return {
    windows: VITALS_WINDOWS.map((days) => ({ days, from: from[days], to: today })),
    rows: report,
    measured: vitalDevices.some((device) => report[28][device].length > 0),
  };
}
