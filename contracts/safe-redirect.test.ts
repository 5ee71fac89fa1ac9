import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const FALLBACK = '/profile';

describe('safeRedirect: a path on this shop, or the fallback', () => {
  it.each([
    ['/orders', '/orders'],
    ['/product/1001', '/product/1001'],
    ['/admin?tab=orders', '/admin?tab=orders'],
    ['/notifications?filter=unread#top', '/notifications?filter=unread#top'],
    ['/search?q=agbada%20set', '/search?q=agbada%20set'],
    ['/a/../orders', '/orders'],
  ])('keeps %j as %j', (input, expected) => {
    expect(safeRedirect(input, FALLBACK)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    42,
    '',
    'orders',
    'https://evil.test',
    'http:/evil.test',
    '//evil.test',
    '///evil.test',
    '/\\evil.test',
    '\\\\evil.test',
    '/\t/evil.test',
    '/%09/evil.test',
    '/%0a/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
    '/orders\nSet-Cookie: a=b',
    '/orders%0d%0aSet-Cookie:%20a=b',
    '/%2F/evil.test',
    '/%2f%2fevil.test',
    '/%5Cevil.test',
    '/%255Cevil.test',
    '/%25252F/evil.test',
    '/ /evil.test',
    '/\u00a0/evil.test',
    '/\u2028/evil.test',
    '/\u200b/evil.test',
    '/\u0000',
    '/%00',
    '/a/..//evil.test',
    '/.//evil.test',
    '/%E0%A4%A',
    'javascript:alert(1)',
    '/' + 'a'.repeat(3000),
  ])('refuses %j', (input) => {
    expect(safeRedirect(input, FALLBACK)).toBe(FALLBACK);
  });
});
