import { describe, expect, it } from 'vitest';
import { discountPercent, formatNaira, koboToNaira, nairaToKobo } from './money';

describe('money', () => {
  it('writes whole naira without kobo, and kobo only where there are some', () => {
    expect(formatNaira(6_500_000)).toBe('₦65,000');
    expect(formatNaira(0)).toBe('₦0');
    expect(formatNaira(2_500_050)).toBe('₦25,000.50');
    expect(formatNaira(453_488)).toBe('₦4,534.88');
    expect(formatNaira(-150_000)).toBe('-₦1,500');
    expect(formatNaira(-150_001)).toBe('-₦1,500.01');
  });

  it('converts between naira and kobo without float drift', () => {
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(koboToNaira(1999)).toBe(19.99);
  });

  it('computes the discount badge as a rounded percentage, 0 when not on sale', () => {
    expect(discountPercent(7_500_000, 10_000_000)).toBe(25);
    expect(discountPercent(2_000_000, 2_990_000)).toBe(33);
    expect(discountPercent(100, null)).toBe(0);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(100, 90)).toBe(0);
  });
});
