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
});
