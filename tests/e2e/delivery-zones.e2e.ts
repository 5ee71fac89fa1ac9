import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { formatDeliveryWindow } from '../../contracts/delivery-dates';
import {
  closeBrowser,
  databaseUrl,
  main,
  newestMailTo,
  openAsAdmin,
  pathIs,
  uniqueTag,
  url,
  visit,
  waitForHydration,
  withPage,
  type Width,
  asAdmin,
} from './fixtures';

afterAll(closeBrowser);

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  freeShipping: boolean;
  sizes: string[];
  variants: {
    size: string | null;
    color: string | null;
    inStock: boolean;
    stockCount: number;
    price: number;
  }[];
}

interface QuotedMethod {
  id: string;
  price: number;
  free: boolean;
  deliveryDates: { earliest: string; latest: string };
}

type Piece = { product: ApiProduct; size: string | null; color: string | null };
let made: Promise<Piece> | undefined;

/**
 * A piece of its own well under the free-delivery threshold (the seed's all reach it), so Standard
 * delivery is charged in every zone, with stock enough that the orders here never run it out.
 */
function cheapPiece(): Promise<Piece> {
  made ??= (async () => {
    const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
      items: { image: { url: string } }[];
    };
    const created = await asAdmin('/api/admin/products', 'POST', {
      name: `Adire Pocket Square ${uniqueTag('delivery')}`,
      description: 'A small adire pocket square, hand-dyed in Abeokuta.',
      price: 6_500,
      stock: 40,
      category: 'clutch-bags',
      sizes: ['One Size'],
      imageUrl: url(seeded.items[0]!.image.url),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const product = (await (await fetch(url(`/api/products/${id}`))).json()) as ApiProduct;
    const variant = product.variants.find((candidate) => candidate.inStock);
    return { product, size: variant?.size ?? null, color: variant?.color ?? null };
  })();
  return made;
}

afterAll(async () => {
  if (made) await asAdmin(`/api/admin/products/${(await made).product.id}`, 'DELETE');
});

/** What the shop quotes for one piece to a state: the API the checkout's quote follows. */
async function quoteTo(productId: number, size: string | null, color: string | null, state: string) {
  const response = await fetch(url('/api/cart/quote'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: productId, quantity: 1, selectedSize: size, selectedColor: color }],
      shippingAddress: { country: 'Nigeria', state },
    }),
  });
  const body = (await response.json()) as { shippingMethods: QuotedMethod[] };
  expect(response.status, `POST /api/cart/quote to ${state}`).toBe(200);
  return new Map(body.shippingMethods.map((method) => [method.id, method]));
}

async function fillDetails(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('0803 555 0177');
  await form.getByLabel('First name').fill('Hauwa');
  await form.getByLabel('Last name').fill('Bello');
  await form.getByLabel('Address').fill('12 Zoo Road');
  await form.getByLabel('City').fill('Kano');
  await form.getByRole('radio', { name: 'Bank transfer' }).check();
}

/**
 * Nothing wider than the screen, and nothing lying over the prices or buttons named: each is brought
 * to the middle of the screen (clear of the sticky header) and must be what is shown at its centre.
 */
async function layoutProblems(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((targets) => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const selector of targets)
      for (const element of Array.from(document.querySelectorAll(selector))) {
        element.scrollIntoView({ block: 'center', behavior: 'instant' });
        const box = element.getBoundingClientRect();
        if (box.width === 0) continue;
        if (box.left < -1 || box.right > window.innerWidth + 1)
          problems.push(`${selector} runs off the screen`);
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (top && !element.contains(top) && !top.contains(element))
          problems.push(`${selector} is covered by ${top.outerHTML.slice(0, 160)}`);
      }
    return problems;
  }, selectors);
}

/** Whether the settings' Save button, where it now stands on the screen, is what is drawn at its centre. */
async function saveButtonShown(page: Page): Promise<boolean> {
  return main(page)
    .getByRole('button', { name: 'Save Settings' })
    .evaluate((button) => {
      const box = button.getBoundingClientRect();
      if (box.bottom > window.innerHeight || box.top < 0) return false;
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && button.contains(top);
    });
}

async function putInBag(page: Page, piece: Piece) {
  await visit(page, '/');
  await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
    id: piece.product.id,
    name: piece.product.name,
    price: piece.product.price,
    image: null,
    category: '',
    quantity: 1,
    selectedColor: piece.color,
    selectedSize: piece.size,
  });
}

const standard = (page: Page) => main(page).getByTestId('method-standard');

describe('delivery priced by state (375px)', () => {
  test('Lagos shows Standard ₦2,000 and its dates; Kano ₦5,000 and later dates; the Kano order charges ₦5,000', async () => {
    const piece = await cheapPiece();
    const lagos = (await quoteTo(piece.product.id, piece.size, piece.color, 'Lagos')).get('standard')!;
    const kano = (await quoteTo(piece.product.id, piece.size, piece.color, 'Kano')).get('standard')!;
    expect(lagos.price).toBe(2000);
    expect(kano.price).toBe(5000);
    expect(kano.deliveryDates.latest > lagos.deliveryDates.latest).toBe(true);

    await withPage(375, async ({ page, problemReport }) => {
      await putInBag(page, piece);
      await visit(page, '/checkout');
      const form = main(page);
      await form.getByRole('button', { name: /^Place Order · ₦/ }).waitFor();
      const email = `hauwa.${Date.now()}@example.ng`;
      await fillDetails(page, email);

      await form.getByLabel('State').selectOption('Lagos');
      await expect.poll(() => standard(page).getByTestId('method-price').textContent()).toBe('₦2,000');
      expect(await standard(page).getByTestId('method-dates').textContent()).toBe(
        formatDeliveryWindow(lagos.deliveryDates.earliest, lagos.deliveryDates.latest),
      );

      // Changing the state re-prices at once: the price and the dates follow Kano's zone.
      await form.getByLabel('State').selectOption('Kano');
      await expect.poll(() => standard(page).getByTestId('method-price').textContent()).toBe('₦5,000');
      expect(await standard(page).getByTestId('method-dates').textContent()).toBe(
        formatDeliveryWindow(kano.deliveryDates.earliest, kano.deliveryDates.latest),
      );
      await standard(page).getByRole('radio').check();
      const placeOrder = form.getByRole('button', { name: /^Place Order · ₦/ });
      await expect.poll(() => form.getByText('Shipping · Standard').count()).toBeGreaterThan(0);
      await page.screenshot({ path: '/tmp/shots-delivery-checkout-375.png', fullPage: true });
      expect(
        await layoutProblems(page, ['[data-testid="method-price"]', 'main button[type="submit"]']),
      ).toEqual([]);

      await placeOrder.click();
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      const orderNumber = new URL(page.url()).searchParams.get('order')!;
      const promise = main(page).getByTestId('delivery-promise');
      await promise.waitFor();
      expect(await promise.textContent()).toContain('Arrives');

      // The order charges what the quote said for Kano, and its page repeats the promise.
      await main(page).getByRole('link', { name: 'View Order Details' }).click();
      await page.waitForURL(pathIs(`/orderdetails/${orderNumber}`));
      await main(page).getByTestId('delivery-promise').waitFor();
      const totals = await main(page).locator('dl', { hasText: 'Total' }).first().innerText();
      expect(totals).toMatch(/Shipping · Standard[^\n]*\n?\s*₦5,000/);
      expect(await main(page).getByTestId('delivery-promise').textContent()).toMatch(/^Arrives /);

      // The confirmation e-mail makes the same promise.
      if (databaseUrl()) {
        const mail = await newestMailTo(email);
        expect(mail?.text).toContain(
          formatDeliveryWindow(kano.deliveryDates.earliest, kano.deliveryDates.latest),
        );
      }
      expect(problemReport()).toEqual([]);
    });
  });

  test('the product page prices delivery to the last state chosen, and Change picks another', async () => {
    const piece = await cheapPiece();
    const kano = (await quoteTo(piece.product.id, null, null, 'Kano')).get('standard');
    const lagos = (await quoteTo(piece.product.id, null, null, 'Lagos')).get('standard');
    for (const width of [375, 1280] as Width[])
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, '/');
        await page.evaluate(() => localStorage.setItem('rossy.delivery-state', JSON.stringify('Kano')));
        await visit(page, `/product/${piece.product.id}`);
        const line = main(page).getByTestId('product-delivery-text');
        const price = main(page).getByTestId('product-price');
        const priceBefore = await price.boundingBox();
        await expect.poll(() => line.textContent()).toMatch(/^Delivery to Kano: /);
        if (kano && !kano.free)
          expect(await line.textContent()).toBe(
            `Delivery to Kano: ₦5,000 · ${formatDeliveryWindow(kano.deliveryDates.earliest, kano.deliveryDates.latest)}`,
          );
        // Filled in after the page shows: the price and Add to Cart stay where they were.
        expect(await price.boundingBox()).toEqual(priceBefore);
        expect(
          await layoutProblems(page, [
            '[data-testid="product-price"]',
            '[data-testid="purchase-row"] button',
            '[data-testid="product-delivery"]',
          ]),
        ).toEqual([]);
        await main(page).getByTestId('product-delivery').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/shots-delivery-product-${width}.png` });

        await main(page)
          .getByRole('button', { name: /Change the delivery state/ })
          .click();
        await main(page).getByTestId('product-delivery-state').selectOption('Lagos');
        await expect.poll(() => line.textContent()).toMatch(/^Delivery to Lagos: /);
        if (lagos && !lagos.free) expect(await line.textContent()).toContain('₦2,000');
        expect(await page.evaluate(() => localStorage.getItem('rossy.delivery-state'))).toBe('"Lagos"');
        expect(problemReport()).toEqual([]);
      });
  });

  test("moving from one piece to the next on the product page never shows the first one's delivery line under the second", async () => {
    const piece = await cheapPiece();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${piece.product.id}`);
      await waitForHydration(page);
      const line = main(page).getByTestId('product-delivery-text');
      await expect.poll(() => line.textContent()).toMatch(/^(Delivery to Lagos: |Free delivery to Lagos · )/);
      // The next piece's quote is held until the test lets it go: until then its line is still to come.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/cart/quote', async (route) => {
        await held;
        await route.continue();
      });
      // The next piece's name in "You May Also Like" (its picture's link is hidden from the keyboard),
      // followed from the keyboard: a bar fixed to the bottom of a phone's screen can cover it.
      const next = main(page)
        .locator(
          `section[aria-labelledby="related-title"] a[href^="/product/"]:not([aria-hidden="true"]):not([href="/product/${piece.product.id}"])`,
        )
        .first();
      const address = await next.getAttribute('href');
      const name = (await next.textContent())!.trim();
      await next.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((current) => current.pathname === address);
      await main(page).getByRole('heading', { level: 1, name, exact: true }).waitFor();
      expect(await line.textContent(), 'the next piece before its quote is back').toBe('Delivery to Lagos…');
      release();
      await expect.poll(() => line.textContent()).toMatch(/^(Delivery to Lagos: |Free delivery to Lagos · )/);
      expect(problemReport()).toEqual([]);
    });
  });

  test('the checkout at 1280px shows the methods with their dates beside the summary', async () => {
    const piece = await cheapPiece();
    await withPage(1280, async ({ page, problemReport }) => {
      await putInBag(page, piece);
      await visit(page, '/checkout');
      const form = main(page);
      await form.getByLabel('State').selectOption('Ogun');
      await expect.poll(() => standard(page).getByTestId('method-price').textContent()).toBe('₦3,500');
      expect(await standard(page).getByTestId('method-dates').textContent()).toMatch(/^Arrives /);
      expect(
        await layoutProblems(page, ['[data-testid="method-price"]', 'main button[type="submit"]']),
      ).toEqual([]);
      await page.screenshot({ path: '/tmp/shots-delivery-checkout-1280.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('Settings → Delivery', () => {
  test.each([1280, 375] as Width[])(
    'at %ipx a state ticked in one zone leaves the other; a state left in none is named, and the save refused names it',
    async (width) => {
      await withPage(
        width,
        async ({ page, problemReport }) => {
          await openAsAdmin(page, '/admin?tab=settings');
          const panel = main(page).getByTestId('delivery-settings');
          await panel.waitFor();
          const other = panel.getByTestId('zone-other-states');
          const lagos = panel.getByTestId('zone-lagos');
          const kanoIn = (zone: typeof other) => zone.getByRole('checkbox', { name: 'Kano', exact: true });
          expect(await kanoIn(other).isChecked()).toBe(true);

          // Ticking Kano in Lagos takes it out of Other states: a state is never in two zones.
          await kanoIn(lagos).check();
          expect(await kanoIn(other).isChecked()).toBe(false);
          // Left in none, it is named at once…
          await kanoIn(lagos).uncheck();
          await expect.poll(() => panel.getByTestId('unzoned-states').textContent()).toContain('Kano');
          if (width === 375) {
            if (process.env.SHOTS_DIR)
              await panel
                .getByTestId('zone-lagos')
                .screenshot({ path: `${process.env.SHOTS_DIR}/delivery-admin-375.png` });
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
            // Mid-form, the sticky Save bar sits above the phone's bottom navigation, not under it.
            await lagos.evaluate((zone) => zone.scrollIntoView({ block: 'start', behavior: 'instant' }));
            expect(await saveButtonShown(page), 'Save Settings is covered mid-form').toBe(true);
          }
          // …and the shop refuses to save it, naming the state; nothing changes.
          await main(page).getByRole('button', { name: 'Save Settings' }).click();
          await expect
            .poll(() => panel.getByTestId('zones-error').textContent(), { timeout: 15_000 })
            .toBe('Kano is in no delivery zone.');
          const quote = await fetch(url('/api/cart/quote'), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              items: [{ id: (await cheapPiece()).product.id, quantity: 1 }],
              shippingAddress: { country: 'Nigeria', state: 'Kano' },
            }),
          });
          expect(quote.status, 'Kano is still delivered to').toBe(200);
          expect(problemReport()).toEqual([]);
        },
        ['/admin', '/admin.data'],
      );
    },
  );
});
