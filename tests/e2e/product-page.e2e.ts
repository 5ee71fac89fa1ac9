import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, main, url, visit, withPage } from './fixtures';

afterAll(closeBrowser);

interface Detail {
  id: number;
  name: string;
  sizes: string[];
  reviews: number;
  variants: { size: string | null; color: string | null; inStock: boolean }[];
}

/** A size the page lets a shopper choose as it opens: in stock in the first colour that has any stock. */
function sizeInStock(product: Detail): string {
  const colour = product.variants.find((variant) => variant.inStock)?.color ?? null;
  const size = product.variants.find((variant) => variant.inStock && variant.color === colour)?.size;
  if (!size) throw new Error(`${product.name} has no size in stock`);
  return size;
}

async function sizedProduct(): Promise<Detail> {
  const list = (await (await fetch(url('/api/products?pageSize=24&availability=in-stock'))).json()) as {
    items: { id: number }[];
  };
  for (const item of list.items) {
    const detail = (await (await fetch(url(`/api/products/${item.id}`))).json()) as Detail;
    if (detail.sizes.length > 1 && detail.reviews > 0) return detail;
  }
  throw new Error('the seed has a reviewed piece with sizes in stock');
}

/** The bottom of the first screen a shopper sees: the viewport above the phone's bottom bar. */
/** Scrolls the purchase row just out of sight, above the screen. */
async function scrollPastPurchase(page: Page): Promise<void> {
  await page.evaluate(() => {
    const row = document.querySelector('[data-testid="purchase-row"]')!;
    window.scrollTo(0, row.getBoundingClientRect().bottom + window.scrollY + 80);
  });
}

async function firstScreenBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Bottom"]');
    const shown = bar && getComputedStyle(bar).display !== 'none';
    return shown ? bar.getBoundingClientRect().top : window.innerHeight;
  });
}

const bottomOf = async (page: Page, testId: string) => {
  const box = await main(page).getByTestId(testId).boundingBox();
  return box ? box.y + box.height : Infinity;
};

describe('the product page on a phone', () => {
  test('375px: name, rating and price in the first screen; a sticky bar with the price takes over once Add to Cart scrolls away', async () => {
    const product = await sizedProduct();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${product.id}`);
      const fold = await firstScreenBottom(page);
      const heading = await main(page).getByRole('heading', { level: 1 }).boundingBox();
      expect(heading!.y + heading!.height, 'the name').toBeLessThanOrEqual(fold);
      expect(await bottomOf(page, 'product-rating'), 'the rating').toBeLessThanOrEqual(fold);
      expect(await bottomOf(page, 'product-price'), 'the price').toBeLessThanOrEqual(fold);

      const bar = main(page).getByTestId('sticky-add-bar');
      expect(await bar.count(), 'no bar while Add to Cart is in sight').toBe(0);

      await scrollPastPurchase(page);
      await bar.waitFor();
      const price = (
        await main(page).getByTestId('product-price').locator('span.font-semibold').first().innerText()
      ).trim();
      expect(await bar.innerText()).toContain(price);
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y + barBox.height, 'the bar sits above the bottom bar').toBeLessThanOrEqual(
        (await firstScreenBottom(page)) + 0.5,
      );

      // No size yet: the bar brings the sizes back with the reason, and adds nothing.
      await bar.getByRole('button', { name: 'Add to Cart' }).click();
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).first();
      await sizes.getByRole('alert').filter({ hasText: 'Please choose a size.' }).waitFor();
      await expect
        .poll(async () => (await sizes.boundingBox())!.y, { message: 'the sizes scroll into sight' })
        .toBeGreaterThan(0);
      expect(await page.evaluate(() => localStorage.getItem('rossy.cart') ?? '[]')).toBe('[]');
      const size = sizeInStock(product);
      await sizes
        .locator('label')
        .filter({ hasText: new RegExp(`^${size}$`) })
        .click();

      await scrollPastPurchase(page);
      await bar.getByRole('button', { name: 'Add to Cart' }).click();
      await bar.getByRole('button', { name: 'Added to cart' }).waitFor();
      const lines = JSON.parse(await page.evaluate(() => localStorage.getItem('rossy.cart') ?? '[]')) as {
        id: number;
        selectedSize: string;
      }[];
      expect(lines).toMatchObject([{ id: product.id, selectedSize: size }]);

      // At the foot of the page the bar makes way for the footer.
      await page.locator('footer').scrollIntoViewIfNeeded();
      await expect.poll(() => bar.count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });

  test('1280px: the bar shows at the foot of the window once the purchase row has scrolled away', async () => {
    const product = await sizedProduct();
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, `/product/${product.id}`);
      const bar = main(page).getByTestId('sticky-add-bar');
      expect(await bar.count()).toBe(0);
      await scrollPastPurchase(page);
      await bar.waitFor();
      const box = (await bar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(900);
      expect(problemReport()).toEqual([]);
    });
  });
});
