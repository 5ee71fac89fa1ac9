import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  databaseUrl,
  main,
  newestMailTo,
  pathIs,
  refusedPosts,
  uniqueTag,
  url,
  visit,
  withPage,
  WIDTHS,
  waitForHydration,
  finishSignUpInBrowser,
  asAdmin,
} from './fixtures';

afterAll(closeBrowser);

interface ApiProduct {
  id: number;
  name: string;
  sizes: string[];
  stockCount: number;
  variants: { inStock: boolean; stockCount: number | null }[];
}

/** In-stock products from the API, with their sizes. */
async function inStockProducts(): Promise<ApiProduct[]> {
  const ids: number[] = [];
  for (let page = 1; page <= 4; page++) {
    const list = (await (
      await fetch(url(`/api/products?pageSize=24&page=${page}&availability=in-stock`))
    ).json()) as {
      items: { id: number }[];
    };
    ids.push(...list.items.map((item) => item.id));
    if (list.items.length < 24) break;
  }
  const details = await Promise.all(
    ids.map(async (id) => (await (await fetch(url(`/api/products/${id}`))).json()) as ApiProduct),
  );
  return details.filter((product) => product.variants.some((variant) => variant.inStock));
}

/** Plenty of every size and colour a shopper can choose (the shop shows 5 for five or more): orders never run one out. */
const plenty = (product: ApiProduct) =>
  product.variants.every((variant) => !variant.inStock || (variant.stockCount ?? 0) >= 5);

const cartBadge = (page: Page) => page.locator('header a[aria-label^="Cart"]').first();

async function fillCheckout(
  page: Page,
  email: string,
  { phone = '+234 803 555 0199', state = 'Lagos', postalCode = '101233' } = {},
) {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill(phone);
  await form.getByLabel('First name').fill('Ifeoma');
  await form.getByLabel('Last name').fill('Nwosu');
  await form.getByLabel('Address').fill('7 Awolowo Road');
  await form.getByLabel('City').fill('Ikoyi');
  await form.getByLabel('State').selectOption(state);
  await form.getByLabel('Postal code').fill(postalCode);
  await form.getByRole('radio', { name: 'Bank transfer' }).check();
}

describe('buying on a phone (375px)', () => {
  test('add from list and detail, change quantities, remove with confirmation, wishlist to cart, guest checkout by bank transfer, order detail, tracking', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      const products = await inStockProducts();
      const oneSize = products.find((product) => product.sizes.length === 1 && plenty(product));
      const sized = products.find((product) => product.sizes.length > 1);
      expect(oneSize && sized, 'the seed has one-size and sized pieces in stock').toBeTruthy();

      // From the list: a one-size piece in several colours asks for its colour, then goes into the cart.
      await visit(page, '/products');
      const card = page.locator('article', { hasText: oneSize!.name }).first();
      if ((await card.count()) === 0) await visit(page, `/search?q=${encodeURIComponent(oneSize!.name)}`);
      const addFromList = page
        .locator('article', { hasText: oneSize!.name })
        .first()
        .getByRole('button', { name: /^Add to Cart/ });
      await addFromList.click();
      const picker = page.getByRole('dialog', { name: oneSize!.name });
      await picker.getByRole('button', { name: 'Add to Cart' }).click();
      await picker.waitFor({ state: 'hidden' });
      await page
        .locator('article', { hasText: oneSize!.name })
        .first()
        .getByRole('button', { name: /^Added to cart/ })
        .waitFor();
      await expect.poll(() => cartBadge(page).textContent()).toContain('1');

      // From the detail page: colour and size chosen.
      await visit(page, `/product/${sized!.id}`);
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).locator('label:not([data-sold-out])');
      await sizes.first().click();
      await main(page)
        .getByRole('button', { name: /^Add to cart$/i })
        .click();
      await main(page)
        .getByRole('button', { name: /Added to cart/i })
        .waitFor();
      await expect.poll(() => cartBadge(page).textContent()).toContain('2');

      // The cart: server-priced, quantities, removal with confirmation.
      await visit(page, '/cart');
      const lines = main(page).getByTestId('cart-line');
      await expect.poll(() => lines.count()).toBe(2);
      await main(page)
        .getByRole('button', { name: `One more ${oneSize!.name}` })
        .click();
      await expect.poll(() => main(page).getByLabel(`Quantity of ${oneSize!.name}`).inputValue()).toBe('2');
      const quantity = main(page).getByLabel(`Quantity of ${oneSize!.name}`);
      await quantity.fill('abc');
      await quantity.blur();
      await expect.poll(() => quantity.inputValue(), { message: 'invalid input becomes 1' }).toBe('1');
      await expect.poll(() => main(page).getByTestId('order-total').textContent()).toMatch(/₦/);

      await main(page)
        .getByRole('button', { name: `Remove ${sized!.name} from cart` })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Remove this item?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await lines.count(), 'cancel keeps the line').toBe(2);
      await main(page)
        .getByRole('button', { name: `Remove ${sized!.name} from cart` })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: 'Remove this item?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect.poll(() => lines.count()).toBe(1);

      // Wishlist to cart: the piece moves.
      await visit(page, `/product/${sized!.id}`);
      await main(page)
        .getByRole('button', { name: /wishlist/i })
        .first()
        .click();
      await visit(page, '/wishlist');
      await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
      await main(page).getByRole('heading', { name: 'Your Wishlist is Empty' }).waitFor();
      await visit(page, '/cart');
      await expect.poll(() => lines.count()).toBe(2);
      // The wishlist gives no size: the cart asks for it before checkout.
      const sizeChoice = main(page).getByRole('combobox').first();
      await sizeChoice.waitFor();
      await sizeChoice.selectOption({ index: 1 });
      await main(page).getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
      expect(await axeViolations(page), 'axe on /cart').toEqual([]);
      await main(page).getByRole('link', { name: 'Proceed to Checkout' }).click();

      // Guest checkout by bank transfer.
      await page.waitForURL(pathIs('/checkout'));
      await waitForHydration(page);
      await main(page)
        .getByRole('button', { name: /^Place Order/ })
        .waitFor();
      const email = `ifeoma.${Date.now()}@example.ng`;
      await main(page)
        .getByRole('button', { name: /^Place Order/ })
        .click();
      await main(page).getByText('Please fill in all required fields').first().waitFor();
      await fillCheckout(page, email);
      await main(page).getByTestId('bank-details').waitFor();
      expect(await axeViolations(page), 'axe on /checkout').toEqual([]);
      await main(page)
        .getByRole('button', { name: /^Place Order · ₦/ })
        .click();

      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      const orderNumber = new URL(page.url()).searchParams.get('order');
      expect(orderNumber).toMatch(/^ORD-\d{5,}$/);
      await main(page).getByText('Payment Pending').waitFor();
      // The words match the state: received, waiting for the transfer, never "confirmed" before the money.
      const summary = await main(page).locator('p', { hasText: orderNumber! }).first().innerText();
      expect(summary).toContain('is received and waiting for your bank transfer');
      expect(summary).not.toContain('confirmed');
      // The order's own account: the exact amount to send, and a status that waits for it by itself.
      const account = main(page).getByTestId('transfer-account');
      await account.getByText(/^\d{10}$/).waitFor();
      expect(await account.innerText()).toMatch(/Send exactly ₦[\d,]+(?:\.\d{2})? from your bank app/);
      await account.getByText('Waiting for your transfer.').waitFor();
      expect(await account.getByRole('button', { name: 'Copy account number' }).count()).toBe(1);
      expect(await cartBadge(page).textContent(), 'the cart is cleared').not.toMatch(/\d/);
      expect(await axeViolations(page), 'axe on /order-success').toEqual([]);

      // The confirmation page survives a reload.
      await page.reload();
      await main(page).getByText(orderNumber!).first().waitFor();

      if (databaseUrl()) {
        const mail = await newestMailTo(email);
        expect(mail?.subject).toContain(orderNumber!);
        expect(mail?.text).toContain('to the account opened for this order alone');
        expect(mail?.text).toContain('?key=');
      }

      // The order's own page, through the guest link.
      await main(page).getByRole('link', { name: 'View Order Details' }).click();
      await page.waitForURL(pathIs(`/orderdetails/${orderNumber}`));
      // The confirmation page names the order too: wait for what only the detail page has.
      await main(page)
        .getByRole('link', { name: /Need Help/i })
        .waitFor();
      await main(page).getByText(orderNumber!).first().waitFor();

      // Tracking by number and e-mail.
      await visit(page, '/track-order');
      await main(page).getByLabel('Order number', { exact: true }).fill(orderNumber!);
      await main(page).getByLabel('Email', { exact: true }).fill(email.toUpperCase());
      await main(page).getByRole('button', { name: 'Track Order' }).click();
      await main(page)
        .getByText(/awaiting payment/i)
        .first()
        .waitFor();

      expect(problemReport()).toEqual([]);
    });
  });

  test("a signed-in shopper's order appears under My Orders", async () => {
    await withPage(375, async ({ page, problemReport }) => {
      const [product] = (await inStockProducts()).filter(
        (candidate) => candidate.sizes.length === 1 && plenty(candidate),
      );
      const email = `tunde.${Date.now()}@example.ng`;
      await visit(page, '/register');
      await main(page).getByLabel('Name', { exact: false }).first().fill('Tunde Bakare');
      await main(page).getByLabel('Email').fill(email);
      await main(page).getByLabel('Password', { exact: true }).fill('Agbada-Lagos-2024');
      await main(page)
        .getByLabel(/confirm/i)
        .fill('Agbada-Lagos-2024');
      await main(page).getByRole('checkbox').check();
      await main(page)
        .getByRole('button', { name: /create account/i })
        .click();
      await finishSignUpInBrowser(page, email);

      await visit(page, `/product/${product!.id}`);
      await main(page)
        .getByRole('button', { name: /^Add to cart$/i })
        .click();
      await visit(page, '/checkout');
      await expect
        .poll(() => main(page).getByLabel('Email').inputValue(), {
          message: 'the profile prefills the e-mail',
        })
        .toBe(email);
      // A Nigerian address: the 36 states and the FCT to choose from, no postal code needed.
      const state = main(page).getByLabel('State');
      expect(await state.evaluate((select) => select.tagName)).toBe('SELECT');
      expect(await state.locator('option:not([disabled])').count()).toBe(37);
      expect(await main(page).getByLabel('Postal code').getAttribute('required')).toBeNull();
      await fillCheckout(page, email, { phone: '0803 555', state: 'FCT', postalCode: '' });
      const placeOrder = main(page).getByRole('button', { name: /^Place Order · ₦/ });
      await placeOrder.click();
      await main(page)
        .getByText(/Please enter a Nigerian phone number/)
        .first()
        .waitFor();
      await main(page).getByLabel('Phone').fill('0803 555 0199');
      await placeOrder.click();
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      const orderNumber = new URL(page.url()).searchParams.get('order')!;
      expect(
        new URL(page.url()).searchParams.get('key'),
        'a signed-in shopper needs no secret link',
      ).toBeNull();

      await visit(page, '/orders');
      await main(page).getByText(orderNumber).first().waitFor();
      await visit(page, `/orders/${orderNumber}`);
      await main(page).getByText('+234 803 555 0199').first().waitFor();

      // Saved to the profile: the next checkout is filled in.
      await visit(page, `/product/${product!.id}`);
      await main(page)
        .getByRole('button', { name: /^Add to cart$/i })
        .click();
      await visit(page, '/checkout');
      await expect
        .poll(() => main(page).getByLabel('Phone').inputValue(), { message: 'the saved phone, in one form' })
        .toBe('+234 803 555 0199');
      expect(await main(page).getByLabel('State').inputValue()).toBe('FCT');
      expect(await main(page).getByLabel('Address').inputValue()).toBe('7 Awolowo Road');
      expect(await main(page).getByLabel('City').inputValue()).toBe('Ikoyi');
      expect(await main(page).getByLabel('First name').inputValue()).toBe('Tunde');
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('the cart on a wide screen (1280px)', () => {
  test('shows a table with column heads, the coupon box refuses a bad code and takes a good one', async () => {
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        const [product] = (await inStockProducts()).filter(
          (candidate) => candidate.sizes.length === 1 && plenty(candidate),
        );
        await visit(page, `/product/${product!.id}`);
        await main(page)
          .getByRole('button', { name: /^Add to cart$/i })
          .click();
        await visit(page, '/cart');
        await main(page).getByText('Quantity', { exact: true }).waitFor();
        await main(page).getByText('Calculated at checkout').waitFor();
        const coupon = main(page).getByLabel('Coupon code');
        await coupon.fill('NOTACODE');
        await main(page).getByRole('button', { name: 'Apply' }).click();
        await main(page).getByText('Invalid coupon code.').waitFor();
        await coupon.fill('rossy10');
        await main(page).getByRole('button', { name: 'Apply' }).click();
        await main(page).getByText('ROSSY10 applied: 10% off.').waitFor();
        await main(page).getByText('Discount (ROSSY10)').waitFor();
        expect(problemReport()).toEqual([]);
      },
      ['/api/coupons/validate'],
    );
  });
});

describe('a price that changes while the shopper is on checkout', () => {
  test.each(WIDTHS)(
    'at %ipx Place Order says what changed and places nothing; confirming again places the order at the new total',
    async (width) => {
      // A piece of its own, so no other journey running meanwhile meets its new price.
      const name = `Kano Leather Weekender ${uniqueTag(String(width))}`;
      const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
        items: { image: { url: string } }[];
      };
      const created = await asAdmin('/api/admin/products', 'POST', {
        name,
        description: 'A soft leather weekender, hand-stitched in Kano.',
        price: 19_500,
        stock: 20,
        category: 'clutch-bags',
        sizes: ['One Size'],
        imageUrl: url(seeded.items[0]!.image.url),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      try {
        await withPage(
          width,
          async ({ page, problemReport }) => {
            const refused = refusedPosts(page);
            await visit(page, `/product/${id}`);
            await main(page)
              .getByRole('button', { name: /^Add to cart$/i })
              .click();
            await visit(page, '/checkout');
            await fillCheckout(page, `weekender.${Date.now()}@example.ng`);
            // ₦19,500 with its VAT inside, delivered free: the total the shopper sees is the tag price.
            const placeOrder = main(page).getByRole('button', { name: /^Place Order · ₦/ });
            await expect.poll(() => placeOrder.textContent()).toBe('Place Order · ₦19,500');

            // The shop doubles the price while the shopper fills in the form.
            const repriced = await asAdmin(`/api/admin/products/${id}`, 'PATCH', { price: 39_000 });
            expect(repriced.status, await repriced.clone().text()).toBe(200);
            await placeOrder.click();

            const alert = main(page).getByTestId('price-change');
            await alert.waitFor();
            const said = await alert.innerText();
            expect(said).toContain(
              'Prices changed since you opened checkout: the total is now ₦39,000 (was ₦19,500).',
            );
            expect(said).toContain(name);
            expect(said).toMatch(/₦19,500[\s\S]*₦39,000/);
            expect(said).toContain('Nothing was charged');
            // The summary shows the new quote, and Place Order names the new total.
            await expect.poll(() => placeOrder.textContent()).toBe('Place Order · ₦39,000');
            await expect
              .poll(() => main(page).getByRole('complementary', { name: 'Order summary' }).innerText())
              .toContain('₦39,000');
            expect(new URL(page.url()).pathname, 'still on checkout').toBe('/checkout');
            expect(refused).toEqual(['409 /api/orders']);
            expect(await axeViolations(page), 'axe on /checkout with the price change').toEqual([]);
            await main(page)
              .getByRole('complementary', { name: 'Order summary' })
              .screenshot({ path: `test-results/checkout-price-change-${width}.png` });

            await placeOrder.click();
            await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
            const orderNumber = new URL(page.url()).searchParams.get('order')!;
            const key = new URL(page.url()).searchParams.get('key')!;
            const order = (await (
              await fetch(url(`/api/orders/${orderNumber}?key=${encodeURIComponent(key)}`))
            ).json()) as { total: number; items: { price: number }[] };
            expect(order.total, 'placed at the total the shopper confirmed').toBe(39_000);
            expect(order.items[0]?.price).toBe(39_000);
            expect(refused, 'one refusal, then the order').toEqual(['409 /api/orders']);
            expect(problemReport()).toEqual([]);
          },
          ['/api/orders'],
        );
      } finally {
        await asAdmin(`/api/admin/products/${id}`, 'DELETE');
      }
    },
  );
});
