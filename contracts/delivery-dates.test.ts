import { describe, expect, it } from 'vitest';
import { deliveryDates, formatDeliveryDays, formatDeliveryWindow, shipDay } from './delivery-dates';

const calendar = {
  cutoff: '14:00',
  holidays: ['2026-10-01', '2026-12-25', '2026-12-26', '2027-01-01'],
};

describe('deliveryDates (Lagos time)', () => {
  it.each([
    // [what, instant (with Lagos offset), days, ship day, earliest, latest]
    [
      'Thursday before the cut-off',
      '2026-11-26T10:00:00+01:00',
      [1, 2],
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ],
    [
      'Thursday after the cut-off ships Friday, skips Sunday',
      '2026-11-26T15:00:00+01:00',
      [1, 2],
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ],
    [
      'the cut-off minute itself is after it',
      '2026-11-26T14:00:00+01:00',
      [1, 2],
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ],
    [
      'a minute before the cut-off',
      '2026-11-26T13:59:00+01:00',
      [0, 1],
      '2026-11-26',
      '2026-11-26',
      '2026-11-27',
    ],
    [
      'Saturday is a working day',
      '2026-11-28T10:00:00+01:00',
      [0, 1],
      '2026-11-28',
      '2026-11-28',
      '2026-11-30',
    ],
    ['Sunday ships Monday', '2026-11-29T10:00:00+01:00', [1, 2], '2026-11-30', '2026-12-01', '2026-12-02'],
    [
      'a holiday ships the next day',
      '2026-10-01T09:00:00+01:00',
      [0, 1],
      '2026-10-02',
      '2026-10-02',
      '2026-10-03',
    ],
    [
      'Christmas Eve after the cut-off ships after Boxing Day and Sunday',
      '2026-12-24T16:00:00+01:00',
      [1, 2],
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
    ],
    ['across New Year', '2026-12-30T10:00:00+01:00', [3, 7], '2026-12-30', '2027-01-04', '2027-01-08'],
    [
      'just after midnight in Lagos is already the next day',
      '2026-11-26T23:30:00Z',
      [1, 2],
      '2026-11-27',
      '2026-11-28',
      '2026-11-30',
    ],
  ] as const)('%s', (_what, instant, [minDays, maxDays], ships, earliest, latest) => {
    const now = new Date(instant);
    expect(shipDay(now, calendar)).toBe(ships);
    expect(deliveryDates(now, { minDays, maxDays }, calendar)).toEqual({ earliest, latest });
  });

  it('counts a day the owner lists as a holiday only when listed', () => {
    const now = new Date('2026-12-24T16:00:00+01:00');
    expect(deliveryDates(now, { minDays: 1, maxDays: 1 }, { cutoff: '14:00', holidays: [] })).toEqual({
      earliest: '2026-12-26',
      latest: '2026-12-26',
    });
  });
});

describe('formatDeliveryWindow', () => {
  it.each([
    ['2026-11-27', '2026-11-28', 'Arrives Fri 27 – Sat 28 Nov'],
    ['2026-11-26', '2026-11-27', 'Arrives Thu 26 – Fri 27 Nov'],
    ['2026-11-27', '2026-11-27', 'Arrives Fri 27 Nov'],
    ['2026-11-30', '2026-12-02', 'Arrives Mon 30 Nov – Wed 2 Dec'],
    ['2026-12-31', '2027-01-04', 'Arrives Thu 31 Dec – Mon 4 Jan'],
  ])('%s to %s', (earliest, latest, words) => {
    expect(formatDeliveryWindow(earliest, latest)).toBe(words);
  });

  it('says a method’s time in days', () => {
    expect(formatDeliveryDays({ minDays: 0, maxDays: 1 })).toBe('Same or next business day');
    expect(formatDeliveryDays({ minDays: 1, maxDays: 2 })).toBe('1–2 business days');
    expect(formatDeliveryDays({ minDays: 1, maxDays: 1 })).toBe('1 business day');
  });
});
