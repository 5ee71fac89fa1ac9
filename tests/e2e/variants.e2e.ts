import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  main,
  pathIs,
  queryDatabase,
  requireDatabase,
  uniqueEmail,
  visit,
  withPage,
  waitForHydration,
} from './fixtures';

afterAll(closeBrowser);

interface Piece extends Record<string, unknown> {
  id: number;
  name: string;
  sizes: string[];
  colour: string;
}

/**
 * A piece with three sizes or more in two colours or more, set up as a shop's stock often is: in its
 * first colour the first size has 2 left, the last size is sold out, the others have plenty. Taken
 * from the middle of the catalogue (other journeys order the most stocked and the last pieces).
 */
async function pieceWithASoldOutSize(): Promise<Piece & { soldOut: string; fewLeft: string }> {
  requireDatabase('setting one size’s stock');
  const [piece] = await queryDatabase<Piece>(
    'choosing a piece with sizes and colours',
    `SELECT id, name, sizes, colors->0->>'name' AS colour FROM products
      WHERE status = 'active' AND cardinality(sizes) >= 3 AND jsonb_array_length(colors) >= 2
      ORDER BY id OFFSET 2 LIMIT 1`,
  );
  expect(piece, 'the seed has a piece with three sizes in two colours').toBeTruthy();
  const fewLeft = piece!.sizes[0]!;
  const soldOut = piece!.sizes.at(-1)!;
  await queryDatabase(
    'setting the stock of each size, as the owner’s grid does',
    `UPDATE product_variants
        SET stock = CASE WHEN color <> $2 THEN 6 WHEN size = $3 THEN 2 WHEN size = $4 THEN 0 ELSE 6 END
      WHERE product_id = $1`,
    [piece!.id, piece!.colour, fewLeft, soldOut],
  );
  return { ...piece!, soldOut, fewLeft };
}

const unitsOf = async (productId: number, size: string, colour: string) =>
  Number(
    (
      await queryDatabase<{ stock: number }>(
        'reading one size’s stock',
        'SELECT stock FROM product_variants WHERE product_id = $1 AND size = $2 AND color = $3',
        [productId, size, colour],
      )
    )[0]?.stock,
  );

async function fillCheckout(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+234 803 555 0142');
  await form.getByLabel('First name').fill('Adaeze');
  await form.getByLabel('Last name').fill('Okafor');
  await form.getByLabel('Address').fill('14 Admiralty Way');
  await form.getByLabel('City').fill('Lekki');
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Postal code').fill('105102');
  await form.getByRole('radio', { name: 'Bank transfer' }).check();
}

describe('sizes with stock of their own', () => {
  test('375px: a sold-out size is crossed out and not choosable, its alert is asked for, an in-stock size is ordered on WhatsApp by name and bought by bank transfer', async () => {
    const piece = await pieceWithASoldOutSize();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${piece.id}`);
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).first();
      await sizes.waitFor();

      // Crossed out, read as "XL, sold out", never chosen.
      const soldOut = sizes.getByRole('radio', { name: `${piece.soldOut}, sold out` });
      expect(await soldOut.getAttribute('aria-disabled')).toBe('true');
      const soldOutLabel = sizes.locator('label[data-sold-out]');
      expect(await soldOutLabel.count(), 'only the sold-out size is crossed out').toBe(1);
      expect(
        await soldOutLabel
          .locator('span')
          .first()
          .evaluate((element) => getComputedStyle(element).textDecorationLine),
      ).toContain('line-through');
      expect(await sizes.getByRole('radio', { name: piece.fewLeft, exact: true }).count()).toBe(1);

      await soldOutLabel.click({ force: true });
      expect(await soldOut.isChecked(), 'a sold-out size is not chosen').toBe(false);
      expect(await sizes.locator('legend').innerText()).not.toContain(piece.soldOut);
      await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await sizes.getByRole('alert').filter({ hasText: 'Please choose a size.' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('rossy.cart') ?? '[]')).toBe('[]');

      // "Tell me when it's back": the form under the sizes, answered 202.
      const alert = main(page).getByRole('region', { name: `Tell me when ${piece.soldOut} is back` });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(`${piece.soldOut} in ${piece.colour} is sold out`);
      // An empty box is said at once, without asking the shop.
      let asked = 0;
      const count = (request: { url(): string }) => {
        if (request.url().endsWith(`/api/products/${piece.id}/stock-alerts`)) asked += 1;
      };
      page.on('request', count);
      await alert.getByLabel('Email address').fill('');
      await alert.getByRole('button', { name: 'Notify me' }).click();
      await alert.getByText('Please enter your email address').waitFor();
      page.off('request', count);
      expect(asked, 'no request for an empty box').toBe(0);
      const email = uniqueEmail('variant-alert');
      await alert.getByLabel('Email address').fill(email);
      const [answer] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(`/api/products/${piece.id}/stock-alerts`)),
        alert.getByRole('button', { name: 'Notify me' }).click(),
      ]);
      expect(answer.status()).toBe(202);
      expect(answer.request().postDataJSON()).toEqual({ email, size: piece.soldOut, color: piece.colour });
      await alert.getByText('Check your e-mail to confirm', { exact: false }).waitFor();
      const waiting = await queryDatabase<{ n: number }>(
        'reading the waiting alert',
        `SELECT count(*)::int AS n FROM stock_alerts
          WHERE email = $1 AND product_id = $2 AND size = $3 AND color = $4 AND notified_at IS NULL`,
        [email, piece.id, piece.soldOut, piece.colour],
      );
      expect(waiting[0]?.n, 'one alert waits for that size and colour, for her link').toBe(1);
      expect(await axeViolations(page), 'axe with a crossed-out size and the alert form').toEqual([]);

      // An in-stock size: its own note, then into the bag.
      await sizes.locator('label', { hasText: piece.fewLeft }).first().click();
      await main(page)
        .getByTestId('low-stock')
        .filter({ hasText: `Only 2 left in ${piece.fewLeft} / ${piece.colour}` })
        .waitFor();
      // The WhatsApp order names the colour and size chosen, as the bag's message does.
      const whatsapp = main(page).getByRole('link', { name: /Order via WhatsApp/i });
      const message = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text') ?? '';
      expect(message).toContain(`I would like to order: ${piece.name}`);
      expect(message).toContain(`Colour: ${piece.colour}`);
      expect(message).toContain(`Size: ${piece.fewLeft}`);
      await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await main(page)
        .getByRole('button', { name: /Added to cart/ })
        .first()
        .waitFor();
      const bag = JSON.parse(
        await page.evaluate(() => localStorage.getItem('rossy.cart') ?? '[]'),
      ) as unknown[];
      expect(bag).toMatchObject([{ id: piece.id, selectedSize: piece.fewLeft, selectedColor: piece.colour }]);

      // Checkout by bank transfer takes the unit from that size and colour.
      await visit(page, '/cart');
      await main(page).getByTestId('cart-line').first().waitFor();
      await main(page).getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL(pathIs('/checkout'));
      // The checkout loads as its own document: what is typed before React takes the form would be lost.
      await waitForHydration(page);
      await fillCheckout(page, uniqueEmail('variant-buyer'));
      await main(page).getByTestId('bank-details').waitFor();
      await main(page)
        .getByRole('button', { name: /^Place Order · ₦/ })
        .click();
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      await main(page).getByText('Payment Pending').waitFor();
      expect(await unitsOf(piece.id, piece.fewLeft, piece.colour), 'one unit left in that size').toBe(1);
      expect(await unitsOf(piece.id, piece.soldOut, piece.colour), 'the sold-out size untouched').toBe(0);

      // Back on the page: one left now, said so.
      await visit(page, `/product/${piece.id}`);
      await sizes.locator('label', { hasText: piece.fewLeft }).first().click();
      await main(page)
        .getByTestId('low-stock')
        .filter({ hasText: `Only 1 left in ${piece.fewLeft} / ${piece.colour}` })
        .waitFor();
      expect(problemReport()).toEqual([]);
    });
  });
});
