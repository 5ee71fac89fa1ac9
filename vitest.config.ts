import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'build/**', 'data/**', 'tests/e2e/**', 'tests/system/**'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a test waits for in the background (a job's pass, a mail handed on) can take seconds on a
    // busy machine: an expect.poll waits up to 5 s, not vitest's default second.
    expect: { poll: { timeout: 5_000 } },
  },
});
