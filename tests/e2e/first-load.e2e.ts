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
    const starts = performance
      .getEntriesByType('resource')
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

  test('at 375px the stylesheet the server links is the only one: hydration fetches no second copy', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      for (const path of ['/', '/products']) {
        await visit(page, path);
        // The fonts follow the scripts: once they are in use, whatever hydration would add has been added.
        await expect.poll(() => page.evaluate(() => localStorage.getItem('rossy.fonts'))).not.toBeNull();
        const sheets = await page.evaluate(() => ({
          linked: [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
            link.getAttribute('href'),
          ),
          fetched: performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .filter((pathname) => pathname.endsWith('.css')),
        }));
        expect(sheets.linked, `${path}: one stylesheet`).toHaveLength(1);
        expect(sheets.fetched, `${path}: fetched once, the one linked`).toEqual(sheets.linked);
      }
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the web fonts go into use together, once all three have arrived', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await page.addInitScript(() => {
        const added: { family: string; status: string; at: number }[] = [];
        (window as unknown as { fontsAdded: typeof added }).fontsAdded = added;
        const add = FontFaceSet.prototype.add;
        FontFaceSet.prototype.add = function (face: FontFace) {
          added.push({ family: face.family, status: face.status, at: performance.now() });
          return add.call(this, face);
        };
      });
      await visit(page, '/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('rossy.fonts'))).not.toBeNull();
      const added = await page.evaluate(
        () =>
          (window as unknown as { fontsAdded: { family: string; status: string; at: number }[] }).fontsAdded,
      );
      expect(added.map((face) => [face.family.replace(/"/g, ''), face.status])).toEqual([
        ['Inter', 'loaded'],
        ['Cormorant Garamond', 'loaded'],
        ['Cormorant Garamond', 'loaded'],
      ]);
      const times = added.map((face) => face.at);
      expect(Math.max(...times) - Math.min(...times), 'added in one go: one layout, not three').toBeLessThan(
        5,
      );
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the shopping pages load and hydrate without making an Intl formatter', async () => {
    const [product] = await mostStockedProducts();
    await withPage(375, async ({ page, problemReport }) => {
      // The first Intl object a page makes loads the locale's data: tens of milliseconds of a phone's main thread.
      await page.addInitScript(() => {
        const made: string[] = [];
        (window as unknown as { intlMade: string[] }).intlMade = made;
        const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
        for (const name of [
          'NumberFormat',
          'DateTimeFormat',
          'PluralRules',
          'RelativeTimeFormat',
          'Collator',
        ]) {
          const Original = intl[name]!;
          intl[name] = new Proxy(Original, {
            construct(target, args) {
              made.push(`Intl.${name}`);
              return new target(...args) as object;
            },
          });
        }
        const watch = (proto: object, method: string) => {
          const original = (proto as Record<string, (...args: unknown[]) => unknown>)[method]!;
          (proto as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
            made.push(method);
            return original.apply(this, args);
          };
        };
        watch(Number.prototype, 'toLocaleString');
        watch(Date.prototype, 'toLocaleString');
        watch(Date.prototype, 'toLocaleDateString');
        watch(Date.prototype, 'toLocaleTimeString');
      });
      for (const path of ['/', '/products', `/product/${product!.id}`, '/sale', '/search?q=tote', '/blog']) {
        await visit(page, path);
        await expect.poll(() => page.evaluate(() => localStorage.getItem('rossy.fonts'))).not.toBeNull();
        expect(
          await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade),
          path,
        ).toEqual([]);
      }
      expect(problemReport()).toEqual([]);
    });
  });

  test("at 375px pricing the bag reloads none of the page's data: on the product page and at the checkout", async () => {
    const [product] = await mostStockedProducts();
    await withPage(375, async ({ page, problemReport }) => {
      const asked: string[] = [];
      page.on('request', (request) => {
        const address = new URL(request.url());
        if (address.pathname.endsWith('.data') || address.pathname === '/cart/quote')
          asked.push(`${request.method()} ${address.pathname}`);
      });
      const priced = () =>
        page.waitForResponse((response) => new URL(response.url()).pathname === '/cart/quote');
      let quote = priced();
      await visit(page, `/product/${product!.id}`);
      await quote;
      await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await main(page)
        .getByRole('button', { name: /Added to cart/ })
        .first()
        .waitFor();
      quote = priced();
      await visit(page, '/checkout');
      await quote;
      await page.waitForLoadState('networkidle');
      // Plain requests to the quote route: no router submission, so no route reloads after them.
      expect(asked, 'the quotes, and no reload of a route after them').toEqual([
        'POST /cart/quote',
        'POST /cart/quote',
      ]);
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
