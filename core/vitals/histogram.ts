import {
  vitalMetrics,
  vitalRating,
  vitalThresholds,
  type VitalMetric,
  type VitalRating,
} from '../../contracts/web-vitals';

/*
 * A fixed histogram per metric: 40 buckets, log-spaced, so a day's values of one template cost one
 * row of 40 counters however many shoppers sent them. Google's good and poor thresholds are bucket
 * edges, so a percentile read from the buckets always gets the rating the exact value would get.
 * Bucket i holds the values in (edge[i-1], edge[i]]: bucket 0 everything up to the first edge, the
 * last bucket everything above the last edge.
 */

export const VITAL_BUCKETS = 40;

/** Where each metric's log-spaced edges start and end (ms; CLS a score). */
const spans: Record<VitalMetric, { low: number; high: number; decimals: number }> = {
  LCP: { low: 200, high: 30_000, decimals: 0 },
  INP: { low: 16, high: 5_000, decimals: 0 },
  CLS: { low: 0.001, high: 2, decimals: 4 },
  TTFB: { low: 50, high: 20_000, decimals: 0 },
};

const round = (value: number, decimals: number) => {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
};

/** `steps` log-spaced steps from `from` to `to`, both ends included. */
function logSteps(from: number, to: number, steps: number): number[] {
  return Array.from({ length: steps + 1 }, (_, index) => from * (to / from) ** (index / steps));
}

/**
 * The 39 edges of a metric's 40 buckets: low → good → poor → high, each stretch log-spaced and
 * given edges in proportion to how far it reaches (at least two steps between good and poor).
 */
function edgesOf(metric: VitalMetric): number[] {
  const { low, high, decimals } = spans[metric];
  const { good, poor } = vitalThresholds[metric];
  const steps = VITAL_BUCKETS - 2;
  const total = Math.log(high / low);
  const middle = Math.max(2, Math.round((steps * Math.log(poor / good)) / total));
  const first = Math.round(
    ((steps - middle) * Math.log(good / low)) / Math.log((good * high) / (low * poor)),
  );
  const last = steps - middle - first;
  const edges = [
    ...logSteps(low, good, first),
    ...logSteps(good, poor, middle).slice(1),
    ...logSteps(poor, high, last).slice(1),
  ].map((edge) => round(edge, decimals));
  // The thresholds exactly, whatever rounding did to them.
  edges[first] = good;
  edges[first + middle] = poor;
  return edges;
}

export const vitalBucketEdges: Record<VitalMetric, readonly number[]> = Object.fromEntries(
  vitalMetrics.map((metric) => [metric, edgesOf(metric)]),
) as Record<VitalMetric, number[]>;

/** The bucket a value falls in: the first whose upper edge is at least the value. */
export function vitalBucketOf(metric: VitalMetric, value: number): number {
  const edges = vitalBucketEdges[metric];
  let low = 0;
  let high = edges.length; // the last bucket: above every edge
  while (low < high) {
    const middle = (low + high) >> 1;
    if (value <= edges[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

export const emptyHistogram = (): number[] => new Array<number>(VITAL_BUCKETS).fill(0);

/** Adds histograms bucket by bucket (days, connections). */
export function mergeHistograms(histograms: readonly (readonly number[])[]): number[] {
  const merged = emptyHistogram();
  for (const histogram of histograms)
    histogram.forEach((count, index) => {
      if (index < VITAL_BUCKETS) merged[index]! += count;
    });
  return merged;
}

export interface VitalPercentile {
  /** The percentile, read linearly inside its bucket; the last edge when it lies above every edge. */
  value: number;
  rating: VitalRating;
  /** How many values the histogram holds. */
  samples: number;
}

/**
 * A percentile (0.75 for Google's p75) of the values a histogram counts, by nearest rank: the bucket
 * holding the value of rank ⌈p·n⌉, and a value inside it as far along as that rank lies among the
 * bucket's. null when the histogram is empty.
 */
export function histogramPercentile(
  metric: VitalMetric,
  histogram: readonly number[],
  percentile = 0.75,
): VitalPercentile | null {
  const samples = histogram.reduce((sum, count) => sum + count, 0);
  if (samples === 0) return null;
  const edges = vitalBucketEdges[metric];
  const rank = Math.max(1, Math.ceil(percentile * samples));
  let before = 0;
  for (let index = 0; index < histogram.length; index += 1) {
    const count = histogram[index] ?? 0;
    if (before + count >= rank) {
      const lower = index === 0 ? 0 : edges[index - 1]!;
      const upper = edges[index] ?? lower;
      const value = round(
        lower + ((upper - lower) * (rank - before)) / count,
        spans[metric].decimals === 0 ? 0 : 3,
      );
      // Rounding must not carry a value across a threshold its bucket lies within.
      const inside = Math.min(upper, Math.max(value, index === 0 ? 0 : lower));
      return {
        value: inside,
        rating: vitalRating(metric, index >= edges.length ? Infinity : upper),
        samples,
      };
    }
    before += count;
  }
  return null;
}
