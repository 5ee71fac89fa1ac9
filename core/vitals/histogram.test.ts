import { describe, expect, it } from 'vitest';
import { vitalMetrics, vitalRating, vitalThresholds, type VitalMetric } from '../../contracts/web-vitals';
import {
  emptyHistogram,
  histogramPercentile,
  mergeHistograms,
  VITAL_BUCKETS,
  vitalBucketEdges,
  vitalBucketOf,
} from './histogram';

const histogramOf = (metric: VitalMetric, values: number[]) => {
  const histogram = emptyHistogram();
  for (const value of values) histogram[vitalBucketOf(metric, value)]! += 1;
  return histogram;
};

/** The exact 75th percentile by nearest rank. */
const exactP75 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;

/** A fixed pseudo-random draw, so every run checks the same values. */
function draw(count: number, low: number, high: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return low * (high / low) ** (state / 2_147_483_648);
  });
}

describe('vital buckets', () => {
  it('are 40 per metric, rising, with good and poor as edges', () => {
    for (const metric of vitalMetrics) {
      const edges = vitalBucketEdges[metric];
      expect(edges).toHaveLength(VITAL_BUCKETS - 1);
      edges.forEach((edge, index) => index > 0 && expect(edge).toBeGreaterThan(edges[index - 1]!));
      expect(edges).toContain(vitalThresholds[metric].good);
      expect(edges).toContain(vitalThresholds[metric].poor);
    }
  });

  it('put a value in the first bucket whose upper edge holds it, a threshold in the good side', () => {
    const edges = vitalBucketEdges.LCP;
    const good = edges.indexOf(2500);
    expect(vitalBucketOf('LCP', 0)).toBe(0);
    expect(vitalBucketOf('LCP', 2500)).toBe(good);
    expect(vitalBucketOf('LCP', 2501)).toBe(good + 1);
    expect(vitalBucketOf('LCP', 4000)).toBe(edges.indexOf(4000));
    expect(vitalBucketOf('LCP', 1_000_000)).toBe(VITAL_BUCKETS - 1);
    expect(vitalBucketOf('CLS', 0)).toBe(0);
    expect(vitalBucketOf('CLS', 0.1)).toBe(vitalBucketEdges.CLS.indexOf(0.1));
    expect(vitalBucketOf('CLS', 0.1001)).toBe(vitalBucketEdges.CLS.indexOf(0.1) + 1);
  });
});

describe('Google thresholds', () => {
  it('rate good up to the good threshold, poor above the poor one', () => {
    expect(vitalRating('LCP', 2500)).toBe('good');
    expect(vitalRating('LCP', 2501)).toBe('needs-improvement');
    expect(vitalRating('LCP', 4000)).toBe('needs-improvement');
    expect(vitalRating('LCP', 4001)).toBe('poor');
    expect(vitalRating('INP', 200)).toBe('good');
    expect(vitalRating('INP', 500.5)).toBe('poor');
    expect(vitalRating('CLS', 0.1)).toBe('good');
    expect(vitalRating('CLS', 0.25)).toBe('needs-improvement');
    expect(vitalRating('CLS', 0.26)).toBe('poor');
    expect(vitalRating('TTFB', 800)).toBe('good');
    expect(vitalRating('TTFB', 1800)).toBe('needs-improvement');
    expect(vitalRating('TTFB', 1801)).toBe('poor');
  });
});

describe('the 75th percentile from a histogram', () => {
  it('is null for an empty histogram', () => {
    expect(histogramPercentile('LCP', emptyHistogram())).toBeNull();
  });

  it('lies in the bucket of the exact p75, with its rating, for many draws of every metric', () => {
    const ranges: Record<VitalMetric, [number, number]> = {
      LCP: [300, 9000],
      INP: [20, 1200],
      CLS: [0.006, 0.6],
      TTFB: [60, 4000],
    };
    for (const metric of vitalMetrics)
      for (const [seed, count] of [
        [1, 1],
        [2, 3],
        [3, 40],
        [4, 997],
      ] as const) {
        const values = draw(count, ...ranges[metric], seed);
        const p75 = histogramPercentile(metric, histogramOf(metric, values))!;
        const exact = exactP75(values);
        const bucket = vitalBucketOf(metric, exact);
        const edges = vitalBucketEdges[metric];
        expect(p75.samples).toBe(count);
        expect(p75.rating, `${metric} ${count}`).toBe(vitalRating(metric, exact));
        expect(p75.value).toBeGreaterThanOrEqual(bucket === 0 ? 0 : edges[bucket - 1]!);
        expect(p75.value).toBeLessThanOrEqual(edges[bucket]!);
        // Log buckets: within a bucket's width (about 15%) of the exact value.
        expect(Math.abs(p75.value - exact) / exact).toBeLessThan(0.2);
      }
  });

  it('reads 3 good and 1 poor as good, 2 and 2 as poor', () => {
    expect(histogramPercentile('LCP', histogramOf('LCP', [1000, 1200, 1500, 9000]))!.rating).toBe('good');
    expect(histogramPercentile('LCP', histogramOf('LCP', [1000, 1200, 9000, 9000]))!.rating).toBe('poor');
    expect(histogramPercentile('CLS', histogramOf('CLS', [0, 0, 0, 0]))).toMatchObject({
      rating: 'good',
      samples: 4,
    });
  });

  it('of merged days is the p75 of all their values', () => {
    const monday = draw(50, 500, 6000, 7);
    const tuesday = draw(80, 1500, 12_000, 8);
    const merged = mergeHistograms([histogramOf('LCP', monday), histogramOf('LCP', tuesday)]);
    expect(merged).toEqual(histogramOf('LCP', [...monday, ...tuesday]));
    expect(histogramPercentile('LCP', merged)).toEqual(
      histogramPercentile('LCP', histogramOf('LCP', [...monday, ...tuesday])),
    );
  });
});
