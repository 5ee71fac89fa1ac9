import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
