import { afterAll, describe, expect, test } from 'vitest';
import { axeViolations, closeBrowser, main, uniqueTag, url, visit, withPage, asAdmin } from './fixtures';

afterAll(closeBrowser);

interface ApiProduct {
  id: number;
  name: string;
  variants: { size: string | null; color: string | null; inStock: boolean }[];
}

let made: Promise<ApiProduct> | undefined;

/**
 * A kaftan made in M/Navy, L/Navy, XL/Navy (none left) and L/Orange, never in M or XL in Orange:
 * the owner's grid names only the rows that exist, as a workshop makes them.
 */
function kaftan(): Promise<ApiProduct> {
  made ??= (async () => {
    const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
      items: { image: { url: string } }[];
    };
    const created = await asAdmin('/api/admin/products', 'POST', {
      name: `Adire Kaftan ${uniqueTag('never-made')}`,
      description: 'An adire kaftan, hand-dyed in Abeokuta, cut in Navy and Orange.',
      price: 45_000,
      category: 'mens-shirts',
      sizes: ['M', 'L', 'XL'],
      colors: [
        { name: 'Navy', hex: '#1F2A44' },
        { name: 'Orange', hex: '#D9692B' },
      ],
      variants: [
        { size: 'M', color: 'Navy', stock: 6 },
        { size: 'L', color: 'Navy', stock: 6 },
        { size: 'XL', color: 'Navy', stock: 0 },
        { size: 'L', color: 'Orange', stock: 4 },
      ],
      imageUrl: url(seeded.items[0]!.image.url),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    return (await (await fetch(url(`/api/products/${id}`))).json()) as ApiProduct;
  })();
  return made;
}

afterAll(async () => {
  if (made) await asAdmin(`/api/admin/products/${(await made).id}`, 'DELETE');
});

describe('a size or colour never made in the other choice', () => {
  test('375px: a size not made in the chosen colour says so, is never chosen and offers no alert, while a made size with none left stays sold out with its alert', async () => {
    const piece = await kaftan();
    expect(
      piece.variants.map((variant) => `${variant.size}/${variant.color}`).sort(),
      'the grid holds only the rows the owner named',
    ).toEqual(['L/Navy', 'L/Orange', 'M/Navy', 'XL/Navy']);

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${piece.id}`);
      const colours = main(page).locator('fieldset', { hasText: 'Colour' }).first();
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).first();
      await sizes.waitFor();
      const alertFor = (option: string) =>
        main(page).getByRole('region', { name: `Tell me when ${option} is back` });

      // Navy (the first colour in stock): XL was made and has none left, so it is sold out, as before.
      await expect.poll(() => colours.locator('legend').innerText()).toContain('Navy');
      const soldOut = sizes.getByRole('radio', { name: 'XL, sold out' });
      expect(await soldOut.getAttribute('aria-disabled')).toBe('true');
      expect(await sizes.locator('label[data-not-made]').count(), 'everything is made in Navy').toBe(0);
      await sizes.locator('label[data-sold-out]').click({ force: true });
      await alertFor('XL').waitFor();

      // Orange: M and XL were never made in it. Not "sold out", never chosen, no alert.
      await colours.locator('label[title="Orange"]').click();
      await expect.poll(() => colours.locator('legend').innerText()).toContain('Orange');
      expect(await alertFor('XL').count(), 'the alert for Navy goes with it').toBe(0);
      for (const size of ['M', 'XL']) {
        const radio = sizes.getByRole('radio', { name: `${size} — not made in Orange` });
        expect(await radio.getAttribute('aria-disabled')).toBe('true');
      }
      expect(await sizes.getByRole('radio', { name: /sold out/ }).count(), 'nothing reads sold out').toBe(0);
      expect(await sizes.locator('label[data-sold-out]').count()).toBe(0);
      expect(await sizes.locator('label[data-not-made]').count()).toBe(2);
      expect(
        await sizes
          .locator('label[data-not-made]')
          .first()
          .locator('span')
          .first()
          .evaluate((element) => getComputedStyle(element).textDecorationLine),
      ).toContain('line-through');

      await sizes.locator('label[data-not-made]', { hasText: 'M' }).click({ force: true });
      expect(await sizes.getByRole('radio', { name: 'M — not made in Orange' }).isChecked()).toBe(false);
      await expect.poll(() => sizes.locator('legend').innerText()).not.toContain('M');
      const note = main(page).getByTestId('not-made-note');
      await note.filter({ hasText: 'M is not made in Orange. It comes in Navy.' }).waitFor();
      expect(await alertFor('M').count(), 'no back-in-stock alert for what is never made').toBe(0);
      expect(await main(page).getByRole('button', { name: 'Notify me' }).count()).toBe(0);
      expect(await axeViolations(page), 'axe with sizes not made in the colour').toEqual([]);

      // Sizes first: M (in Navy, through the note); then Orange is the colour not made in M.
      await note.getByRole('button', { name: 'Show M in Navy' }).click();
      await expect.poll(() => sizes.locator('legend').innerText()).toContain('M');
      await expect.poll(() => colours.locator('legend').innerText()).toContain('Navy');
      const orange = colours.getByRole('radio', { name: 'Orange — not made in M' });
      expect(await orange.getAttribute('aria-disabled')).toBe('true');
      await colours.locator('label[data-not-made]').click({ force: true });
      expect(await orange.isChecked()).toBe(false);
      await note.filter({ hasText: 'Orange is not made in M. It comes in L.' }).waitFor();
      expect(await alertFor('Orange').count()).toBe(0);
      await note.getByRole('button', { name: 'Show Orange in L' }).click();
      await expect.poll(() => colours.locator('legend').innerText()).toContain('Orange');
      await expect.poll(() => sizes.locator('legend').innerText()).toContain('L');

      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(problemReport()).toEqual([]);
    });
  });

  test('375px: quick add from the card greys a size not made in the chosen colour and puts only a made one in the bag', async () => {
    const piece = await kaftan();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/search?q=${encodeURIComponent(piece.name)}`);
      const card = main(page)
        .locator('article', { has: page.getByRole('link', { name: piece.name, exact: true }) })
        .first();
      await card.getByRole('button', { name: /^Add to Cart/ }).click();
      const picker = page.getByRole('dialog', { name: piece.name });
      const sizes = picker.locator('fieldset', { hasText: 'Size' }).first();
      await picker.getByRole('button', { name: 'Add to Cart' }).waitFor();

      await picker.locator('label[title="Orange"]').click();
      expect(
        await sizes.getByRole('radio', { name: 'M — not made in Orange' }).getAttribute('aria-disabled'),
      ).toBe('true');
      expect(await sizes.getByRole('radio', { name: /sold out/ }).count()).toBe(0);
      await sizes.locator('label[data-not-made]', { hasText: 'XL' }).click({ force: true });
      await picker.getByTestId('not-made-note').filter({ hasText: 'XL is not made in Orange.' }).waitFor();
      expect(await picker.getByRole('button', { name: 'Notify me' }).count()).toBe(0);
      expect(await axeViolations(page), 'axe in quick add with a size not made').toEqual([]);

      await sizes.locator('label').filter({ hasText: /^L$/ }).click();
      await picker.getByRole('button', { name: 'Add to Cart' }).click();
      await picker.waitFor({ state: 'hidden' });
      const bag = await page.evaluate(
        () => JSON.parse(localStorage.getItem('rossy.cart') ?? '[]') as Record<string, unknown>[],
      );
      expect(bag).toMatchObject([{ id: piece.id, selectedColor: 'Orange', selectedSize: 'L' }]);
      expect(problemReport()).toEqual([]);
    });
  });

  test('the shop refuses a never-made combination: no alert for it, and the quote flags it', async () => {
    const piece = await kaftan();
    const alert = await fetch(url(`/api/products/${piece.id}/stock-alerts`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'never-made@example.test', size: 'M', color: 'Orange' }),
    });
    expect(alert.status).toBe(400);
    expect(((await alert.json()) as { error: { message: string } }).error.message).toBe(
      'M / Orange is not available for this item.',
    );

    const quote = (await (
      await fetch(url('/api/cart/quote'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ id: piece.id, quantity: 1, selectedSize: 'M', selectedColor: 'Orange' }],
        }),
      })
    ).json()) as { purchasable: boolean; lines: { problem: string | null; problemKind: string }[] };
    expect(quote.lines[0]).toMatchObject({
      problem: 'M / Orange is not available for this item.',
      problemKind: 'unknown-option',
    });
    expect(quote.purchasable).toBe(false);
  });
});
