import { describe, expect, it } from 'vitest';
import { timeAgo, toNotificationFilter } from './notifications';

const now = new Date('2026-03-10T12:00:00+01:00');
const before = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('timeAgo', () => {
  it('says Just now under a minute, and for a time slightly in the future', () => {
    expect(timeAgo(now, now)).toBe('Just now');
    expect(timeAgo(before(59_000), now)).toBe('Just now');
    expect(timeAgo(new Date(now.getTime() + 5_000), now)).toBe('Just now');
  });

  it('counts whole minutes, hours, days and months, singular and plural', () => {
    expect(timeAgo(before(MINUTE), now)).toBe('1 minute ago');
    expect(timeAgo(before(59 * MINUTE + 59_000), now)).toBe('59 minutes ago');
    expect(timeAgo(before(HOUR), now)).toBe('1 hour ago');
    expect(timeAgo(before(23 * HOUR), now)).toBe('23 hours ago');
    expect(timeAgo(before(DAY), now)).toBe('1 day ago');
    expect(timeAgo(before(29 * DAY), now)).toBe('29 days ago');
    expect(timeAgo(before(30 * DAY), now)).toBe('1 month ago');
    expect(timeAgo(before(95 * DAY), now)).toBe('3 months ago');
  });

  it('reads ISO strings, as loaders hand them over', () => {
    expect(timeAgo(before(2 * HOUR).toISOString(), now.toISOString())).toBe('2 hours ago');
  });
});

describe('toNotificationFilter', () => {
  it('keeps the five filters and turns anything else into all', () => {
    for (const id of ['all', 'unread', 'orders', 'promotions', 'info'])
      expect(toNotificationFilter(id)).toBe(id);
    expect(toNotificationFilter('promo')).toBe('all');
    expect(toNotificationFilter(null)).toBe('all');
  });
});
