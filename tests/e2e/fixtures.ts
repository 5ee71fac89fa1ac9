import { randomBytes, randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Result as AxeResult } from 'axe-core';
import pg from 'pg';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
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

/** The administrator the server created on its first start (see global-setup.ts). */
export function adminCredentials(): { email: string; password: string } {
  const email = inject('adminEmail');
  const password = inject('adminPassword');
  if (!email || !password)
    throw new Error('No admin credentials were provided: run these tests with the e2e config.');
  return { email, password };
}

/** The server's PostgreSQL database, or null when it runs on the embedded PGlite (no PostgreSQL was reachable). */
export function databaseUrl(): string | null {
  return inject('databaseUrl') ?? null;
}

/**
 * The server's PostgreSQL database; throws, saying why, when the server runs on the embedded PGlite. Call it at
 * the start of a test that will read the database, so it fails at once rather than half-way.
 */
export function requireDatabase(purpose: string): string {
  const connectionString = databaseUrl();
  if (!connectionString)
    throw new Error(
      `This test needs PostgreSQL for ${purpose}, but the server runs on the embedded PGlite, which another ` +
        'process cannot open. Set TEST_DATABASE_URL (a PostgreSQL server where the user may CREATE DATABASE), ' +
        'or run PostgreSQL at postgres://postgres@127.0.0.1:5432/postgres.',
    );
  return connectionString;
}

/**
 * Runs one SQL statement on the server's database. Needs the PostgreSQL database the global setup creates:
 * the embedded PGlite cannot be opened by a second process while the server runs, so without PostgreSQL this
 * FAILS (never skips) and says why.
 */
export async function queryDatabase<Row extends Record<string, unknown>>(
  purpose: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const connectionString = requireDatabase(purpose);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: Date;
}

/** The newest e-mail in the shop's outbox to `to` (every e-mail is kept there when SMTP is not set up). */
export async function newestMailTo(to: string): Promise<OutboxMail | undefined> {
  const rows = await queryDatabase<OutboxMail & Record<string, unknown>>(
    'reading the e-mail outbox',
    'SELECT "to", subject, text, html, created_at FROM outbox WHERE "to" = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
    [to],
  );
  return rows[0];
}

/**
 * The path and query of the newest confirmation link (/verify-email?token=…) e-mailed to `email`, read from the
 * outbox on PostgreSQL; waits for it to arrive.
 */
export async function verificationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = await newestMailTo(email.trim().toLowerCase());
        link = /\/verify-email\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
        return Boolean(link);
      },
      { message: `a confirmation e-mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

/**
 * After the /register form was sent: the page says to check the inbox, then the link from the e-mail (read from
 * the outbox) opens a page whose "Confirm my e-mail" button confirms the address and signs the shopper in, and
 * "Start shopping" ends on /, signed in.
 */
export async function finishSignUpInBrowser(page: Page, email: string): Promise<void> {
  await main(page).getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await main(page).getByText(`we sent a link to ${email.trim().toLowerCase()}`).waitFor();
  requireDatabase('reading the confirmation e-mail from the outbox');
  await visit(page, await verificationLinkFor(email));
  await main(page).getByRole('button', { name: 'Confirm my e-mail' }).click();
  await page.waitForURL(isAt('/verify-email', { confirmed: 'account' }));
  await main(page).getByRole('link', { name: 'Start shopping' }).click();
  await page.waitForURL(isAt('/'));
  await waitForHydration(page);
}

/**
 * Signs a shopper up through the REST API, as the form does, from an address of their own, and follows the
 * e-mailed link (from the outbox): returns their bearer token. Given a browser context, the sign-up and the
 * link go through it, so it holds the session cookie too.
 */
export async function signUpThroughApi(
  shopper: { name: string; email: string; password: string },
  context?: BrowserContext,
): Promise<{ token: string }> {
  requireDatabase('reading the confirmation e-mail from the outbox');
  const post = async (
    path: string,
    body: object,
  ): Promise<{ status: number; body: Record<string, unknown> }> => {
    if (context) {
      const response = await context.request.post(path, { data: body, headers: shopperAddress() });
      return { status: response.status(), body: (await response.json()) as Record<string, unknown> };
    }
    const response = await fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shopperAddress() },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const started = await post('/api/signup', shopper);
  expect(started.status, `POST /api/signup: ${JSON.stringify(started.body)}`).toBe(202);
  const token = new URL(await verificationLinkFor(shopper.email), baseUrl()).searchParams.get('token');
  const confirmed = await post('/api/email/verify', { token });
  expect(confirmed.status, `POST /api/email/verify: ${JSON.stringify(confirmed.body)}`).toBe(200);
  return { token: confirmed.body.token as string };
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
  /**
   * The shop's service worker. Blocked unless a test is about it (tests/e2e/offline.e2e.ts): a page
   * under a service worker sends its requests through it, and Playwright's page.route, which other
   * journeys use to hold a request, does not see those.
   */
  serviceWorkers?: 'allow' | 'block';
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
    serviceWorkers: options.serviceWorkers ?? 'block',
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

export function formatViolation(violation: AxeResult): string {
  const targets = violation.nodes.slice(0, 3).map((node) => node.target.map(String).join(' >> '));
  const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
  return `${violation.id} [${violation.impact ?? 'n/a'}]: ${violation.help} — ${targets.join(' | ')}${more}`;
}

/**
 * Every violation axe finds on the page, one readable line each, empty when there is none: all of
 * its rules, best practices included (landmarks, heading order), not only WCAG's tagged ones.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(formatViolation);
}

/**
 * Runs a test body on a fresh page, always closing it; the body checks the page's problems.
 * `expectedErrorPaths` are the endpoints a journey deliberately makes answer 4xx (a wrong password, a
 * refused form): those responses, and Chromium's "Failed to load resource" line for them, are not problems.
 */
export async function withPage(
  width: Width,
  body: (opened: OpenedPage) => Promise<void>,
  expectedErrorPaths: string[] = [],
  options: Omit<OpenPageOptions, 'expectedErrorPaths'> = {},
) {
  const opened = await openPage(width, { expectedErrorPaths, ...options });
  try {
    await body(opened);
  } finally {
    await opened.close();
  }
}

/** Every refused POST of the page, as "status pathname", in order, so a journey can state exactly which refusals it expects. */
export function refusedPosts(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response) => {
    if (response.request().method() !== 'POST' || response.status() < 400) return;
    seen.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return seen;
}

export const pathIs = (pathname: string | RegExp) => (address: URL) =>
  typeof pathname === 'string' ? address.pathname === pathname : pathname.test(address.pathname);

export function isAt(pathname: string, query: Record<string, string> = {}) {
  return (address: URL) =>
    address.pathname === pathname &&
    Object.entries(query).every(([name, value]) => address.searchParams.get(name) === value);
}

export async function visit(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path} status`).toBe(status);
  await waitForHydration(page);
}

export const main = (page: Page) => page.locator('main');

/** A tag no other test run uses, e.g. for a search marker: `<tag>-<time>-<random>`. */
export function uniqueTag(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/**
 * The address a test shopper's API call comes from (the shop trusts X-Forwarded-For from its proxy):
 * each sign-up through the API arrives from an address of its own, as real shoppers' do, so the
 * per-address sign-up limit meets the browser tests' many shoppers only through the form.
 */
export function shopperAddress(): { 'x-forwarded-for': string } {
  const [a, b] = randomBytes(2);
  return { 'x-forwarded-for': `198.18.${a}.${(b! % 254) + 1}` };
}

/** An e-mail address no other account or message uses. */
export function uniqueEmail(tag: string): string {
  return `${uniqueTag(tag)}@example.test`;
}

/** The admin's REST API, as the dashboard calls it: a JSON body when given, the administrator's bearer token. */
export async function asAdmin(path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(url(path), {
    method,
    headers: {
      authorization: `Bearer ${await adminApiToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

let adminSession: Promise<string> | undefined;

/**
 * The administrator's session token (a bearer token for the REST API), signed in once per file through the
 * API: sign-in is limited to ten attempts per account in 15 minutes, and the whole browser suite shares one
 * administrator.
 */
export function adminApiToken(): Promise<string> {
  adminSession ??= (async () => {
    const response = await fetch(url('/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(adminCredentials()),
    });
    const body = (await response.json()) as { token: string };
    expect(response.status, `POST /api/login: ${JSON.stringify(body)}`).toBe(200);
    return body.token;
  })();
  return adminSession;
}

/** The administrator's session cookie, as a signed-in browser has it. */
export async function adminSessionCookie(): Promise<{ name: string; value: string; url: string }> {
  return { name: 'rossy_session', value: await adminApiToken(), url: url('/') };
}

/** Opens a dashboard page with the administrator's session cookie, without going through the sign-in form. */
export async function openAsAdmin(page: Page, target: string): Promise<void> {
  await page.context().addCookies([await adminSessionCookie()]);
  await visit(page, target);
  await page.getByText('ADMIN MODE', { exact: true }).waitFor();
}

/**
 * Signs in as the administrator through the sign-in form the guard sends a guest to from `redirectTo`, then
 * shows `redirectTo`. An admin lands on the dashboard, or on the admin page they were sent from (SPEC.md
 * section 6).
 */
export async function signInAsAdmin(page: Page, redirectTo = '/admin'): Promise<void> {
  const admin = adminCredentials();
  await page.goto(redirectTo);
  await page.waitForURL(isAt('/login', { redirectTo }));
  await waitForHydration(page);
  await main(page).getByLabel('Email', { exact: true }).fill(admin.email);
  await main(page).getByLabel('Password', { exact: true }).fill(admin.password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((address) => address.pathname === '/admin' || address.pathname.startsWith('/admin/'));
  await waitForHydration(page);
  if (redirectTo !== '/admin') await visit(page, redirectTo);
}

/**
 * Active products in stock, most units first, as the admin sees them (the shop itself shows exact
 * counts only below five): for tests that place orders and must never run a product out.
 */
export async function mostStockedProducts(): Promise<{ id: number; stockCount: number }[]> {
  const token = await adminApiToken();
  const response = await fetch(url('/api/admin/products?stock=in_stock&pageSize=100'), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status, 'GET /api/admin/products').toBe(200);
  const page = (await response.json()) as { items: { id: number; stockCount: number }[] };
  return [...page.items].sort((a, b) => b.stockCount - a.stockCount);
}

let orderable: Promise<{ id: number; size: string | null }> | undefined;

/** An in-stock product with plenty of stock, so these orders never run it out. */
export function orderableProduct(): Promise<{ id: number; size: string | null }> {
  orderable ??= (async () => {
    const best = (await mostStockedProducts())[0];
    if (!best) throw new Error('No product in stock to order');
    const detail = (await (await fetch(url(`/api/products/${best.id}`))).json()) as {
      id: number;
      sizes: string[];
    };
    return { id: detail.id, size: detail.sizes[0] ?? null };
  })();
  return orderable;
}

/**
 * Makes a bank-transfer order just placed one paid into the shop's own account, with an RC reference
 * to match the money by hand, as the shop places it while "An account number for each order" is off.
 * The shop-wide setting itself is never turned off for it: journeys run two at a time, and an order
 * another journey placed (or an account it opened) in that instant would change with it.
 */
export async function paidIntoShopAccount(orderNumber: string): Promise<void> {
  const reference = `RC${String(Date.now()).slice(-8)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  const changed = await queryDatabase(
    "making an order one paid into the shop's own account",
    `UPDATE orders SET bank_reference = $2
      WHERE number = $1 AND payment_method = 'bank-transfer' AND bank_reference IS NULL
      RETURNING id`,
    [orderNumber, reference],
  );
  expect(changed, `${orderNumber} paid into the shop's own account`).toHaveLength(1);
}
