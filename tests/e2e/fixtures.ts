import AxeBuilder from '@axe-core/playwright';
import type { Result as AxeResult } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumLaunchOptions } from './browser';

export const VIEWPORTS = {
  375: { width: 375, height: 812 },
  1280: { width: 1280, height: 900 },
} as const;

export type Width = keyof typeof VIEWPORTS;
export const WIDTHS = [375, 1280] as const satisfies readonly Width[];

/** The server started by global-setup.ts. */
export function baseUrl(): string {
  const url = inject('baseUrl');
  if (!url)
    throw new Error(
      'No baseUrl was provided: run these tests with `vitest run --config vitest.e2e.config.ts`.',
    );
  return url;
}

export function url(path: string): string {
  return new URL(path, baseUrl()).href;
}

let browserPromise: Promise<Browser> | undefined;

/**
 * One Chromium per test file, started by the first test that needs it.
 * A launch failure is thrown from inside every test that asks for the browser, so each of them FAILS with the
 * launch error: nothing here is ever skipped.
 */
export function getBrowser(): Promise<Browser> {
  browserPromise ??= chromium.launch(chromiumLaunchOptions()).catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    // The message already carries Playwright's launch log; no `cause`, so the report shows it once.
    throw new Error(`Chromium could not be launched, so the browser tests cannot run:\n${message}`);
  });
  return browserPromise;
}

export async function closeBrowser(): Promise<void> {
  const pending = browserPromise;
  browserPromise = undefined;
  if (!pending) return;
  const browser = await pending.catch(() => undefined);
  await browser?.close();
}

export interface PageProblems {
  /** console.error calls, uncaught exceptions and CSP reports, each with where it came from. */
  consoleErrors: string[];
  /** Same-origin responses with status 4xx/5xx, and same-origin requests that failed outright. */
  failedRequests: string[];
}

export interface OpenPageOptions {
  /** Paths (pathname only) expected to answer 4xx, such as a deliberate 404 page: not counted as problems. */
  expectedErrorPaths?: string[];
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  problems: PageProblems;
  /** Every problem seen so far, one per line; empty when the page behaved. */
  problemReport(): string[];
  close(): Promise<void>;
}

/** A fresh browser context (empty cart and storage) with one page at the given width. */
export async function openPage(width: Width, options: OpenPageOptions = {}): Promise<OpenedPage> {
  const browser = await getBrowser();
  const origin = new URL(baseUrl()).origin;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: VIEWPORTS[width],
    isMobile: width === 375,
    hasTouch: width === 375,
    deviceScaleFactor: 1,
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], failedRequests: [] };
  const expected = new Set(options.expectedErrorPaths ?? []);
  const isExpected = (address: string) => {
    try {
      const parsed = new URL(address);
      return parsed.origin === origin && expected.has(parsed.pathname);
    } catch {
      return false;
    }
  };
  const sameOrigin = (address: string) => {
    try {
      return new URL(address).origin === origin;
    } catch {
      return false;
    }
  };

  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    // Chromium reports every 4xx as "Failed to load resource"; a deliberate 404 page is not a problem.
    if (message.text().startsWith('Failed to load resource') && isExpected(where)) return;
    problems.consoleErrors.push(`console.error: ${message.text()}${where ? ` (at ${where})` : ''}`);
  });
  page.on('pageerror', (error) => {
    problems.consoleErrors.push(`uncaught exception: ${error.stack ?? error.message}`);
  });
  page.on('response', (response) => {
    const address = response.url();
    if (response.status() < 400 || !sameOrigin(address) || isExpected(address)) return;
    problems.failedRequests.push(`${response.status()} ${response.request().method()} ${address}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? 'unknown error';
    // Requests the page itself abandoned (a navigation away, a replaced image) are not failures.
    if (!sameOrigin(request.url()) || failure.includes('ERR_ABORTED')) return;
    problems.failedRequests.push(`request failed (${failure}): ${request.method()} ${request.url()}`);
  });

  return {
    page,
    context,
    problems,
    problemReport: () => [...problems.consoleErrors, ...problems.failedRequests],
    close: () => context.close(),
  };
}

/**
 * Waits until React has hydrated the page, so clicks reach their handlers.
 * React keeps the root fiber on the document (hydrateRoot(document, …)); it is "dehydrated" until the first commit.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const key = Object.keys(document).find((name) => name.startsWith('__reactContainer$'));
      if (!key) return false;
      const fiber = (
        document as unknown as Record<
          string,
          { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }
        >
      )[key];
      const state = fiber?.stateNode?.current?.memoizedState;
      if (state && typeof state.isDehydrated === 'boolean') return !state.isDehydrated;
      // Unknown React internals: fall back to "the main landmark has been claimed by React".
      const main = document.querySelector('main');
      return Boolean(main && Object.keys(main).some((name) => name.startsWith('__reactFiber$')));
    },
    undefined,
    { timeout: 20_000 },
  );
}

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export function formatViolation(violation: AxeResult): string {
  const targets = violation.nodes.slice(0, 3).map((node) => node.target.map(String).join(' >> '));
  const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
  return `${violation.id} [${violation.impact ?? 'n/a'}]: ${violation.help} — ${targets.join(' | ')}${more}`;
}

/** The page's WCAG 2.2 AA violations, one readable line each; empty when axe finds none. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map(formatViolation);
}
