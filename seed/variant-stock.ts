/**
 * How the demo shop's stock sits on its sizes and colours, as a real shop's does: the middle sizes
 * deepest, the first colour deepest, the smallest and largest sizes thin (a few sold out, a few "only
 * 2 left"). Each product's total is the seeded figure, shared out by largest remainder.
 */
export function variantStockShape(
  total: number,
  sizes: readonly string[],
  colors: readonly string[],
  productIndex: number,
): number[] {
  const sizeCount = Math.max(sizes.length, 1);
  const colorCount = Math.max(colors.length, 1);
  const middle = (sizeCount - 1) / 2;
  const weights: number[] = [];
  for (let color = 0; color < colorCount; color++)
    for (let size = 0; size < sizeCount; size++) {
      const fromMiddle = Math.abs(size - middle) / Math.max(middle, 1);
      let weight = (3 - 2 * fromMiddle) * (color === 0 ? 2 : 1);
      // Every third piece with sizes has sold out of its largest.
      if (sizeCount > 2 && size === sizeCount - 1 && productIndex % 3 === 0) weight = 0;
      weights.push(weight);
    }
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((weight) => (weight / sum) * total);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    if (weights[index] === 0) continue;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
