import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { AppError } from '../../core/errors';
import type { RateLimiter, RateLimitRule } from '../../core/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

interface Counter {
  count: number;
  resetAt: number;
}

interface Store {
  /** Adds one to the counter and returns it. */
  increment(key: string, windowMs: number): Promise<Counter>;
  /** The counter as it stands (zero when there is none). */
  read(key: string): Promise<Counter>;
  /** Takes one off a counter that exists (never below zero, never making one). */
  decrement(key: string): Promise<void>;
}

function memoryStore(): Store {
  const counters = new Map<string, Counter>();
  const increment = async (key: string, windowMs: number): Promise<Counter> => {
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
  const read = async (key: string): Promise<Counter> => {
    const counter = counters.get(key);
    return counter && counter.resetAt > Date.now() ? { ...counter } : { count: 0, resetAt: Date.now() };
  };
  const decrement = async (key: string): Promise<void> => {
    const counter = counters.get(key);
    if (counter && counter.count > 0) counter.count--;
  };
  return { increment, read, decrement };
}

function redisStore(redis: Redis): Store {
  return {
    async increment(key, windowMs) {
      const results = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
      const count = Number(results?.[0]?.[1] ?? 1);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
    async read(key) {
      const results = await redis.multi().get(key).pttl(key).exec();
      const count = Number(results?.[0]?.[1] ?? 0);
      const ttl = Number(results?.[1]?.[1] ?? 0);
      return { count: Number.isFinite(count) ? count : 0, resetAt: Date.now() + (ttl > 0 ? ttl : 0) };
    },
    async decrement(key) {
      // One script, so a counter that lapses meanwhile is not made again without its expiry.
      await redis.eval(
        "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0",
        1,
        key,
      );
    },
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
    const store = redis ? redisStore(redis) : memoryStore();
    // If Redis is unreachable, limits still hold per process rather than not at all.
    const fallback = memoryStore();
    const counterName = (rule: RateLimitRule, key: string) => `rl:${rule.name}:${key.toLowerCase()}`;
    const limited = (counter: Counter) =>
      new RateLimitedError(Math.max(1, Math.ceil((counter.resetAt - Date.now()) / 1000)));

    app.decorate('rateLimiter', {
      async hit(rule, key) {
        const name = counterName(rule, key);
        const counter = await store
          .increment(name, rule.windowMs)
          .catch(() => fallback.increment(name, rule.windowMs));
        if (counter.count > rule.limit) throw limited(counter);
      },
      async check(rule, key) {
        const name = counterName(rule, key);
        const counter = await store.read(name).catch(() => fallback.read(name));
        if (counter.count >= rule.limit) throw limited(counter);
      },
      async forgive(rule, key) {
        const name = counterName(rule, key);
        await store.decrement(name).catch(() => fallback.decrement(name));
      },
    } satisfies RateLimiter);
  },
);
