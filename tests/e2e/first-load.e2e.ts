import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { SCRIPTS_AT_LATEST_MS } from '../../app/scripts-after-load.server';
import { closeBrowser, main, mostStockedProducts, url, visit, waitForHydration, withPage } from './fixtures';

afterAll(closeBrowser);

/**
 * When the page's files of a given kind were asked for, and the earliest moment the scripts may
 * start: the load event, or SCRIPTS_AT_LATEST_MS after the document was read when the load is slower
 * than that (as it can be on a busy machine), whichever came first.
 */
async function requestTiming(page: Page, kind: 'script' | 'font') {
  const timing = await page.evaluate((kind) => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const starts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) =>
        kind === 'font'
          ? entry.name.endsWith('.woff2')
          : new URL(entry.name).pathname.startsWith('/assets/') && entry.name.endsWith('.js'),
      )
      .map((entry) => entry.startTime);
    return { loadStart: navigation.loadEventStart, readAt: navigation.domContentLoadedEventStart, starts };
  }, kind);
  return { ...timing, startsAfter: Math.min(timing.loadStart, timing.readAt + SCRIPTS_AT_LATEST_MS) };
}

/*
 * On a phone's mobile data the picture and the words come first, then the scripts (decision 0050):
 * no script file is asked for before the page has loaded, and what a shopper types before the
 * scripts run is kept when they do.
 */
describe("a page's first load", () => {
  test('at 375px the home page asks for no script before it has loaded, then becomes interactive', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      const timing = await requestTiming(page, 'script');
      expect(timing.starts.length, 'the scripts did load').toBeGreaterThan(0);
      expect(Math.min(...timing.starts)).toBeGreaterThanOrEqual(timing.startsAfter);
      // Interactive: the menu opens (its handler is React's).
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.click();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px a first visit draws in the fallbacks and fetches the fonts after the load; the next page has them from the start', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('rossy.fonts')))
        .toMatch(/^\/assets\/inter-[\w-]+\.woff2$/);
      const first = await requestTiming(page, 'font');
      expect(first.starts.length, 'Inter and two Cormorant weights').toBe(3);
      expect(Math.min(...first.starts)).toBeGreaterThanOrEqual(first.startsAfter);
      expect(
        await page.evaluate(() => [
          document.fonts.check('1em Inter'),
          document.fonts.check('600 1em "Cormorant Garamond"'),
        ]),
      ).toEqual([true, true]);

      await visit(page, '/products');
      const next = await requestTiming(page, 'font');
      expect(next.starts.length).toBeGreaterThan(0);
      expect(Math.max(...next.starts), 'asked for with the page, not after it').toBeLessThan(next.loadStart);
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px details typed into the checkout before its scripts ran are still there after', async () => {
    const [product] = await mostStockedProducts();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${product!.id}`);
      await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await main(page)
        .getByRole('button', { name: /Added to cart/ })
        .first()
        .waitFor();
      // The checkout's scripts are held back while the shopper types.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(url('/checkout'));
      const form = main(page);
      await form.getByLabel('Email').fill('amaka.typed-early@example.ng');
      await form.getByLabel('First name').fill('Amaka');
      release();
      await waitForHydration(page);
      expect(await form.getByLabel('Email').inputValue()).toBe('amaka.typed-early@example.ng');
      expect(await form.getByLabel('First name').inputValue()).toBe('Amaka');
      expect(problemReport()).toEqual([]);
    });
  });
});
