import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/fixtures/test-app';
import { createTestPagesApp } from '../../tests/fixtures/test-pages-app';

/** One directive of a Content-Security-Policy header, e.g. "script-src 'self' …". */
function directive(policy: string | undefined, name: string): string {
  return (
    (policy ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? ''
  );
}

describe('the payment providers in the Content-Security-Policy (Paystack and Flutterwave keys set)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestPagesApp({
      seed: true,
      env: {
        PAYSTACK_SECRET_KEY: 'sk_test_csp',
        PAYSTACK_PUBLIC_KEY: 'pk_test_csp',
        FLW_PUBLIC_KEY: 'FLWPUBK_TEST-csp',
        FLW_SECRET_KEY: 'FLWSECK_TEST-csp',
      },
    });
  }, 120_000);
  afterAll(async () => test?.close());

  const policyOf = async (url: string) => {
    const response = await test.app.inject({ method: 'GET', url });
    return response.headers['content-security-policy'];
  };

  it('leaves them out of a page that opens no payment', async () => {
    for (const url of ['/', '/cart', '/about']) {
      const policy = await policyOf(url);
      expect(policy, url).toContain("script-src 'self'");
      expect(policy, url).not.toContain('paystack');
      expect(policy, url).not.toContain('flutterwave');
    }
  });

  it("lets the checkout load Paystack's script, frame its checkout and call its API", async () => {
    const policy = await policyOf('/checkout');
    expect(directive(policy, 'script-src')).toContain('https://js.paystack.co');
    expect(directive(policy, 'frame-src')).toContain('https://checkout.paystack.com');
    expect(directive(policy, 'connect-src')).toContain('https://api.paystack.co');
    expect(directive(policy, 'script-src')).toContain('https://checkout.flutterwave.com');
    // Still a nonce policy: the page's own inline scripts run, nothing else inline does.
    expect(directive(policy, 'script-src')).toMatch(/'nonce-[^']+'/);
  });

  it('lets the pages with Pay now pay too: an order page, the guest order link and the success page', async () => {
    for (const url of ['/orders/RS-0', '/orderdetails/RS-0?key=abc', '/order-success?order=RS-0', '/orders'])
      expect(directive(await policyOf(url), 'script-src'), url).toContain('https://js.paystack.co');
    expect(await policyOf('/orders/RS-0/return')).not.toContain('paystack');
  });

  it('keeps the API answers on their own policy', async () => {
    const policy = await policyOf('/api/health');
    expect(policy).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("gives a cached page's policy the same rule", () => {
    expect(test.app.contentSecurityPolicy(["'sha256-x'"], '/products')).not.toContain('paystack');
    const checkout = test.app.contentSecurityPolicy(["'sha256-x'"], '/checkout');
    expect(directive(checkout, 'script-src')).toBe(
      "script-src 'self' 'sha256-x' https://checkout.flutterwave.com https://api.flutterwave.com https://checkout-v3-ui-prod.f4b-flutterwave.com https://js.paystack.co",
    );
  });
});

describe('the Content-Security-Policy without provider keys (TEST MODE)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestPagesApp({ seed: false });
  }, 120_000);
  afterAll(async () => test?.close());

  it("names no provider's host, even on the checkout: the sandbox's script is the shop's own", async () => {
    const response = await test.app.inject({ method: 'GET', url: '/checkout' });
    const policy = response.headers['content-security-policy'] as string;
    expect(directive(policy, 'script-src')).toMatch(/^script-src 'self' 'nonce-[^']+'$/);
    expect(directive(policy, 'frame-src')).toBe("frame-src 'self'");
  });
});
