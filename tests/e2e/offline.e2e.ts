import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import { chromiumLaunchOptions } from './browser';
import {
  adminApiToken,
  adminCredentials,
  closeBrowser,
  main,
  isAt,
  mostStockedProducts,
  pathIs,
  signInAsAdmin,
  signUpThroughApi,
  uniqueEmail,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

interface ApiProduct {
  id: number;
  name: string;
  sizes: string[];
  stockCount: number;
}

/** A piece with plenty of stock, so these journeys never run it out. */
async function stockedProduct(): Promise<ApiProduct> {
  const best = (await mostStockedProducts()).find((product) => product.stockCount >= 10);
  if (!best) throw new Error('The seed has no piece with 10 or more in stock');
  return (await (await fetch(url(`/api/products/${best.id}`))).json()) as ApiProduct;
}

/** The shop's service worker installed and in charge of the page, as on a shopper's second visit. */
async function underServiceWorker(page: Page): Promise<void> {
  await visit(page, '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await visit(page, '/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every address the service worker keeps, cache by cache. */
function cachedAddresses(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys())
      out[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return out;
  });
}

/** A fresh page with the shop's service worker allowed (other journeys block it). */
const withWorker = (width: 375 | 1280, body: Parameters<typeof withPage>[1]) =>
  withPage(width, body, [], { serviceWorkers: 'allow' });

const pageCache = (cached: Record<string, string[]>) =>
  Object.entries(cached)
    .filter(([name]) => name.startsWith('rossy-pages-'))
    .flatMap(([, addresses]) => addresses);

describe('an installable shop', () => {
  test('Chrome finds nothing missing to install it; the worker is asked for afresh on every visit', async () => {
    // A profile of its own: Chrome declines to install anything from an incognito window.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions(),
      baseURL: url('/'),
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await underServiceWorker(page);
      // The check Lighthouse's old installability audit ran, asked of Chrome itself.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
    const manifest = (await (await fetch(url('/manifest.webmanifest'))).json()) as {
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await fetch(url(icon.src));
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
    }
    const worker = await fetch(url('/sw.js'));
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const source = await worker.text();
    expect(source).not.toContain('__ROSSY_BUILD__');
    expect(source).toMatch(/const BUILD = '[\w-]+';/);
  });
});

describe('a shopper on a dropped connection', () => {
  test('375px: a product seen before opens offline with a note, goes in the bag, and the order is placed once the connection is back', async () => {
    const product = await stockedProduct();
    const email = uniqueEmail('offline');
    await withWorker(375, async ({ page, context }) => {
      await underServiceWorker(page);
      await visit(page, `/product/${product.id}`);
      await main(page).getByRole('heading', { name: product.name }).first().waitFor();
      await visit(page, '/');

      await context.setOffline(true);
      await page.goto(`/product/${product.id}`);
      await main(page).getByRole('heading', { name: product.name }).first().waitFor();
      await page.getByTestId('offline-note').getByText("You're offline — prices may have changed.").waitFor();
      // The bag lives in the phone: it works offline.
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).first();
      if (product.sizes.length > 1)
        await sizes.locator('label', { hasText: product.sizes[0]! }).first().click();
      await main(page).getByRole('button', { name: 'Add to Cart' }).first().click();
      await expect
        .poll(async () =>
          JSON.parse(await page.evaluate(() => localStorage.getItem('rossy.cart') ?? '[]')).map(
            (line: { id: number }) => line.id,
          ),
        )
        .toEqual([product.id]);
      // A page never opened on this phone says so, rather than failing.
      await page.goto('/warranty-support');
      await page.getByRole('heading', { name: "You're offline" }).waitFor();

      await context.setOffline(false);
      await visit(page, '/checkout');
      const form = main(page);
      await form.getByRole('button', { name: /^Place Order · ₦/ }).waitFor();
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('0803 555 0142');
      await form.getByLabel('First name').fill('Tolu');
      await form.getByLabel('Last name').fill('Bello');
      await form.getByLabel('Address').fill('9 Bourdillon Road');
      await form.getByLabel('City').fill('Ikoyi');
      await form.getByLabel('State').selectOption('Lagos');
      await form.getByRole('radio', { name: /^Bank transfer$/ }).check();

      // The total is priced; then the connection drops as the shopper taps Place Order: the page waits and says so.
      const place = form.getByRole('button', { name: /^Place Order · ₦/ });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await page.waitForLoadState('networkidle');
      await context.setOffline(true);
      await place.click();
      await form.getByTestId('waiting-for-connection').waitFor();
      await form.getByRole('button', { name: 'Waiting for a connection…' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');

      await context.setOffline(false);
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      await main(page).getByText('Payment Pending').waitFor();
    });
    // Placed once: one order for this shopper.
    const response = await fetch(url(`/api/admin/orders?q=${encodeURIComponent(email)}`), {
      headers: { authorization: `Bearer ${await adminApiToken()}` },
    });
    expect(((await response.json()) as { total: number }).total).toBe(1);
  });

  test('1280px: nothing private is kept on the phone: no page seen signed in, no account, order or admin page', async () => {
    const product = await stockedProduct();
    await withWorker(1280, async ({ page }) => {
      await underServiceWorker(page);
      // Signed out, the catalogue is kept.
      await visit(page, `/product/${product.id}`);
      await expect
        .poll(async () => pageCache(await cachedAddresses(page)))
        .toContain(`/product/${product.id}`);

      const seenSignedOut = new Set(pageCache(await cachedAddresses(page)));

      await signInAsAdmin(page, '/admin');
      for (const path of ['/', '/profile', '/orders', '/admin', `/product/${product.id}`])
        await visit(page, path);
      await visit(page, '/checkout');
      // Nothing answered to the signed-in administrator was kept: no new page, and no kept page names them.
      expect(pageCache(await cachedAddresses(page)).filter((path) => !seenSignedOut.has(path))).toEqual([]);
      const bodies = await page.evaluate(async () => {
        const texts: string[] = [];
        for (const name of await caches.keys()) {
          if (!name.startsWith('rossy-pages-')) continue;
          const cache = await caches.open(name);
          for (const request of await cache.keys()) texts.push(await (await cache.match(request))!.text());
        }
        return texts;
      });
      const { email } = adminCredentials();
      expect(bodies.filter((body) => body.includes(email))).toEqual([]);
    });
  });

  test('375px: a shopper’s own photo is never kept by the worker, so nothing of it stays after signing out', async () => {
    const product = await stockedProduct();
    const shopper = { name: 'Kemi Adewale', email: uniqueEmail('avatar'), password: 'Kemi-Photo-2026' };
    await withWorker(375, async ({ page, context }) => {
      await underServiceWorker(page);
      // The catalogue's pictures are kept, as before.
      await visit(page, `/product/${product.id}`);
      await expect
        .poll(async () => (await cachedAddresses(page))['rossy-pictures'] ?? [], { timeout: 15_000 })
        .toContainEqual(expect.stringMatching(/^\/media\/products\//));

      const { token } = await signUpThroughApi(shopper, context);
      const png = await sharp({
        create: { width: 96, height: 96, channels: 3, background: { r: 40, g: 90, b: 160 } },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'avatar.png');
      const uploaded = await fetch(url('/api/profile/avatar'), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const avatar = new URL(
        ((await uploaded.json()) as { user: { avatarUrl: string } }).user.avatarUrl,
        url('/'),
      ).pathname;
      expect(avatar).toMatch(/^\/media\/avatars\//);

      await visit(page, '/profile');
      const photo = main(page).getByAltText("Kemi Adewale's profile photo");
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
        .toBeGreaterThan(0);
      const kept = () =>
        cachedAddresses(page).then((cached) =>
          Object.values(cached)
            .flat()
            .filter((path) => path === avatar),
        );
      // Signed in, the photo shows but is not kept; signed out, nothing of it is on the phone.
      expect(await kept()).toEqual([]);
      await main(page).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(isAt('/login', { notice: 'signed-out' }));
      expect(await kept()).toEqual([]);
      expect(
        Object.values(await cachedAddresses(page))
          .flat()
          .filter((path) => path.startsWith('/media/avatars/')),
      ).toEqual([]);
    });
  });
});

describe('offline never shows "Something went wrong"', () => {
  test("375px: after browsing, a breadcrumb, the bottom bar's Home and the bag open the phone's copy, a page never seen opens the offline page inside the shop's frame, and the bag and wishlist always open", async () => {
    const product = await stockedProduct();
    await withWorker(375, async ({ page, context }) => {
      await underServiceWorker(page);
      const line = { id: product.id, name: product.name, price: 1000, image: null, category: '' };
      await page.evaluate((piece) => {
        localStorage.setItem(
          'rossy.cart',
          JSON.stringify([{ ...piece, quantity: 2, selectedColor: null, selectedSize: null }]),
        );
        localStorage.setItem('rossy.wishlist', JSON.stringify([piece]));
      }, line);
      // Browsing: the home page and the product, opened in full.
      await visit(page, '/');
      await visit(page, `/product/${product.id}`);
      await main(page).getByRole('heading', { name: product.name }).first().waitFor();
      const crumbs = main(page).getByRole('navigation', { name: 'Breadcrumb' });
      const category = crumbs.getByRole('link').nth(1);
      const categoryPath = new URL((await category.getAttribute('href'))!, url('/')).pathname;

      await context.setOffline(true);
      const inFrame = async (what: string) => {
        await page.locator('header').first().waitFor();
        await page.getByRole('navigation', { name: 'Bottom' }).waitFor();
        expect(await page.getByText('Something went wrong').count(), what).toBe(0);
        expect(await page.getByText('500', { exact: true }).count(), what).toBe(0);
      };

      // A breadcrumb to a page seen before: the phone's copy, with the shop's header.
      await crumbs.getByRole('link', { name: 'Home' }).click();
      await page.waitForURL(pathIs('/'));
      await main(page)
        .getByRole('link', { name: /shop now/i })
        .first()
        .waitFor();
      await inFrame('home from the breadcrumb');

      // The bottom bar's bag: the bag, from the phone, though /cart was never opened online.
      await page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: /^Cart/ }).click();
      await page.waitForURL(pathIs('/cart'));
      await main(page).getByText(product.name).first().waitFor();
      await main(page)
        .getByText(/You're offline: your total is worked out/)
        .waitFor();
      await inFrame('the bag');

      // The wishlist, and Home again from the bottom bar.
      await page
        .getByRole('navigation', { name: 'Bottom' })
        .getByRole('link', { name: /^Wishlist/ })
        .click();
      await page.waitForURL(pathIs('/wishlist'));
      await main(page).getByText(product.name).first().waitFor();
      await inFrame('the wishlist');
      await page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', { name: /^Home/ }).click();
      await page.waitForURL(pathIs('/'));
      await main(page)
        .getByRole('link', { name: /shop now/i })
        .first()
        .waitFor();
      await inFrame('home from the bottom bar');

      // A page never opened here, by a link inside the shop: the offline page, in the shop's frame
      // (another piece: its page's code is on the phone, its data is not).
      await visit(page, `/product/${product.id}`);
      const other = main(page)
        .locator(`a[href^="/product/"]:not([href="/product/${product.id}"]):not([aria-hidden="true"])`)
        .first();
      const otherPath = (await other.getAttribute('href'))!;
      // Tapped from the keyboard: the bar that follows the thumb on a phone may cover the card.
      await other.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(pathIs(otherPath));
      await main(page).getByRole('heading', { name: "You're offline" }).waitFor();
      await main(page).getByText('This page has not been opened on this phone yet').waitFor();
      await inFrame('a piece never seen');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: 'test-results/offline-never-seen-375.png', fullPage: true });
      // Back online, it loads by itself.
      await context.setOffline(false);
      await expect
        .poll(() => main(page).getByRole('heading', { name: "You're offline" }).count(), { timeout: 15_000 })
        .toBe(0);
      await main(page).getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
      await inFrame('back online');
      await context.setOffline(true);

      // A page whose code was never loaded either (a category from the breadcrumb): the same page, in
      // the same frame; its bag button opens the bag.
      await visit(page, `/product/${product.id}`);
      await main(page).getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').nth(1).click();
      await page.waitForURL(pathIs(categoryPath));
      await main(page).getByRole('heading', { name: "You're offline" }).waitFor();
      await inFrame('a category never seen');
      await main(page).getByRole('link', { name: 'Open your bag' }).click();
      await page.waitForURL(pathIs('/cart'));
      await main(page).getByText(product.name).first().waitFor();

      // Opened in full (typed, or from a home-screen icon): the bag and the wishlist open, a page
      // never seen shows the offline page inside the shop's frame.
      for (const path of ['/cart', '/wishlist']) {
        await page.goto(path);
        await main(page).getByText(product.name).first().waitFor();
        await inFrame(`${path} opened in full`);
        expect(await page.getByText('This page has not been opened on this phone yet').count(), path).toBe(0);
      }
      await page.goto('/warranty-support');
      await main(page).getByRole('heading', { name: "You're offline" }).waitFor();
      await main(page).getByRole('link', { name: 'Open your bag' }).waitFor();
      await inFrame('a page never seen, opened in full');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: 'test-results/offline-full-load-never-seen-375.png', fullPage: true });
      await main(page).getByRole('link', { name: 'Your wishlist' }).click();
      await page.waitForURL(pathIs('/wishlist'));
      await main(page).getByText(product.name).first().waitFor();
    });
  });
});
