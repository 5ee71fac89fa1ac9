import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { rateLimitsPlugin } from './rate-limits';

const rule = { name: `test-${Date.now()}`, limit: 3, windowMs: 60_000 };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function limiter(redisUrl?: string) {
  const app = Fastify();
  await app.register(rateLimitsPlugin, { redisUrl });
  await app.ready();
  return app;
}

async function attempts(app: Awaited<ReturnType<typeof limiter>>, key: string, times: number) {
  const outcomes: (number | 'ok')[] = [];
  for (let index = 0; index < times; index++) {
    outcomes.push(
      await app.rateLimiter.hit(rule, key).then(
        () => 'ok' as const,
        (error: unknown) => (error instanceof AppError ? error.status : -1),
      ),
    );
  }
  return outcomes;
}

describe('rate limits', () => {
  it('allows the limit, then answers 429, per key', async () => {
    const app = await limiter();
    expect(await attempts(app, 'a@example.ng', 4)).toEqual(['ok', 'ok', 'ok', 429]);
    expect(await attempts(app, 'b@example.ng', 1)).toEqual(['ok']);
    await app.close();
  });

  it('counts across processes through Redis', async () => {
    if (!(await reachable(REDIS_URL)))
      throw new Error(`This test needs Redis at ${REDIS_URL} (set TEST_REDIS_URL).`);
    const first = await limiter(REDIS_URL);
    const second = await limiter(REDIS_URL);
    const key = `shared-${Date.now()}@example.ng`;
    expect(await attempts(first, key, 2)).toEqual(['ok', 'ok']);
    expect(await attempts(second, key, 2)).toEqual(['ok', 429]);
    await first.close();
    await second.close();
  });
});
