import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { formatNaira } from '../../contracts/money';
import {
  axeViolations,
  closeBrowser,
  main,
  openAsAdmin,
  pathIs,
  uniqueTag,
  url,
  visit,
  waitForHydration,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  sizes: string[];
  variants: { inStock: boolean; stockCount: number | null }[];
}

/** A one-size piece of ₦20,000 or more with plenty of every option, so orders never run it out. */
async function pieceOverTwentyThousand(): Promise<ApiProduct> {
  const list = (await (
    await fetch(url('/api/products?pageSize=48&availability=in-stock&minPrice=20000&sort=price-asc'))
  ).json()) as { items: { id: number }[] };
  for (const { id } of list.items) {
    const piece = (await (await fetch(url(`/api/products/${id}`))).json()) as ApiProduct;
    const plenty = piece.variants.every((variant) => !variant.inStock || (variant.stockCount ?? 0) >= 5);
    if (piece.sizes.length === 1 && piece.price >= 20_000 && plenty) return piece;
  }
  throw new Error('The seed has no one-size piece of ₦20,000 or more in stock');
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

/** The owner's Coupons tab: a fixed amount off with a minimum spend and one use per customer. */
async function createFixedCoupon(page: Page, code: string): Promise<void> {
  await openAsAdmin(page, '/admin?tab=coupons');
  const form = main(page).getByRole('region', { name: 'Create a Coupon' });
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await form.getByLabel('Type', { exact: true }).selectOption('fixed');
  await form.getByLabel('Amount off (₦)').fill('5,000');
  await form.getByLabel('Minimum spend (₦)').fill('20000');
  await form.getByLabel('Limit per customer').fill('1');
  await form.getByLabel('Description').fill('₦5,000 off an order of ₦20,000');
  await form.getByRole('button', { name: 'Create Coupon' }).click();
  await form.getByText(`Coupon ${code} created: ₦5,000 off. Shoppers can use it now.`).waitFor();
}

async function fillCheckout(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+234 803 555 0148');
  await form.getByLabel('First name').fill('Zainab');
  await form.getByLabel('Last name').fill('Lawal');
  await form.getByLabel('Address').fill('21 Adeola Odeku Street');
  await form.getByLabel('City').fill('Victoria Island');
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Postal code').fill('101241');
  await form.getByRole('radio', { name: 'Bank transfer' }).check();
}

describe('coupons a Nigerian shop runs, on a phone (375px)', () => {
  test('the owner creates a ₦5,000-off coupon in Coupons; a shopper applies it at checkout and sees the discount and the total', async () => {
    const code = `NAIJA${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await withPage(375, async ({ page, problemReport }) => {
      await createFixedCoupon(page, code);
      // The list says what it gives and what it asks, as figures.
      const card = main(page).locator(`[data-testid="coupon-card"][data-code="${code}"]`);
      await card.waitFor();
      expect(await card.getByTestId('coupon-offer').innerText()).toContain('₦5,000 off');
      expect(await card.getByTestId('coupon-conditions').innerText()).toBe('Min ₦20,000 · 1 per customer');
      // Edited, the form opens on what the coupon is and keeps it: only the description changes.
      await card.getByRole('button', { name: `Edit coupon ${code}` }).click();
      const edit = main(page).getByRole('form', { name: `Edit coupon ${code}` });
      expect(await edit.getByLabel('Type', { exact: true }).inputValue()).toBe('fixed');
      expect(await edit.getByLabel('Amount off (₦)').inputValue()).toBe('5,000');
      expect(await edit.getByLabel('Minimum spend (₦)').inputValue()).toBe('20,000');
      await edit.getByLabel('Description').fill('₦5,000 off when you spend ₦20,000');
      await edit.getByRole('button', { name: 'Save Coupon' }).click();
      await edit.getByText(`Coupon ${code} saved.`).waitFor();
      await expect
        .poll(() => card.getByTestId('coupon-conditions').innerText())
        .toBe('Min ₦20,000 · 1 per customer');
      expect(await card.getByTestId('coupon-offer').innerText()).toContain('₦5,000 off');
      await noSideways(page);
      expect(problemReport()).toEqual([]);
    });

    const piece = await pieceOverTwentyThousand();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${piece.id}`);
      await main(page)
        .getByRole('button', { name: /^Add to cart$/i })
        .click();
      await main(page)
        .getByRole('button', { name: /Added to cart/i })
        .waitFor();
      await visit(page, '/checkout');
      await fillCheckout(page, `${uniqueTag('zainab')}@example.ng`);
      const summary = main(page).getByRole('complementary', { name: 'Order summary' });
      const placeOrder = main(page).getByRole('button', { name: /^Place Order · ₦/ });
      await placeOrder.waitFor();

      // The code typed in any case, applied with Enter: the order is not placed by it.
      const box = summary.getByLabel('Coupon code');
      await box.fill(code.toLowerCase());
      await box.press('Enter');
      await summary.getByText(`${code} applied: ₦5,000 off.`).waitFor();
      await summary.getByText(`Discount (${code})`).waitFor();
      await summary.getByText(`Using ${code}: ₦5,000 off.`).waitFor();
      expect(new URL(page.url()).pathname, 'still on checkout').toBe('/checkout');

      // The total is the server's, ₦5,000 less than without the code.
      const quote = async (couponCode?: string) =>
        (await (
          await fetch(url('/api/cart/quote'), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              items: [{ id: piece.id, quantity: 1, selectedSize: piece.sizes[0] }],
              couponCode,
              shippingMethod: 'standard',
              shippingAddress: { country: 'Nigeria', state: 'Lagos' },
            }),
          })
        ).json()) as { discount: number; total: number };
      const [without, withCode] = await Promise.all([quote(), quote(code)]);
      expect(withCode.discount).toBe(5_000);
      const totalText = formatNaira(Math.round(withCode.total * 100));
      await expect.poll(() => placeOrder.textContent()).toBe(`Place Order · ${totalText}`);
      expect(await summary.getByTestId('order-total').textContent()).toBe(totalText);
      expect(without.discount).toBe(0);
      const discountRow = summary.locator('div', { hasText: `Discount (${code})` }).last();
      expect(await discountRow.locator('dd').textContent()).toBe(`−${formatNaira(500_000)}`);
      await noSideways(page);
      expect(await axeViolations(page), 'axe on /checkout with a coupon').toEqual([]);

      await placeOrder.click();
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      await waitForHydration(page);
      await main(page).getByText(`Discount (${code})`).first().waitFor();
      expect(problemReport()).toEqual([]);
    });
  });
});
