import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../../core/errors';
import type { RateLimiter } from '../../core/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

interface Counter {
  count: number;
  resetAt: number;
}

function memoryStore() {
  const counters = new Map<string, Counter>();
  return async (key: string, windowMs: number): Promise<Counter> => {
    const now = Date.now();
    let counter = counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      counters.set(key, counter);
      if (counters.size > 50_000) {
        for (const [name, value] of counters) if (value.resetAt <= now) counters.delete(name);
      }
    }
    counter.count++;
    return { ...counter };
  };
}

function redisStore(redis: Redis) {
  return async (key: string, windowMs: number): Promise<Counter> => {
    const results = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
    const count = Number(results?.[0]?.[1] ?? 1);
    const ttl = Number(results?.[2]?.[1] ?? windowMs);
    return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
  };
}

export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
  }
}

/**
 * Fixed-window counters for abuse-prone actions (sign-in, reset, tracking, reviews), kept in Redis
 * when REDIS_URL is set so every process counts together, else in this process's memory.
 * Browsing and checkout are not limited: many shoppers share one carrier-NAT address.
 */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, options: { redisUrl?: string | undefined }) => {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      const { Redis: RedisClient } = await import('ioredis');
      redis = new RedisClient(options.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      });
      redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
      const client = redis;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          app.log.warn('Redis did not answer within 3 s: rate limits are counted per process until it does');
          resolve();
        }, 3000);
        client.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      app.addHook('onClose', async () => {
        await redis?.quit().catch(() => {});
      });
    }
    const count = redis ? redisStore(redis) : memoryStore();
    const fallback = memoryStore();

    app.decorate('rateLimiter', {
      async hit(rule, key) {
        const name = `rl:${rule.name}:${key.toLowerCase()}`;
        // If Redis is unreachable, limits still hold per process rather than not at all.
        const counter = await count(name, rule.windowMs).catch(() => fallback(name, rule.windowMs));
        if (counter.count > rule.limit)
          throw new RateLimitedError(Math.max(1, Math.ceil((counter.resetAt - Date.now()) / 1000)));
      },
    } satisfies RateLimiter);
  },
);
