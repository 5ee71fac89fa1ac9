import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, main, orderableProduct, url, visit, withPage } from './fixtures';

afterAll(closeBrowser);

/** One piece in the browser's cart (the cart lives in local storage), then the checkout. */
async function openCheckout(page: import('playwright-core').Page) {
  const product = await orderableProduct();
  const detail = (await (await fetch(url(`/api/products/${product.id}`))).json()) as {
    name: string;
    price: number;
  };
  await visit(page, '/');
  await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
    id: product.id,
    name: detail.name,
    price: detail.price,
    image: null,
    category: '',
    quantity: 1,
    selectedColor: null,
    selectedSize: product.size,
  });
  await visit(page, '/checkout');
  await main(page)
    .getByRole('button', { name: /^Place Order · ₦/ })
    .waitFor();
}

describe('the checkout form (375px)', () => {
  test('one card option, a missing state named, the address filled as address-line1', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await openCheckout(page);
      const form = main(page);

      // Flutterwave and Credit card open the same provider window: one card option, and bank transfer.
      const methods = await form
        .getByRole('radio')
        .evaluateAll((radios) =>
          radios
            .filter((radio) => (radio as HTMLInputElement).name === 'paymentMethod')
            .map((radio) => (radio as HTMLInputElement).value),
        );
      expect(methods).toEqual(['flutterwave', 'bank-transfer']);
      expect(await form.getByRole('radio', { name: /^Credit card$/ }).count()).toBe(0);

      // The single-line address is the first line of a street address, as autofill knows it.
      expect(await form.getByLabel('Address').getAttribute('autocomplete')).toBe('address-line1');

      // Everything but the state: the message says which field is missing, and the State select has focus.
      await form.getByLabel('Email').fill('amaka.state@example.ng');
      await form.getByLabel('Phone').fill('0803 555 0142');
      await form.getByLabel('First name').fill('Amaka');
      await form.getByLabel('Last name').fill('Eze');
      await form.getByLabel('Address').fill('3 Ogui Road');
      await form.getByLabel('City').fill('Enugu');
      await form.getByRole('radio', { name: 'Bank transfer' }).check();
      await form.getByRole('button', { name: /^Place Order · ₦/ }).click();
      await form.getByRole('alert').filter({ hasText: 'Please choose your state' }).first().waitFor();
      const state = form.getByLabel('State');
      expect(await state.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await state.getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByText('Please fill in all required fields').count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('the header search box', () => {
  test('follows the ARIA combobox pattern the Nu HTML Checker validates, closed and open', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/');
      const box = page.locator('header').getByRole('combobox', { name: 'Search products' }).first();
      const attributes = () =>
        box.evaluate((input) => ({
          tag: input.tagName,
          type: input.getAttribute('type'),
          expanded: input.getAttribute('aria-expanded'),
          autocomplete: input.getAttribute('aria-autocomplete'),
          controls: input.getAttribute('aria-controls'),
          listRole: document.getElementById(input.getAttribute('aria-controls') ?? '')?.getAttribute('role'),
        }));
      // role=combobox is allowed on a text input, not on type=search (the checker's "Bad value").
      expect(await attributes()).toEqual({
        tag: 'INPUT',
        type: 'text',
        expanded: 'false',
        autocomplete: 'list',
        controls: expect.any(String),
        listRole: 'listbox',
      });
      expect(await box.getAttribute('inputmode')).toBe('search');

      await box.fill('bag');
      await expect.poll(async () => (await attributes()).expanded, { timeout: 10_000 }).toBe('true');
      const listId = (await attributes()).controls!;
      const options = page.locator(`[id="${listId}"] [role="option"]`);
      expect(await options.count()).toBeGreaterThan(0);
      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      expect(active && (await page.locator(`[id="${active}"]`).getAttribute('role'))).toBe('option');
      expect(problemReport()).toEqual([]);
    });
  });
});
