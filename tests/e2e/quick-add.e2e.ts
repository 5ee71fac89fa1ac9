import { afterAll, describe, expect, test } from 'vitest';
import { axeViolations, closeBrowser, main, url, visit, withPage } from './fixtures';

afterAll(closeBrowser);

interface Summary {
  id: number;
  name: string;
  sizes: string[];
  colors: { name: string }[];
  stockStatus: string;
  variants: { size: string | null; color: string | null; inStock: boolean }[];
}

interface CartLine {
  id: number;
  selectedColor: string | null;
  selectedSize: string | null;
}

/** In-stock pieces with their colours and sizes (the list's summaries leave sizes out). */
async function inStock(): Promise<Summary[]> {
  const list = (await (await fetch(url('/api/products?pageSize=24&availability=in-stock'))).json()) as {
    items: { id: number }[];
  };
  return Promise.all(
    list.items.map(async (item) => (await (await fetch(url(`/api/products/${item.id}`))).json()) as Summary),
  );
}

describe('quick add from a product card', () => {
  test('375px: a piece with sizes asks for its colour and size in a picker; nothing enters the bag unchosen', async () => {
    // A size in stock in a colour other than the first, so the shopper changes both.
    const pieces = await inStock();
    const product = pieces.find(
      (item) =>
        item.sizes.length > 1 &&
        item.colors.length > 1 &&
        item.variants.some((variant) => variant.inStock && variant.color !== item.colors[0]!.name),
    );
    expect(product, 'the seed has a piece with colours and sizes in stock').toBeTruthy();
    const chosen = product!.variants.find(
      (variant) => variant.inStock && variant.color !== product!.colors[0]!.name,
    )!;
    const size = chosen.size!;
    const colour = chosen.color!;
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/search?q=${encodeURIComponent(product!.name)}`);
      const card = main(page)
        .locator('article', { has: page.getByRole('link', { name: product!.name, exact: true }) })
        .first();
      await card.getByRole('button', { name: /^Add to Cart/ }).click();

      const picker = page.getByRole('dialog', { name: product!.name });
      await picker.waitFor();
      await picker.getByRole('button', { name: 'Add to Cart' }).click();
      await picker.getByRole('alert').filter({ hasText: 'Please choose a size.' }).waitFor();
      const bag = () =>
        page.evaluate(() => JSON.parse(localStorage.getItem('rossy.cart') ?? '[]') as CartLine[]);
      expect(await bag(), 'nothing enters the bag without a size').toEqual([]);
      expect(await axeViolations(page)).toEqual([]);

      // The colour first: a size is offered as it stands in the chosen colour.
      await picker.locator(`label[title="${colour}"]`).click();
      await picker
        .locator('label')
        .filter({ hasText: new RegExp(`^${size}$`) })
        .click();
      await picker.getByRole('button', { name: 'Add to Cart' }).click();
      await picker.waitFor({ state: 'hidden' });
      await card.getByRole('button', { name: /^Added to cart/ }).waitFor();
      expect(await bag()).toMatchObject([{ id: product!.id, selectedColor: colour, selectedSize: size }]);

      // The cart has nothing left to ask.
      await visit(page, '/cart');
      await main(page).getByTestId('cart-line').first().waitFor();
      expect(await main(page).innerText()).not.toMatch(/Choose a size/i);
      expect(problemReport()).toEqual([]);
    });
  });

  test('1280px: Escape closes the picker and adds nothing; the full page is one link away', async () => {
    const product = (await inStock()).find((item) => item.sizes.length > 1);
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, `/search?q=${encodeURIComponent(product!.name)}`);
      const card = main(page)
        .locator('article', { has: page.getByRole('link', { name: product!.name, exact: true }) })
        .first();
      await card.getByRole('button', { name: /^Add to Cart/ }).click();
      const picker = page.getByRole('dialog', { name: product!.name });
      await picker.waitFor();
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => localStorage.getItem('rossy.cart') ?? '[]')).toBe('[]');
      await card.getByRole('button', { name: /^Add to Cart/ }).click();
      await picker.getByRole('link', { name: 'View full details' }).click();
      await page.waitForURL((address) => address.pathname === `/product/${product!.id}`);
      expect(problemReport()).toEqual([]);
    });
  });
});
