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
    // A test that renders pages starts a Vite dev server, whose React Router plugin writes the route
    // types again in the background, removing .react-router/types first: two test files starting at
    // once race on that folder (ENOTEMPTY from rmdir). No test reads those types (`npm run typecheck`
    // makes its own), so only that error, on that folder, is not counted against the run.
    onUnhandledError(error) {
      const { code, path } = error as { code?: unknown; path?: unknown };
      const typesFolder = typeof path === 'string' && path.includes('.react-router/types');
      if (typesFolder && (code === 'ENOTEMPTY' || code === 'ENOENT' || code === 'EEXIST')) return false;
    },
  },
});
