import type { Reporter, TestModule } from 'vitest/node';

/**
 * The browser suite must never pass by not running: a skipped, todo or never-run test fails the whole run,
 * so a missing browser or a failing hook cannot turn into a quiet green.
 */
export class NoSkippedTestsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const notRun: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'skipped' || state === 'pending')
          notRun.push(`${module.relativeModuleId} > ${test.fullName} (${state})`);
      }
    }
    if (notRun.length === 0) return;
    process.stderr.write(
      `\n[e2e] ${notRun.length} test(s) did not run; the browser suite does not allow skipping:\n` +
        notRun.map((name) => `  - ${name}`).join('\n') +
        '\n',
    );
    process.exitCode = 1;
  }
}
