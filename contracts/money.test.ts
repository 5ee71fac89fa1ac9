import { describe, expect, it } from 'vitest';
import {
  discountPercent,
  exactKobo,
  foreignAmount,
  foreignHundredths,
  formatNaira,
  groupedNairaInput,
  hasWholeKobo,
  koboToNaira,
  nairaDigits,
  nairaInput,
  nairaToKobo,
  percentOf,
  percentWithin,
  typedNairaToKobo,
  wholeNaira,
} from './money';

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

  it('takes naira with at most two decimals as kobo, refusing a fraction of a kobo', () => {
    expect(exactKobo(25_500.1)).toBe(2_550_010);
    expect(exactKobo(0.3)).toBe(30);
    expect(exactKobo(0.1 + 0.2)).toBe(30);
    expect(exactKobo(19.99)).toBe(1999);
    expect(exactKobo(25_500.505)).toBeNull();
    expect(exactKobo(0.001)).toBeNull();
    expect(hasWholeKobo(1.25)).toBe(true);
    expect(hasWholeKobo(1.255)).toBe(false);
  });

  it('reads naira as typed in a form', () => {
    expect(typedNairaToKobo('2,500')).toBe(250_000);
    expect(typedNairaToKobo('₦2500.5')).toBe(250_050);
    expect(typedNairaToKobo(' 2 500.55 ')).toBe(250_055);
    expect(typedNairaToKobo('2500.555')).toBeNull();
    expect(typedNairaToKobo('-5')).toBeNull();
    expect(typedNairaToKobo('')).toBeNull();
  });

  it('writes kobo back into a form, plain or with commas', () => {
    expect(nairaInput(2_550_050)).toBe('25500.5');
    expect(nairaInput(2_550_000)).toBe('25500');
    expect(nairaInput(5)).toBe('0.05');
    expect(nairaInput(null)).toBe('');
    for (const kobo of [500_000, 500_050, 500_005, 123_456_789, 5, 100_000_000, 0])
      expect(groupedNairaInput(kobo)).toBe(
        (kobo / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 }),
      );
  });

  it('writes naira as digits for a bank app, a CSV cell and metadata', () => {
    expect(nairaDigits(2_550_050)).toBe('25500.50');
    expect(nairaDigits(12_672_000)).toBe('126720.00');
    expect(nairaDigits(5)).toBe('0.05');
    expect(nairaDigits(-150)).toBe('-1.50');
    expect(wholeNaira(2_550_050)).toBe(25_501);
    expect(wholeNaira(2_550_049)).toBe(25_500);
  });

  it('rounds a share of an amount half up to the kobo, once', () => {
    expect(percentOf(1_000, 7.5)).toBe(75);
    expect(percentOf(1, 50)).toBe(1);
    expect(percentOf(3, 50)).toBe(2);
    expect(percentOf(999, 10)).toBe(100);
    expect(percentWithin(6_500_000, 7.5)).toBe(453_488);
    expect(percentWithin(0, 7.5)).toBe(0);
  });

  it('converts kobo into a foreign currency at the naira rate', () => {
    expect(foreignHundredths(1_500_000, 930)).toBe(1613);
    expect(foreignAmount(1_500_000, 930)).toBe(16.13);
  });
});
