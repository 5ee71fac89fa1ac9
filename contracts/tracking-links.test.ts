import { describe, expect, it } from 'vitest';
import {
  isPickupCodeShape,
  normalizePickupCode,
  PICKUP_CODE_ALPHABET,
  trackingLink,
  trackingPatternProblem,
} from './tracking-links';

describe('a carrier’s tracking link', () => {
  it('puts the tracking number where the pattern says, URL-encoded', () => {
    expect(trackingLink('https://giglogistics.com/track?waybill={tracking}', 'GIG-4455')).toBe(
      'https://giglogistics.com/track?waybill=GIG-4455',
    );
    // A number with spaces, slashes or an ampersand cannot break out of its place in the link.
    expect(
      trackingLink('https://www.dhl.com/ng-en/home/tracking.html?tracking-id={tracking}', 'AB 12/3&x=<y>'),
    ).toBe('https://www.dhl.com/ng-en/home/tracking.html?tracking-id=AB%2012%2F3%26x%3D%3Cy%3E');
    expect(trackingLink('https://kwik.delivery/track/{tracking}', 'K/../../admin')).toBe(
      'https://kwik.delivery/track/K%2F..%2F..%2Fadmin',
    );
  });

  it('is none for a carrier without a pattern (the shop’s own rider), or without a number', () => {
    expect(trackingLink('', 'R-1')).toBeNull();
    expect(trackingLink('https://kwik.delivery/track/{tracking}', '  ')).toBeNull();
  });

  it('never builds a link from a pattern that is not a safe https address', () => {
    expect(trackingLink('javascript:alert({tracking})', 'X')).toBeNull();
    expect(trackingLink('http://tracker.example/{tracking}', 'X')).toBeNull();
  });
});

describe('a tracking-link pattern the owner types', () => {
  it.each([
    ['https://giglogistics.com/track?waybill={tracking}', null],
    ['https://kwik.delivery/track/{tracking}', null],
    ['', null],
    ['http://giglogistics.com/track?waybill={tracking}', 'Use an https:// address'],
    ['javascript:alert(1)//{tracking}', 'Use an https:// address'],
    ['https://giglogistics.com/track', 'Put {tracking} where the tracking number goes'],
    ['https://{tracking}', 'Put {tracking} in the address’s path or query, after the site’s name'],
    [
      'https://gig logistics.com/{tracking}',
      'Enter a web address, such as https://carrier.com/track/{tracking}',
    ],
  ])('%s → %s', (pattern, problem) => {
    expect(trackingPatternProblem(pattern)).toBe(problem);
  });
});

describe('a pickup code', () => {
  it('uses no letters or digits that look alike', () => {
    for (const lookalike of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B'])
      expect(PICKUP_CODE_ALPHABET).not.toContain(lookalike);
  });

  it('is read as typed however the staff spaced or cased it', () => {
    expect(normalizePickupCode(' k7m 4qx ')).toBe('K7M4QX');
    expect(normalizePickupCode('k7m-4qx')).toBe('K7M4QX');
    expect(isPickupCodeShape('K7M4QX')).toBe(true);
    expect(isPickupCodeShape('K7M4Q')).toBe(false);
    expect(isPickupCodeShape('K7M4Q0')).toBe(false);
  });
});
