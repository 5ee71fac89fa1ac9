import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, main, queryDatabase, url, visit, waitForHydration, withPage } from './fixtures';

afterAll(closeBrowser);

async function rates(): Promise<{ USD: number; EUR: number; GBP: number }> {
  const [row] = await queryDatabase<{ rates: { USD: number; EUR: number; GBP: number } | null }>(
    'reading the currency rates',
    "SELECT value->'currencyRates' AS rates FROM settings WHERE key = 'shop'",
  );
  return row?.rates ?? { USD: 1550, EUR: 1700, GBP: 1950 };
}

const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));

interface Listed {
  id: number;
  name: string;
  price: number;
  originalPrice: number | null;
}

async function firstProduct(): Promise<Listed> {
  const response = await fetch(url('/api/products?availability=in-stock&pageSize=1'));
  const body = (await response.json()) as { items: Listed[] };
  return body.items[0]!;
}

const cardPrice = (page: Page, name: string) =>
  main(page)
    .locator('article', { has: page.getByRole('link', { name, exact: true }) })
    .locator('p span.font-semibold')
    .first();

describe('currency selector', () => {
  test('at 1280px prices show converted at the admin rate, the choice survives a reload, and checkout stays in naira', async () => {
    const rate = await rates();
    const product = await firstProduct();
    await withPage(1280, async ({ page, context, problemReport }) => {
      await visit(page, '/products');
      const price = cardPrice(page, product.name);
      expect(await price.innerText()).toContain('₦');

      await page.getByLabel('Show prices in').first().selectOption('USD');
      await expect.poll(() => price.innerText()).toMatch(/\$/);
      const shown = await price.innerText();
      expect(shown).toContain('≈');
      expect(money(shown)).toBeCloseTo(product.price / rate.USD, 2);
      expect((await context.cookies()).find((cookie) => cookie.name === 'currency')?.value).toBe('USD');

      // Rendered converted from the first byte: the server reads the cookie.
      const html = await (await context.request.get(`/product/${product.id}`)).text();
      expect(html).toContain(`$${(product.price / rate.USD).toFixed(2)}`);

      await visit(page, `/product/${product.id}`);
      expect(await main(page).innerText()).toContain('you pay in naira (₦) at checkout');
      await page.getByLabel('Show prices in').first().selectOption('GBP');
      await expect.poll(() => main(page).innerText()).toContain(`£${(product.price / rate.GBP).toFixed(2)}`);

      await visit(page, '/products');
      const card = main(page).locator('article', {
        has: page.getByRole('link', { name: product.name, exact: true }),
      });
      await card.getByRole('button', { name: /Add to Cart/ }).click();
      const added = card.getByRole('button', { name: /Added to cart/ });
      const picker = page.getByRole('dialog', { name: product.name });
      await expect.poll(async () => (await added.isVisible()) || (await picker.isVisible())).toBe(true);
      if (await picker.isVisible()) {
        // A piece with a choice asks for it first, its price in the chosen currency too.
        expect(await picker.innerText()).toContain('£');
        const size = picker
          .locator('fieldset', { hasText: 'Size' })
          .locator('label:not([data-sold-out])')
          .first();
        if (await size.count()) await size.click();
        await picker.getByRole('button', { name: 'Add to Cart' }).click();
      }
      await added.waitFor();
      await visit(page, '/cart');
      await expect.poll(() => main(page).getByTestId('converted-total').innerText()).toContain('£');
      expect(await main(page).getByTestId('order-total').innerText()).toContain('₦');

      await visit(page, '/checkout');
      await main(page).getByTestId('order-total').waitFor();
      const checkout = await main(page).innerText();
      expect(checkout).toContain('₦');
      expect(checkout).not.toMatch(/[£$€]\d/);

      await page.getByLabel('Show prices in').first().selectOption('NGN');
      await visit(page, '/products');
      expect(await cardPrice(page, product.name).innerText()).toContain('₦');
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the currency is chosen in the mobile menu', async () => {
    const rate = await rates();
    const product = await firstProduct();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/products');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByLabel('Show prices in').selectOption('EUR');
      await page.getByRole('button', { name: 'Close menu' }).click();
      await page.reload();
      await waitForHydration(page);
      const price = cardPrice(page, product.name);
      expect(money(await price.innerText())).toBeCloseTo(product.price / rate.EUR, 2);
      expect(await price.innerText()).toContain('€');
      expect(problemReport()).toEqual([]);
    });
  });
});
