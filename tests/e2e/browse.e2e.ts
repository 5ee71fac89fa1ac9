import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, url, waitForHydration, WIDTHS, withPage, pathIs } from './fixtures';

afterAll(closeBrowser);

async function panelProductNames(page: Page): Promise<string[]> {
  return (await page.getByRole('tabpanel').locator('article h3').allTextContents()).map((name) =>
    name.trim(),
  );
}

interface ApiImage {
  url: string;
  alt: string;
}

/** A product with more than one photo, read from the API. */
async function productWithGallery(): Promise<{ id: number; images: ApiImage[] }> {
  const list = (await (await fetch(url('/api/products?pageSize=24'))).json()) as { items: { id: number }[] };
  for (const item of list.items) {
    const detail = (await (await fetch(url(`/api/products/${item.id}`))).json()) as {
      id: number;
      images: ApiImage[];
    };
    if (detail.images.length > 1) return detail;
  }
  throw new Error('No product in the first page of /api/products has more than one image');
}

describe.each(WIDTHS)('browsing at %ipx', (width) => {
  test('home → product list → product → add to cart → back to the list', async () => {
    await withPage(width, async ({ page, problemReport }) => {
      // Home
      const home = await page.goto('/');
      expect(home?.status(), 'GET / status').toBe(200);
      await waitForHydration(page);

      const heading = page.locator('main h1');
      expect(await heading.count(), 'one h1 on the home page').toBe(1);
      expect(await heading.isVisible(), 'the h1 is visible').toBe(true);

      const heroImage = page
        .locator('main section', { has: page.locator('h1') })
        .locator('img')
        .first();
      await heroImage.waitFor({ state: 'visible' });
      expect(await heroImage.getAttribute('loading'), 'the hero image is not lazy-loaded').not.toBe('lazy');
      await expect
        .poll(
          () => heroImage.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
          {
            timeout: 15_000,
            message: 'the hero image loads (naturalWidth > 0)',
          },
        )
        .toBeGreaterThan(0);

      const tabs = page.getByRole('tablist', { name: 'Collections' }).getByRole('tab');
      const tabCount = await tabs.count();
      expect(tabCount, "'Our Collections' has several tabs").toBeGreaterThanOrEqual(2);
      expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
      let previous = await panelProductNames(page);
      expect(previous.length, 'the first collection shows products').toBeGreaterThan(0);
      for (let index = 1; index < tabCount; index += 1) {
        const tab = tabs.nth(index);
        const label = (await tab.textContent())?.trim();
        await tab.click();
        await expect
          .poll(() => tab.getAttribute('aria-selected'), { message: `tab "${label}" becomes selected` })
          .toBe('true');
        expect(
          await tabs.nth(index - 1).getAttribute('aria-selected'),
          'the previous tab is no longer selected',
        ).toBe('false');
        await expect
          .poll(() => panelProductNames(page), { message: `the panel's products change for tab "${label}"` })
          .not.toEqual(previous);
        previous = await panelProductNames(page);
        expect(previous.length, `tab "${label}" shows products`).toBeGreaterThan(0);
      }

      const tiles = page.getByRole('region', { name: 'Find your piece' }).locator('a[href^="/category/"]');
      expect(await tiles.count(), 'category tiles on the home page').toBeGreaterThan(0);
      const tileNames = await tiles.evaluateAll((links) =>
        links.map((link) => link.querySelector('p')?.textContent?.trim() ?? ''),
      );
      expect(
        tileNames.filter((name) => name.length === 0),
        'every category tile has a name',
      ).toEqual([]);

      // Product list, through the navigation each width offers
      if (width === 1280) {
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'All Products', exact: true })
          .click();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.waitFor({ state: 'visible' });
        await menu.getByRole('link', { name: 'All Products', exact: true }).click();
      }
      await page.waitForURL(pathIs('/products'));
      await page.getByText(/\d+ products found/).waitFor({ state: 'visible' });

      const cards = page.locator('main article');
      await expect
        .poll(() => cards.count(), { message: 'product cards on /products' })
        .toBeGreaterThanOrEqual(12);
      const names = (await cards.locator('h3').allTextContents()).map((name) => name.trim());
      expect(
        names.filter((name) => name.length === 0),
        'every card has a name',
      ).toEqual([]);

      // Product page
      const firstLink = cards.first().locator('h3 a');
      const productName = ((await firstLink.textContent()) ?? '').trim();
      await firstLink.click();
      await page.waitForURL(pathIs(/^\/product\/\d+$/));
      await expect
        .poll(() => page.locator('main h1').textContent(), { message: 'the product h1' })
        .toBe(productName);

      const price = page.locator('xpath=//main//h1/following::p[contains(., "₦")][1]');
      expect(await price.textContent(), 'the product price is in naira').toContain('₦');
      const colours = page.locator('input[type="radio"][name="color"]');
      const sizes = page.locator('input[type="radio"][name="size"]');
      expect(await colours.count(), 'colour radios').toBeGreaterThan(0);
      expect(await sizes.count(), 'size radios').toBeGreaterThan(0);

      const sizeLabel = page
        .locator('label')
        .filter({ has: page.locator('input[type="radio"][name="size"]') })
        .first();
      const size = sizeLabel.locator('input');
      await sizeLabel.click();
      expect(await size.isChecked(), 'the chosen size is checked').toBe(true);

      const cartBadge = page.locator('header a[aria-label="Cart, 1 item"]');
      expect(await cartBadge.count(), 'no cart badge before adding').toBe(0);
      const clickedAt = Date.now();
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await page.getByRole('button', { name: 'Added to cart' }).waitFor({ state: 'visible', timeout: 5_000 });
      await cartBadge.waitFor({ state: 'visible', timeout: 5_000 });
      expect((await cartBadge.textContent())?.trim()).toBe('1');
      await page
        .getByRole('button', { name: 'Add to Cart', exact: true })
        .waitFor({ state: 'visible', timeout: 6_000 });
      const noticeMs = Date.now() - clickedAt;
      expect(noticeMs, "'Added to cart' shows for about 2 s").toBeGreaterThanOrEqual(1_500);
      expect(noticeMs, "'Added to cart' shows for about 2 s").toBeLessThanOrEqual(5_000);
      expect(await page.getByRole('button', { name: 'Added to cart' }).count()).toBe(0);
      expect(await cartBadge.isVisible(), 'the cart badge stays').toBe(true);

      const quantity = page.getByLabel('Quantity', { exact: true });
      await quantity.fill('abc');
      await quantity.blur();
      await expect.poll(() => quantity.inputValue(), { message: "a quantity of 'abc' becomes 1" }).toBe('1');

      // Back to the list
      await page.goBack();
      await page.waitForURL(pathIs('/products'));
      await cards.first().waitFor({ state: 'visible' });
      await expect
        .poll(() => cards.count(), { message: 'product cards after going back' })
        .toBeGreaterThanOrEqual(12);

      expect(problemReport(), 'console errors and failed requests during the journey').toEqual([]);
    });
  });

  test('gallery thumbnails are buttons that change the main photo from the keyboard', async () => {
    const product = await productWithGallery();
    await withPage(width, async ({ page, problemReport }) => {
      const response = await page.goto(`/product/${product.id}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);

      const thumbnails = page.getByRole('button', { name: /^Show photo \d+ of \d+/ });
      expect(await thumbnails.count(), 'one thumbnail per photo').toBe(product.images.length);
      expect(await thumbnails.evaluateAll((buttons) => buttons.map((button) => button.tagName))).toEqual(
        product.images.map(() => 'BUTTON'),
      );
      const mainImage = page.locator('main button[aria-label^="Zoom"] img');
      expect(await mainImage.getAttribute('alt')).toBe(product.images[0]!.alt);
      expect(await thumbnails.nth(0).getAttribute('aria-pressed')).toBe('true');
      const before = await mainImage.getAttribute('src');

      await thumbnails.nth(1).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => thumbnails.nth(1).getAttribute('aria-pressed'), {
          message: 'the second thumbnail is pressed',
        })
        .toBe('true');
      expect(await thumbnails.nth(0).getAttribute('aria-pressed')).toBe('false');
      await expect
        .poll(() => mainImage.getAttribute('src'), { message: 'the main photo changes' })
        .not.toBe(before);
      expect(await mainImage.getAttribute('alt')).toBe(product.images[1]!.alt);
      await expect
        .poll(
          () => mainImage.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
          {
            message: 'the new main photo loads',
          },
        )
        .toBeGreaterThan(0);

      const zoom = page.locator('main button[aria-label^="Zoom"]');
      await zoom.focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(() => zoom.getAttribute('aria-pressed'), { message: 'the photo zooms in' })
        .toBe('true');
      expect(await mainImage.evaluate((image) => getComputedStyle(image).transform)).not.toBe('none');
      await page.keyboard.press('Escape');
      await expect
        .poll(() => zoom.getAttribute('aria-pressed'), { message: 'Escape zooms out' })
        .toBe('false');

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test("an unknown product shows 'Product Not Found' with status 404", async () => {
    await withPage(
      width,
      async ({ page, problemReport }) => {
        const response = await page.goto('/product/99999999');
        expect(response?.status(), 'GET /product/99999999 status').toBe(404);
        await waitForHydration(page);
        expect((await page.locator('main h1').textContent())?.trim()).toBe('Product Not Found');
        const back = page.locator('main').getByRole('link', { name: 'Back to Products' });
        expect(await back.getAttribute('href')).toBe('/products');
        await back.click();
        await page.waitForURL(pathIs('/products'));
        await page.locator('main article').first().waitFor({ state: 'visible' });
        expect(problemReport()).toEqual([]);
      },
      ['/product/99999999'],
    );
  });

  test("an unknown address shows 'Page Not Found' with status 404", async () => {
    await withPage(
      width,
      async ({ page, problemReport }) => {
        const response = await page.goto('/definitely-missing');
        expect(response?.status(), 'GET /definitely-missing status').toBe(404);
        await waitForHydration(page);
        expect((await page.locator('main h1').textContent())?.trim()).toBe('Page Not Found');
        const main = page.locator('main');
        expect(await main.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
        expect(await main.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe(
          '/products',
        );
        expect(problemReport()).toEqual([]);
      },
      ['/definitely-missing'],
    );
  });
});
