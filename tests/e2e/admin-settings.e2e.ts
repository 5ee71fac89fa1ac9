import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  axeViolations,
  closeBrowser,
  main,
  signInAsAdmin,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

/** The dashboard's form posts; a refused save answers 400 there on purpose. */
const ACTION_PATHS = ['/admin', '/admin.data'];

async function settingsApi(token: string, method: 'GET' | 'PATCH', body?: unknown) {
  const response = await fetch(url('/api/admin/settings'), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} /api/admin/settings`).toBe(200);
  return (await response.json()) as { taxRates: Record<string, number> };
}

/** One in-stock piece in the browser's cart (the cart lives in local storage). */
async function cartWithOnePiece(page: Page) {
  const list = (await (await fetch(url('/api/products?pageSize=24&availability=in-stock'))).json()) as {
    items: { id: number }[];
  };
  const product = (await (await fetch(url(`/api/products/${list.items[0]!.id}`))).json()) as {
    id: number;
    name: string;
    price: number;
    image: string | null;
    sizes: string[];
  };
  await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    price: product.price,
    image: product.image ?? null,
    category: '',
    quantity: 1,
    selectedColor: null,
    selectedSize: product.sizes[0] ?? null,
  });
}

const saveBar = (page: Page) => main(page).getByRole('button', { name: 'Save Settings' });
const notice = (page: Page) => main(page).getByTestId('admin-notice');

describe('admin settings', () => {
  test("at 1280px a refused tax rate keeps what was typed; a saved one is checkout's tax at once", async () => {
    // Asia-Pacific (Australia) is a region no other journey checks out to; restored whatever happens.
    const token = await adminApiToken();
    const original = (await settingsApi(token, 'GET')).taxRates.asia!;
    const chosen = original === 13.5 ? 12.5 : 13.5;
    try {
      await withPage(
        1280,
        async ({ page, problemReport }) => {
          await signInAsAdmin(page);
          await visit(page, '/admin?tab=settings');
          const asia = main(page).getByLabel('Asia-Pacific (%)');
          expect(await asia.inputValue()).toBe(String(original));
          expect(await axeViolations(page), 'axe on Settings').toEqual([]);

          // 101 is refused beside the field; nothing typed is lost and nothing is saved.
          const hours = main(page).getByLabel('Business hours');
          const hoursBefore = await hours.inputValue();
          await asia.fill('101');
          await hours.fill('Monday to Saturday, 10am to 6pm');
          await saveBar(page).click();
          await notice(page)
            .getByText(/^Settings were not saved/)
            .waitFor();
          await main(page).getByText('Enter a rate from 0 to 100', { exact: true }).waitFor();
          expect(await asia.getAttribute('aria-invalid')).toBe('true');
          expect(await asia.inputValue()).toBe('101');
          expect(await hours.inputValue()).toBe('Monday to Saturday, 10am to 6pm');
          expect((await settingsApi(token, 'GET')).taxRates.asia).toBe(original);

          // A valid rate saves, with SPEC's message (business hours put back first).
          await asia.fill(String(chosen));
          await hours.fill(hoursBefore);
          await saveBar(page).click();
          await notice(page).getByText('Settings saved successfully!', { exact: true }).waitFor();
          expect((await settingsApi(token, 'GET')).taxRates.asia).toBe(chosen);

          // Checkout to Australia shows the new rate.
          await cartWithOnePiece(page);
          await visit(page, '/checkout');
          await main(page).getByLabel('Country').selectOption('AUS');
          await main(page).getByText(`incl. VAT (${chosen}%)`).first().waitFor();
          expect(problemReport()).toEqual([]);
        },
        ACTION_PATHS,
      );
    } finally {
      await settingsApi(token, 'PATCH', { taxRates: { asia: original } });
    }
  });

  test('at 375px the settings form fits the screen', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page);
      await visit(page, '/admin?tab=settings');
      await saveBar(page).waitFor();
      expect(await saveBar(page).isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
      expect(problemReport()).toEqual([]);
    });
  });
});
