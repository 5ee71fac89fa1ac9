import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, paystackKeyProblems } from './config';

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, embedded database, sandbox payments', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.flutterwave).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reports every bad value at once, each with what is expected', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nobody', FLW_PUBLIC_KEY: 'pk' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT must be a whole number between 1 and 65535 \(got "eighty"\)/);
      expect(problems).toMatch(/DATABASE_URL must be a URL starting with postgres: or postgresql:/);
      expect(problems).toMatch(/ADMIN_EMAIL must be an e-mail address/);
      expect(problems).toMatch(/FLW_SECRET_KEY.*must be set together/);
    }
  });

  it('never echoes a secret value in its message', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short-secret' })).toThrow(
      /SESSION_SECRET must be at least 32 characters long$/m,
    );
    try {
      loadConfig({ SESSION_SECRET: 'short-secret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('short-secret');
    }
  });

  it('SHOP_KEY: optional, at least 32 characters, never echoed', () => {
    expect(loadConfig({}).shopKey).toBeUndefined();
    expect(loadConfig({ SHOP_KEY: 'k'.repeat(32) }).shopKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ SHOP_KEY: 'short-shop-key' })).toThrow(
      /SHOP_KEY must be at least 32 characters long$/m,
    );
  });

  it("TRUST_PROXY: off by default; true, a hop count, or the load balancer's addresses", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['yes', '11', '10.0.0.0/33', '300.1.1.1', 'lb.example.ng', '10.0.0.1,,nope']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY must be false, true, a number/,
      );
    }
  });
});

describe('paystackKeyProblems', () => {
  const secret = 'sk_test_4f1c0e2b9a8d7c6b5a4f3e2d1c0b9a8d7c6b5a4f';
  const publicKey = 'pk_test_9a8d7c6b5a4f3e2d1c0b4f1c0e2b9a8d7c6b5a4f';
  const liveSecret = 'sk_live_1c0b9a8d7c6b5a4f4f1c0e2b9a8d7c6b5a4f3e2d';
  const livePublic = 'pk_live_3e2d1c0b4f1c0e2b9a8d7c6b5a4f9a8d7c6b5a4f';

  it('takes a good test pair, a good live pair, or neither', () => {
    expect(paystackKeyProblems(secret, publicKey)).toEqual([]);
    expect(paystackKeyProblems(liveSecret, livePublic)).toEqual([]);
    expect(paystackKeyProblems(undefined, undefined)).toEqual([]);
    expect(paystackKeyProblems('', '')).toEqual([]);
    expect(
      loadConfig({ PAYSTACK_SECRET_KEY: secret, PAYSTACK_PUBLIC_KEY: publicKey }).paystack,
    ).toMatchObject({
      secretKey: secret,
      publicKey,
      apiBase: 'https://api.paystack.co',
      testKeys: true,
    });
    expect(
      loadConfig({ PAYSTACK_SECRET_KEY: liveSecret, PAYSTACK_PUBLIC_KEY: livePublic }).paystack?.testKeys,
    ).toBe(false);
    expect(loadConfig({}).paystack).toBeUndefined();
  });

  it('refuses a public key where the secret goes', () => {
    const problems = paystackKeyProblems(publicKey, publicKey);
    expect(problems).toContainEqual(expect.stringMatching(/PAYSTACK_SECRET_KEY holds a public key \(pk_…\)/));
  });

  it('refuses a secret key where the public key goes, which would reach every browser', () => {
    const problems = paystackKeyProblems(secret, secret);
    expect(problems).toEqual([expect.stringMatching(/PAYSTACK_PUBLIC_KEY holds a secret key \(sk_…\)/)]);
  });

  it('refuses keys of no Paystack kind', () => {
    expect(paystackKeyProblems('FLWSECK_TEST-abc', publicKey)).toEqual([
      expect.stringMatching(/PAYSTACK_SECRET_KEY must be a Paystack secret key/),
    ]);
    expect(paystackKeyProblems(secret, 'not-a-key')).toEqual([
      expect.stringMatching(/PAYSTACK_PUBLIC_KEY must be a Paystack public key/),
    ]);
  });

  it('refuses one half without the other, naming the missing one', () => {
    expect(paystackKeyProblems(secret, undefined)).toEqual([
      expect.stringMatching(/^PAYSTACK_PUBLIC_KEY is missing/),
    ]);
    expect(paystackKeyProblems(undefined, publicKey)).toEqual([
      expect.stringMatching(/^PAYSTACK_SECRET_KEY is missing/),
    ]);
  });

  it('refuses test and live keys mixed', () => {
    expect(paystackKeyProblems(liveSecret, publicKey)).toEqual([
      expect.stringMatching(/PAYSTACK_SECRET_KEY is a live key and PAYSTACK_PUBLIC_KEY a test key/),
    ]);
    expect(paystackKeyProblems(secret, livePublic)).toEqual([
      expect.stringMatching(/PAYSTACK_SECRET_KEY is a test key and PAYSTACK_PUBLIC_KEY a live key/),
    ]);
  });

  it('stops start-up on bad keys, never echoing the secret', () => {
    let error: unknown;
    try {
      loadConfig({ PAYSTACK_SECRET_KEY: liveSecret, PAYSTACK_PUBLIC_KEY: publicKey });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/a live key and PAYSTACK_PUBLIC_KEY a test key/);
    expect((error as ConfigError).message).not.toContain(liveSecret);
  });
});
