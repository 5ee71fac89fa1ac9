import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  closeBrowser,
  formatViolation,
  main,
  mostStockedProducts,
  openAsAdmin,
  shopperAddress,
  url,
  visit,
  withPage,
  type Width,
} from './fixtures';

afterAll(closeBrowser);

/*
 * Real shoppers' Core Web Vitals: a page view measures itself once the browser is idle and sends one
 * beacon to /api/vitals when the page is hidden, however often it is hidden; the admin's Reports then
 * show the 75th percentile per page template. The shop measures every page view by default.
 */

const MEASURING_MARK = 'rossy:vitals-measuring';

function beaconsOf(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/vitals') seen.push(request);
  });
  return seen;
}

/** Waits until the page view measures (the library loads when the browser is idle). */
async function measuring(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MEASURING_MARK, {
    timeout: 20_000,
  });
}

/** Tells the page it is hidden (or shown again), as a phone does when the shopper switches apps. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate(
    (state) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    },
    hidden ? 'hidden' : 'visible',
  );
}

interface Beacon {
  template: string;
  device: string;
  connection: string;
  metrics: Record<string, number>;
}

/**
 * Keeps what the page hands navigator.sendBeacon for /api/vitals (the network layer does not show a
 * beacon's body), and lets it go out as usual.
 */
async function keepBeaconBodies(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: Blob[] = [];
    (window as unknown as { vitalsBeacons: Blob[] }).vitalsBeacons = sent;
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (address, body) => {
      if (String(address).endsWith('/api/vitals') && body instanceof Blob) sent.push(body);
      return original(address, body);
    };
  });
}

async function viewProductPage(width: Width, productId: number): Promise<Beacon> {
  let beacon: Beacon | undefined;
  await withPage(width, async ({ page, problemReport }) => {
    // A shopper at an address of her own: one address counts 20 beacons in 10 minutes, and every other
    // journey's page views on this machine come from one address.
    await page.setExtraHTTPHeaders(shopperAddress());
    const beacons = beaconsOf(page);
    await keepBeaconBodies(page);
    await visit(page, `/product/${productId}?utm_source=whatsapp`);
    await measuring(page);
    // A tap: an interaction for INP.
    await main(page).getByRole('heading', { level: 1 }).click();
    expect(beacons).toHaveLength(0);

    // The answer is awaited while the page is still open: a beacon outlives its page, the browser's report of its answer may not.
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/vitals', {
      timeout: 20_000,
    });
    await setHidden(page, true);
    await expect.poll(() => beacons.length).toBe(1);
    const response = await answered;
    const bodies = await page.evaluate(() =>
      Promise.all((window as unknown as { vitalsBeacons: Blob[] }).vitalsBeacons.map((blob) => blob.text())),
    );
    expect(bodies).toHaveLength(1);
    beacon = JSON.parse(bodies[0]!) as Beacon;
    // Shown and hidden again, then left: still the one beacon of this page view.
    await setHidden(page, false);
    await setHidden(page, true);
    await setHidden(page, false);
    await page.goto(url('/about'));
    await page.waitForLoadState('load');
    expect(beacons).toHaveLength(1);

    const [sent] = beacons;
    expect(sent!.headers()['content-type']).toMatch(/^application\/json/);
    expect(response.request()).toBe(sent);
    expect(response.status()).toBe(204);
    expect(problemReport()).toEqual([]);
  });
  return beacon!;
}

describe("real shoppers' vitals", () => {
  test('a product page view sends one beacon with its template and vitals, and nothing of the shopper', async () => {
    const [product] = await mostStockedProducts();
    const beacon = await viewProductPage(375, product!.id);
    // Only these: no address, query, user or anything else.
    expect(Object.keys(beacon).sort()).toEqual(['connection', 'device', 'metrics', 'template']);
    expect(beacon).toMatchObject({ template: 'product', device: 'mobile' });
    expect(['slow-2g', '2g', '3g', '4g', 'unknown']).toContain(beacon.connection);
    expect(beacon.metrics.LCP).toBeGreaterThan(0);
    expect(beacon.metrics.TTFB).toBeGreaterThanOrEqual(0);
    expect(Object.keys(beacon.metrics).every((name) => ['LCP', 'INP', 'CLS', 'TTFB'].includes(name))).toBe(
      true,
    );
    expect(JSON.stringify(beacon)).not.toMatch(/whatsapp|\/product\//);

    const desktop = await viewProductPage(1280, product!.id);
    expect(desktop).toMatchObject({ template: 'product', device: 'desktop' });
  });

  test("the admin's Reports show the 75th percentile per template, rated, phones and computers apart", async () => {
    const [product] = await mostStockedProducts();
    await viewProductPage(375, product!.id);
    await viewProductPage(1280, product!.id);
    for (const width of [1280, 375] as const)
      await withPage(width, async ({ page, problemReport }) => {
        await openAsAdmin(page, '/admin/reports');
        const card = main(page).getByTestId('report-vitals');
        await card.getByRole('heading', { name: 'Speed for real shoppers' }).waitFor();
        const productRow = card.getByTestId('vitals-product');
        await expect
          .poll(() => productRow.getByTestId('vital-LCP-value').textContent())
          .toMatch(/^\d+(\.\d+)? (ms|s)$/);
        expect(await productRow.getByTestId('vitals-views').textContent()).toMatch(/^\d[\d,]* page views?$/);
        expect(await productRow.getByTestId('vital-LCP').textContent()).toMatch(
          /Good|Needs improvement|Poor/,
        );
        await card.getByRole('button', { name: 'Last 7 days' }).click();
        await expect.poll(() => productRow.getByTestId('vital-TTFB-value').isVisible()).toBe(true);
        await card.getByRole('button', { name: 'Computers' }).click();
        await expect.poll(() => card.getByTestId('vitals-product').isVisible()).toBe(true);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
        // The card's own markup (the other cards have their own tests).
        const axe = await new AxeBuilder({ page }).include('[data-testid="report-vitals"]').analyze();
        expect(axe.violations.map(formatViolation)).toEqual([]);
        if (process.env.SHOTS_DIR)
          await card.screenshot({ path: `${process.env.SHOTS_DIR}/vitals-${width}.png` });
        expect(problemReport()).toEqual([]);
      });
  });

  test('the owner sets how many page views in a hundred are measured, right in Reports', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin/reports');
      const card = main(page).getByTestId('report-vitals');
      const field = card.getByLabel('Page views measured, in 100');
      await field.fill('101');
      await card.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => field.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
      await field.fill('40');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('Saved: 40 in 100 page views are measured.').waitFor();
      await field.fill('100');
      await card.getByRole('button', { name: 'Save' }).click();
      await card.getByText('Saved: 100 in 100 page views are measured.').waitFor();
      expect(problemReport()).toEqual([]);
    });
  });
});
