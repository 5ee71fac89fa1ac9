import { MAX_PRICE_NAIRA } from '../../contracts/limits';
import { priceBandId, type PriceBand } from '../../contracts/price-bands';

/**
 * The figures a band may start or end at: two significant figures of round naira, halves below 5
 * (…, ₦20,000, ₦25,000, ₦30,000, ₦35,000, ₦40,000, ₦45,000, ₦50,000, ₦60,000, ₦70,000, ₦75,000,
 * …), from ₦100 to the dearest price a product may have. A list's prices are counted between them
 * (one histogram, list-facets.ts), so any band made of them is counted exactly.
 */
const MANTISSAS = [1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 7.5, 8, 9] as const;
/** How far a figure is from round: ₦50,000 is rounder than ₦75,000, itself rounder than ₦35,000. */
const ROUNDNESS: Record<number, number> = { 1: 0, 2: 0, 2.5: 0, 5: 0, 1.5: 1, 3: 1, 4: 1, 7.5: 1 };

/** Each edge, in kobo, with how far from round it is. */
const EDGES: ReadonlyMap<number, number> = (() => {
  const edges = new Map<number, number>();
  for (let decade = 100; decade <= MAX_PRICE_NAIRA; decade *= 10)
    for (const mantissa of MANTISSAS)
      if (mantissa * decade <= MAX_PRICE_NAIRA)
        edges.set(Math.round(mantissa * decade * 100), ROUNDNESS[mantissa] ?? 2);
  return edges;
})();

export const PRICE_EDGES_KOBO: readonly number[] = [...EDGES.keys()];

/** How many products of a list cost from PRICE_EDGES_KOBO[bucket - 1] to below PRICE_EDGES_KOBO[bucket] (bucket 0: below the first). */
export interface PriceBucket {
  bucket: number;
  count: number;
}

/** About this many bands. */
const WANTED_BANDS = 5;
/**
 * A less round edge is taken when it brings the bands about a tenth of a fair share closer to even:
 * an edge's unroundness costs this fraction of a fair share squared.
 */
const ROUNDNESS_WEIGHT = 0.01;

/**
 * About five price bands that share a list's products fairly, their edges round naira: of the
 * edges between the list's prices, those that make the bands' counts closest to even, a rounder
 * edge preferred where that costs little. No empty band; none at all for a list of fewer than two
 * prices apart. The first band is open below, the last above.
 */
export function choosePriceBands(buckets: PriceBucket[], wanted = WANTED_BANDS): PriceBand[] {
  const sorted = buckets.filter((row) => row.count > 0).sort((a, b) => a.bucket - b.bucket);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  // Every edge between two of the list's prices, once per count below it (the roundest of an empty stretch).
  const candidates: { edge: number; below: number; cost: number }[] = [];
  let below = 0;
  for (const [index, row] of sorted.entries()) {
    below += row.count;
    const next = sorted[index + 1];
    if (!next) break;
    let best: { edge: number; below: number; cost: number } | null = null;
    for (let bucket = row.bucket + 1; bucket <= next.bucket; bucket += 1) {
      const edge = PRICE_EDGES_KOBO[bucket - 1]!;
      const cost = EDGES.get(edge)!;
      if (!best || cost < best.cost) best = { edge, below, cost };
    }
    if (best) candidates.push(best);
  }
  const bands = Math.min(wanted, candidates.length + 1);
  if (bands < 2) return [];

  // The cheapest choice of bands - 1 edges, by dynamic programming over the candidates in order.
  const share = total / bands;
  const weight = ROUNDNESS_WEIGHT * share * share;
  const spread = (count: number) => (count - share) ** 2;
  // cost[j][i]: the first j + 1 bands, the last of them ending below candidates[i].
  const cost: number[][] = [];
  const from: number[][] = [];
  for (let j = 0; j < bands - 1; j += 1) {
    cost.push([]);
    from.push([]);
    for (const [i, candidate] of candidates.entries()) {
      const own = weight * candidate.cost;
      if (j === 0) {
        cost[0]![i] = spread(candidate.below) + own;
        from[0]![i] = -1;
        continue;
      }
      let bestCost = Infinity;
      let bestFrom = -1;
      for (let k = j - 1; k < i; k += 1) {
        const before = cost[j - 1]![k]!;
        const value = before + spread(candidate.below - candidates[k]!.below);
        if (value < bestCost) {
          bestCost = value;
          bestFrom = k;
        }
      }
      cost[j]![i] = bestCost + own;
      from[j]![i] = bestFrom;
    }
  }
  const last = bands - 2;
  let end = -1;
  let endCost = Infinity;
  for (const [i, candidate] of candidates.entries()) {
    const value = (cost[last]![i] ?? Infinity) + spread(total - candidate.below);
    if (value < endCost) {
      endCost = value;
      end = i;
    }
  }
  const chosen: { edge: number; below: number }[] = [];
  for (let j = last, i = end; j >= 0 && i >= 0; i = from[j]![i]!, j -= 1) chosen.unshift(candidates[i]!);

  return [...chosen, null].map((edge, index) => {
    const previous = index > 0 ? chosen[index - 1]! : null;
    const fromKobo = previous?.edge ?? null;
    const belowKobo = edge?.edge ?? null;
    return {
      id: priceBandId(fromKobo, belowKobo),
      fromKobo,
      belowKobo,
      count: (edge?.below ?? total) - (previous?.below ?? 0),
    };
  });
}
