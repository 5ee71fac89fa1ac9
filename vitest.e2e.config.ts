import { defineConfig } from 'vitest/config';
import { NoSkippedTestsReporter } from './tests/e2e/no-skips-reporter';

/**
 * Browser and HTTP tests against one production server built from build/ (see tests/e2e/global-setup.ts).
 * Run with `npm run test:e2e`, or `npx react-router build && npx vitest run --config vitest.e2e.config.ts`.
 */
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
    // A page's answer to a tap can take a few seconds on a busy 2-core machine (two browsers, the
    // shop and its database): an expect.poll waits up to 10 s, not vitest's default second.
    expect: { poll: { timeout: 10_000 } },
    passWithNoTests: false,
    allowOnly: false,
    reporters: ['default', new NoSkippedTestsReporter()],
  },
});
