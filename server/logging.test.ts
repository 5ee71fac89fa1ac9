import { describe, expect, it } from 'vitest';
import { prettyMessage, redactUrlSecrets } from './logging';

describe('the terminal log', () => {
  it('reads a request as one line: method, path, status, time, then what happened', () => {
    expect(
      prettyMessage({
        msg: 'slow request',
        req: { method: 'GET', url: '/products?category=totes' },
        res: { statusCode: 200 },
        responseTime: 1234.56,
      }),
    ).toBe('GET /products?category=totes 200 1235 ms  slow request');
    expect(prettyMessage({ msg: 'Server listening' })).toBe('Server listening');
  });

  it('never shows a link secret', () => {
    expect(redactUrlSecrets('/order/ORD-1?key=abc123&x=1')).toBe('/order/ORD-1?key=[redacted]&x=1');
    expect(redactUrlSecrets('/reset-password?token=zzz')).toBe('/reset-password?token=[redacted]');
  });

  it('knows a secret by its decoded name, as the shop reads it', () => {
    expect(redactUrlSecrets('/orders/ORD-1?%6Bey=abc123')).toBe('/orders/ORD-1?%6Bey=[redacted]');
    expect(redactUrlSecrets('/orders/ORD-1?x=1&%6B%65%79=abc123')).toBe(
      '/orders/ORD-1?x=1&%6B%65%79=[redacted]',
    );
    expect(redactUrlSecrets('/reset-password?to%6Ben=zzz&q=bag')).toBe(
      '/reset-password?to%6Ben=[redacted]&q=bag',
    );
    expect(redactUrlSecrets('/x?reset_TOKEN=a;order-key=b')).toBe(
      '/x?reset_TOKEN=[redacted];order-key=[redacted]',
    );
    expect(redactUrlSecrets('/x?key[]=a&key=b&key=c')).toBe(
      '/x?key[]=[redacted]&key=[redacted]&key=[redacted]',
    );
    expect(redactUrlSecrets('/x?%E0%6Bey=a')).toBe('/x?%E0%6Bey=[redacted]');
  });

  it('leaves everything else as it came', () => {
    for (const url of [
      '/products?q=bag&page=2',
      '/search?q=key%3Dvalue',
      '/a?keyword=x',
      '/',
      '/x?',
      '/x?key',
      '/x?=v&&',
    ])
      expect(redactUrlSecrets(url)).toBe(url);
  });
});
