/**
 * Probes of the pages a shopper's browser loads, with Paystack's keys set and without: Paystack's
 * hosts (script, checkout frame, API) are allowed only on the documents that open a payment, never
 * on the shop's other pages or the dashboard, and nowhere at all without Paystack keys; the secret
 * key never appears in any page's HTML, whatever page is asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';

const SECRET = 'sk_test_page0probe0secret0never0shown';
const PUBLIC = 'pk_test_page0probe0public';
const PAYSTACK_HOSTS = ['js.paystack.co', 'checkout.paystack.com', 'api.paystack.co'];

/** Pages that open no payment: the front, the catalogue, a product, the account, the dashboard, a missing page. */
const OTHER_PAGES = ['/', '/products', '/product/1', '/profile', '/account', '/admin', '/cart', '/login'];
const PAYMENT_PAGES = ['/checkout', '/orders', '/orders/RS-1', '/orderdetails/RS-1?key=x', '/order-success'];

function directive(policy: string, name: string): string {
  return (
    policy
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ''
  );
}

async function page(test: TestApp, url: string) {
  const answer = await test.app.inject({ method: 'GET', url });
  return {
    status: answer.statusCode,
    body: answer.body,
    policy: String(answer.headers['content-security-policy'] ?? ''),
  };
}

describe('with Paystack keys', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestPagesApp({
      seed: true,
      env: { PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_PUBLIC_KEY: PUBLIC },
    });
  }, 120_000);
  afterAll(async () => test?.close());

  it("keeps Paystack's hosts off every page that opens no payment", async () => {
    for (const url of [...OTHER_PAGES, '/orders/RS-1/return', '/checkout.data', '/products?next=/checkout']) {
      const { policy } = await page(test, url);
      expect(policy, url).toContain("script-src 'self'");
      for (const host of PAYSTACK_HOSTS) expect(policy, url).not.toContain(host);
    }
  });

  it("lets the checkout and the pages with Pay now load Paystack's script, frame and API", async () => {
    for (const url of PAYMENT_PAGES) {
      const { policy } = await page(test, url);
      expect(directive(policy, 'script-src'), url).toContain('https://js.paystack.co');
      expect(directive(policy, 'frame-src'), url).toContain('https://checkout.paystack.com');
      expect(directive(policy, 'connect-src'), url).toContain('https://api.paystack.co');
      // Only Paystack: no other provider's host rides along.
      expect(policy, url).not.toContain('flutterwave');
    }
  });

  it('never puts the secret key in any page', async () => {
    for (const url of ['/', '/products', '/checkout']) {
      const { status, body } = await page(test, url);
      expect(status, url).toBe(200);
      expect(body, url).toContain('</html>');
    }
    for (const url of [...OTHER_PAGES, ...PAYMENT_PAGES]) {
      const { body, policy } = await page(test, url);
      expect(body, url).not.toContain(SECRET);
      expect(policy, url).not.toContain(SECRET);
    }
  });
});

describe('without Paystack keys', () => {
  for (const [name, env] of [
    ['TEST MODE (no keys)', {}],
    [
      'Flutterwave alone',
      { FLW_PUBLIC_KEY: 'FLWPUBK_TEST-page-probe', FLW_SECRET_KEY: 'FLWSECK_TEST-page-probe' },
    ],
  ] as const) {
    describe(name, () => {
      let test: TestApp;
      beforeAll(async () => {
        test = await createTestPagesApp({ seed: true, env: { ...env } });
      }, 120_000);
      afterAll(async () => test?.close());

      it("names Paystack's hosts on no page, the checkout included", async () => {
        for (const url of [...OTHER_PAGES, ...PAYMENT_PAGES]) {
          const { policy } = await page(test, url);
          expect(policy, url).toContain("script-src 'self'");
          expect(policy, url).not.toContain('paystack');
        }
      });
    });
  }
});
