import { describe, expect, it } from 'vitest';
import {
  fromLagosInput,
  lagosDay,
  lagosIso,
  lagosMidnight,
  lagosNextMidnight,
  toLagosInput,
} from './lagos-time';

describe('Lagos time', () => {
  it('dates an instant by the Lagos calendar: 23:30 UTC is already tomorrow in Lagos', () => {
    expect(lagosDay(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(lagosDay(new Date('2026-11-21T22:59:59Z'))).toBe('2026-11-21');
  });

  it('starts and ends a Lagos day at its own midnight', () => {
    expect(lagosMidnight('2026-11-22').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(lagosNextMidnight('2026-11-22').toISOString()).toBe('2026-11-22T23:00:00.000Z');
  });

  it('writes an instant with its offset, and reads a datetime-local value back', () => {
    expect(lagosIso(new Date('2026-11-21T13:05:09.900Z'))).toBe('2026-11-21T14:05:09+01:00');
    expect(toLagosInput('2026-12-24T17:00:00Z')).toBe('2026-12-24T18:00');
    expect(fromLagosInput('2026-12-24T18:00')).toBe('2026-12-24T18:00:00+01:00');
    expect(fromLagosInput('tomorrow')).toBeNull();
  });
});
