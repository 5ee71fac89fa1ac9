import { defineConfig } from 'vitest/config';

/**
 * Suites that start the shop as real processes (tests/system): faults and scale-out. They need the
 * production build (npm run build) and PostgreSQL (TEST_DATABASE_URL, or the local server); the
 * scale-out suite also needs Redis (REDIS_URL, default redis://127.0.0.1:6379).
 */
export default defineConfig({
  test: {
    include: ['tests/system/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
