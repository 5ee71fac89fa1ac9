import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  adminCredentials,
  axeViolations,
  closeBrowser,
  isAt,
  main,
  mostStockedProducts,
  pathIs,
  queryDatabase,
  openAsAdmin,
  signUpThroughApi,
  uniqueEmail,
  url,
  visit,
  withPage,
  paidIntoShopAccount,
} from './fixtures';

afterAll(closeBrowser);

const SCRIPT_FAILED = 'Failed to load payment modal. Check your internet connection and retry later.';
const BANK_PENDING =
  'Payment is pending confirmation. Bank transfers typically take 1-24 hours to process. Please try again later or contact our support team if you believe this is an error.';

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  image?: string | null;
  sizes: string[];
  stockCount: number;
}

let productPromise: Promise<ApiProduct> | undefined;

/** An in-stock piece with plenty of stock, so the journeys of this file never run it out. */
function stockedProduct(): Promise<ApiProduct> {
  productPromise ??= (async () => {
    // The shop shows 5 for five or more: the admin's list knows which pieces have plenty.
    const best = (await mostStockedProducts()).find((product) => product.stockCount >= 10);
    if (!best) throw new Error('The seed has no piece with 10 or more in stock');
    return (await (await fetch(url(`/api/products/${best.id}`))).json()) as ApiProduct;
  })();
  return productPromise;
}

/** One piece in the browser's cart (the cart lives in local storage), then the checkout. */
async function checkoutWithOnePiece(page: Page) {
  const product = await stockedProduct();
  await visit(page, '/');
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
  await visit(page, '/checkout');
  await main(page)
    .getByRole('button', { name: /^Place Order · ₦/ })
    .waitFor();
}

async function fillDetails(page: Page, email: string, method: RegExp) {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+234 803 555 0142');
  await form.getByLabel('First name').fill('Chidi');
  await form.getByLabel('Last name').fill('Okonkwo');
  await form.getByLabel('Address').fill('14 Adeola Odeku Street');
  await form.getByLabel('City').fill('Victoria Island');
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Postal code').fill('101241');
  await form.getByRole('radio', { name: method }).check();
  // TEST MODE says so beside the card provider's name: no shopper takes it for a real payment.
  if (method === FLUTTERWAVE)
    await form.getByRole('radio', { name: 'Flutterwave TEST MODE (no money moves)' }).waitFor();
}

const FLUTTERWAVE = /^Flutterwave/;
const BANK_TRANSFER = /^Bank transfer$/;

const placeOrder = (page: Page) =>
  main(page)
    .getByRole('button', { name: /^Place Order · ₦/ })
    .click();

/** A guest's bank-transfer order through the REST API: its number and the key of its link. */
async function placeTransferOrder(email: string): Promise<{ number: string; key: string }> {
  const product = await stockedProduct();
  const response = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '0803 555 0142',
      shippingAddress: {
        firstName: 'Ngozi',
        lastName: 'Eze',
        address: '12 Admiralty Way',
        city: 'Lekki',
        state: 'Lagos',
        country: 'Nigeria',
      },
    }),
  });
  const body = (await response.json()) as { order: { id: string }; accessToken: string };
  expect(response.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  return { number: body.order.id, key: body.accessToken };
}

const sandbox = (page: Page): FrameLocator => page.frameLocator('iframe[title="Payment, TEST MODE"]');

/** The TEST MODE page: the card typed in as a shopper would, then Pay. */
async function payByCard(page: Page, number: string, cvv = '564') {
  const frame = sandbox(page);
  // The page is ready for a card once it knows the amount (its script has run and been told the payment).
  await frame.getByRole('button', { name: /^Pay ₦/ }).waitFor();
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM/YY)').fill('0932');
  await frame.getByLabel('CVV').fill(cvv);
  await frame.getByRole('button', { name: /^Pay ₦/ }).click();
}

const orderNumberOf = (page: Page) => new URL(page.url()).searchParams.get('order');

describe('paying by card through the TEST MODE checkout', () => {
  test('375px: Flutterwave popup for the server total, a test card succeeds, the order is verified', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await checkoutWithOnePiece(page);
      await fillDetails(page, `chidi.${Date.now()}@example.ng`, FLUTTERWAVE);
      await main(page).getByTestId('card-payment-note').getByText('Test mode').waitFor();
      const total = (await main(page).getByTestId('order-total').first().textContent())?.match(
        /₦[\d,.]+/,
      )?.[0];
      expect(total, 'the checkout shows its total').toBeTruthy();
      await placeOrder(page);

      const dialog = page.getByRole('dialog', { name: 'Payment, TEST MODE' });
      await dialog.waitFor();
      const frame = sandbox(page);
      await frame.getByText('TEST MODE.').waitFor();
      await frame.getByRole('heading', { name: `Pay ${total}` }).waitFor();
      for (const card of [
        '5531 8866 5214 2950',
        '4187 4274 1556 4246',
        '5258 5859 2266 6506',
        '5590 1317 4329 4314',
      ])
        await frame.getByText(card, { exact: true }).waitFor();
      expect(await axeViolations(page), 'axe on the TEST MODE payment page').toEqual([]);

      await payByCard(page, '5531 8866 5214 2950');
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      expect(await dialog.count(), 'the popup is closed').toBe(0);
      await main(page).getByText('Flutterwave Payment Verified').waitFor();
      expect(orderNumberOf(page)).toMatch(/^ORD-\d{5,}$/);
      expect(await main(page).getByTestId('pay-now').count(), 'nothing left to pay').toBe(0);
      expect(await axeViolations(page), 'axe on /order-success').toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });

  test('a card in the Flutterwave window: a declined card says why, the shopper retries with another card and pays', async () => {
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await checkoutWithOnePiece(page);
        await fillDetails(page, `ada.${Date.now()}@example.ng`, FLUTTERWAVE);
        await placeOrder(page);

        await payByCard(page, '5258 5859 2266 6506', '883');
        const frame = sandbox(page);
        await frame.getByText('Insufficient funds', { exact: true }).waitFor();
        await frame.getByRole('button', { name: 'Return to shop' }).click();
        await main(page).getByText('Payment failed: Insufficient funds').waitFor();
        expect(new URL(page.url()).pathname, 'the shopper stays at the checkout').toBe('/checkout');
        await main(page).getByTestId('placed-order').waitFor();

        // A new attempt for the same order: the popup opens again.
        await main(page).getByRole('button', { name: 'Try payment again' }).click();
        await payByCard(page, '4187 4274 1556 4246', '828');
        await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
        await main(page).getByText('Flutterwave Payment Verified').waitFor();
        expect(problemReport()).toEqual([]);
      },
      ['/api/payments/flutterwave/verify'],
    );
  });

  test("the provider's script fails to load three times: SPEC's message; closing the popup gives the order up, the bag stays and a new order pays", async () => {
    await withPage(375, async ({ page, problemReport }) => {
      let scriptRequests = 0;
      const blockScript = async (route: import('playwright-core').Route) => {
        scriptRequests += 1;
        await route.abort('internetdisconnected');
      };
      await page.route('**/sandbox/flutterwave/v3.js', blockScript);
      await checkoutWithOnePiece(page);
      await fillDetails(page, `emeka.${Date.now()}@example.ng`, FLUTTERWAVE);
      const started = Date.now();
      await placeOrder(page);
      await main(page).getByText(SCRIPT_FAILED, { exact: true }).waitFor();
      expect(scriptRequests, 'three tries').toBe(3);
      expect(Date.now() - started, 'one second apart').toBeGreaterThanOrEqual(2_000);

      // Back online: the shopper retries, then closes the popup without paying.
      await page.unroute('**/sandbox/flutterwave/v3.js', blockScript);
      await main(page).getByRole('button', { name: 'Try payment again' }).click();
      await sandbox(page).getByRole('button', { name: 'Close payment' }).click();
      // The shop is told at once: the unpaid order is cancelled and its stock released; the bag stays.
      const closed = main(page).getByText(/^You closed the payment window, so order ORD-\d+ was cancelled/);
      await closed.waitFor({ timeout: 20_000 });
      const givenUp = /order (ORD-\d+) was cancelled/.exec((await closed.textContent()) ?? '')?.[1];
      expect(givenUp).toBeTruthy();
      const released = await queryDatabase<{ status: string; released: boolean }>(
        'the order given up when the payment window closed',
        'SELECT status, stock_released_at IS NOT NULL AS released FROM orders WHERE number = $1',
        [givenUp],
      );
      expect(released).toEqual([{ status: 'cancelled', released: true }]);

      await placeOrder(page);
      await payByCard(page, '5531 8866 5214 2950');
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      await main(page).getByText('Flutterwave Payment Verified').waitFor({ timeout: 20_000 });
      expect(orderNumberOf(page)).not.toBe(givenUp);
      const problems = problemReport().filter((line) => !line.includes('/sandbox/flutterwave/v3.js'));
      expect(problems).toEqual([]);
    });
  });
});

describe('unpaid card orders in My Orders', () => {
  test("375px: each reads 'Payment not completed' with Pay now and Cancel; cancelled it leaves the list, paid it is an order", async () => {
    const email = uniqueEmail('unpaid-card');
    const password = 'Aso-Oke-Card-2024';
    await signUpThroughApi({ name: 'Bisi Adeyemi', email, password });
    const product = await stockedProduct();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/login?redirectTo=/orders');
      await main(page).getByLabel('Email', { exact: true }).fill(email);
      await main(page).getByLabel('Password', { exact: true }).fill(password);
      await main(page).getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(pathIs('/orders'));
      const numbers: string[] = [];
      for (let attempt = 0; attempt < 2; attempt++) {
        const placed = await page.evaluate(
          async (body) => {
            const response = await fetch('/api/orders', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            });
            return (await response.json()) as { order: { id: string } };
          },
          {
            items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] ?? null }],
            shippingMethod: 'standard',
            paymentMethod: 'credit-card',
            email,
            phone: '0803 555 0142',
            shippingAddress: {
              firstName: 'Bisi',
              lastName: 'Adeyemi',
              address: '3 Awolowo Avenue',
              city: 'Ibadan',
              state: 'Oyo',
              country: 'Nigeria',
            },
          },
        );
        numbers.push(placed.order.id);
      }
      await visit(page, '/orders');
      const rows = main(page).getByTestId('order-row');
      const rowOf = (number: string) => rows.filter({ hasText: number });
      for (const number of numbers) {
        await rowOf(number)
          .getByTestId('order-status')
          .filter({ hasText: 'Payment not completed' })
          .waitFor();
        expect(await rowOf(number).getByRole('button', { name: 'Pay now' }).count()).toBe(1);
      }
      expect(await axeViolations(page)).toEqual([]);

      // Cancel: asked first, then gone from the list.
      await rowOf(numbers[0]!).getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expect
        .poll(() => rowOf(numbers[0]!).count(), { message: 'the cancelled attempt leaves' })
        .toBe(0);
      const [released] = await queryDatabase<{ status: string }>(
        'reading the cancelled order',
        'SELECT status FROM orders WHERE number = $1',
        [numbers[0]],
      );
      expect(released?.status).toBe('cancelled');

      // Pay now: the provider's window, then an order like any other.
      await rowOf(numbers[1]!).getByRole('button', { name: 'Pay now' }).click();
      await page.getByRole('dialog', { name: 'Payment, TEST MODE' }).waitFor();
      await payByCard(page, '5531 8866 5214 2950');
      await rowOf(numbers[1]!)
        .getByTestId('order-status')
        .filter({ hasText: 'Processing' })
        .waitFor({ timeout: 20_000 });
      expect(await rowOf(numbers[1]!).getByTestId('unpaid-actions').count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('paying by bank transfer into an account of its own', () => {
  test('375px: checkout gives an account for the exact total; the transfer arrives and the page turns Paid by itself', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await checkoutWithOnePiece(page);
      await main(page).getByRole('radio', { name: BANK_TRANSFER }).check();
      await main(page).getByText('you get a bank account number for this order alone').waitFor();
      await fillDetails(page, `amaka.${Date.now()}@example.ng`, BANK_TRANSFER);
      await placeOrder(page);
      await page.waitForURL(pathIs('/order-success'), { timeout: 20_000 });
      await main(page).getByText('Payment Pending').waitFor();

      const account = main(page).getByTestId('transfer-account');
      const accountNumber = await account.getByText(/^\d{10}$/).textContent();
      const total = (await account.innerText()).match(/Send exactly (₦[\d,]+(?:\.\d{2})?)/)?.[1];
      expect(total).toBeTruthy();
      await account.getByText('Waiting for your transfer.').waitFor();
      expect(await account.getByTestId('account-time-left').textContent()).toMatch(/^(59|60):\d{2}$/);
      expect(await axeViolations(page), 'axe on /order-success with a transfer account').toEqual([]);
      // Nothing on the page overflows a 375 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // The same page, never reloaded, sees the money arrive.
      await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
      await account.getByRole('button', { name: 'The full amount' }).click();
      await account.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      await main(page).getByText('Payment Verified', { exact: true }).first().waitFor({ timeout: 15_000 });
      await expect.poll(() => main(page).getByText('Payment Pending').count()).toBe(0);
      expect(await main(page).locator('p', { hasText: 'is confirmed' }).count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(
        true,
      );
      expect(accountNumber).toMatch(/^\d{10}$/);
      expect(problemReport()).toEqual([]);
    });
  });

  test('1280px: a transfer that comes short is kept for the shop, which sees it among its payments', async () => {
    const placed = await placeTransferOrder(uniqueEmail('short-transfer'));
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, `/order-success?order=${placed.number}&key=${encodeURIComponent(placed.key)}`);
      const account = main(page).getByTestId('transfer-account');
      await account.getByRole('button', { name: 'Too little' }).click();
      // The page says what arrived and what is missing while the account is open.
      await account
        .getByText(/^We received ₦[\d,]+(?:\.\d{2})? of ₦[\d,]+(?:\.\d{2})?$/)
        .waitFor({ timeout: 15_000 });
      await main(page).getByText('Payment Pending').waitFor();
      expect(problemReport()).toEqual([]);
    });
    // The shop's order panel puts the transfer before the owner, with Confirm to accept it.
    await withPage(1280, async ({ page }) => {
      await openAsAdmin(page, `/admin?tab=orders&order=${placed.number}`);
      const review = main(page).getByTestId('transfer-review');
      await review
        .getByText(/^Received ₦[\d,.]+ of ₦[\d,.]+: ask the shopper for the rest, or refund it\.$/)
        .waitFor();
      await main(page).getByRole('button', { name: 'Confirm payment received' }).waitFor();
    });
    const response = await fetch(url(`/api/admin/transactions?q=${encodeURIComponent(placed.number)}`), {
      headers: { authorization: `Bearer ${await adminApiToken()}` },
    });
    expect(response.status).toBe(200);
    const body = JSON.stringify(await response.json());
    expect(body).toContain('"status":"review"');
    expect(body).toMatch(/Received ₦[\d,.]+ of ₦[\d,.]+: ask the shopper for the rest, or refund it\./);
  });
});

/** Opens the order's account and lets the TEST MODE bank send money into it, as the page's buttons do. */
async function simulateTransfer(placed: { number: string; key: string }, outcome: 'over' | 'short') {
  const opened = await fetch(url(`/api/orders/${placed.number}/transfer-account`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: placed.key }),
  });
  expect(opened.status, 'POST transfer-account').toBe(200);
  const { txRef } = (await opened.json()) as { txRef: string };
  const sent = await fetch(url(`/api/sandbox/transfers/${txRef}/simulate`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  expect(sent.status, `simulate ${outcome}`).toBe(200);
}

describe('the shop sees what arrived: Needs review, Refund due, an overpayment', () => {
  test('1280px and 375px: the Payments filters really filter, and the overpaid order says what to refund', async () => {
    const over = await placeTransferOrder(uniqueEmail('overpaid-transfer'));
    await simulateTransfer(over, 'over');
    const short = await placeTransferOrder(uniqueEmail('short-review'));
    await simulateTransfer(short, 'short');

    await withPage(1280, async ({ page, problemReport }) => {
      // The order's panel: the overpayment, what to refund, the provider's id and when.
      await openAsAdmin(page, `/admin?tab=orders&order=${over.number}`);
      const refund = main(page).getByTestId('refund-due');
      await refund.getByText('Refund due: ₦500').waitFor();
      await refund.getByText(/Overpaid by ₦500: refund the difference\./).waitFor();
      await refund.getByText(/^Provider id sbx_[0-9a-f]{32} · /).waitFor();
      expect(await axeViolations(page), 'axe on an overpaid order').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-order-refund-due-1280.png', fullPage: true });

      // Payments → Refund due: only money owed back, the overpaid transfer among it.
      await visit(page, '/admin?tab=payments');
      await main(page).getByLabel('Status').selectOption({ label: 'Refund due' });
      await main(page).getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/admin', { tab: 'payments', status: 'refund_due' }));
      const rows = main(page).getByTestId('transaction-row');
      await rows.filter({ hasText: over.number }).waitFor();
      await expect.poll(() => rows.filter({ hasText: short.number }).count()).toBe(0);
      const owed = await rows.evaluateAll((trs) =>
        trs.map((tr) => ({
          row: (tr as HTMLElement).innerText.replace(/\s+/g, ' '),
          notes: [...tr.querySelectorAll('[data-testid="transaction-amount-note"]')].map(
            (note) => note.textContent,
          ),
        })),
      );
      expect(owed.length).toBeGreaterThan(0);
      for (const { row, notes } of owed) expect(notes.at(-1), row).toMatch(/^₦[\d,]+(?:\.\d{2})? to refund$/);
      expect(
        await rows.filter({ hasText: over.number }).getByTestId('transaction-amount').textContent(),
      ).toMatch(/^₦[\d,]+(?:\.\d{2})?$/);

      // Needs review: only transfers waiting for the shop's decision.
      await main(page).getByLabel('Status').selectOption({ label: 'Needs review' });
      await main(page).getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/admin', { tab: 'payments', status: 'review' }));
      await rows.filter({ hasText: short.number }).waitFor();
      const statuses = await rows.getByTestId('transaction-status').allTextContents();
      expect(new Set(statuses)).toEqual(new Set(['Needs review']));
      expect(await rows.filter({ hasText: over.number }).count()).toBe(0);
      expect(await main(page).getByLabel('Status').inputValue()).toBe('review');
      expect(await axeViolations(page), 'axe on Payments, Needs review').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-payments-review-1280.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });

    await withPage(375, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=payments&status=refund_due');
      const card = main(page).getByTestId('transaction-card').filter({ hasText: over.number });
      await card.getByText('₦500 to refund').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: 'test-results/admin-payments-refund-due-375.png', fullPage: true });
      await visit(page, `/admin?tab=orders&order=${over.number}`);
      await main(page).getByTestId('refund-due').getByText('Refund due: ₦500').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeViolations(page), 'axe on an overpaid order at 375px').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-order-refund-due-375.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });
  });

  test('375px: the shopper whose transfer came short sees what is missing and sends the rest; the order turns Paid', async () => {
    const placed = await placeTransferOrder(uniqueEmail('rest-transfer'));
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/order-success?order=${placed.number}&key=${encodeURIComponent(placed.key)}`);
      const account = main(page).getByTestId('transfer-account');
      await account.getByRole('button', { name: 'Too little' }).click();
      await account
        .getByText(/^We received ₦[\d,]+(?:\.\d{2})? of ₦[\d,]+(?:\.\d{2})?$/)
        .waitFor({ timeout: 15_000 });
      await account.getByText('₦1,000', { exact: true }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await axeViolations(page), 'axe on a transfer under review').toEqual([]);
      await page.screenshot({ path: 'test-results/transfer-rest-375.png', fullPage: true });
      await account.getByRole('button', { name: 'Send the rest' }).click();
      await account.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      await main(page).getByText('Payment Verified', { exact: true }).first().waitFor({ timeout: 15_000 });
      expect(problemReport()).toEqual([]);
    });
  });
});

describe("paying by bank transfer into the shop's own account", () => {
  test('375px: reference submitted, pending until the shop confirms, then Payment Verified', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      // An order paid into the shop's own account, as placed with "An account number for each order" off.
      const placed = await placeTransferOrder(`ngozi.${Date.now()}@example.ng`);
      await paidIntoShopAccount(placed.number);
      const orderNumber = placed.number;
      await visit(page, `/order-success?order=${orderNumber}&key=${encodeURIComponent(placed.key)}`);
      await main(page).getByText('Payment Pending').waitFor();
      const details = main(page).getByTestId('bank-transfer-details');
      await details.getByText(/^RC\d{12}$/).waitFor();
      expect(await details.innerText()).toMatch(
        /Your items are held for you until .+; we confirm your order as soon as the money arrives/,
      );
      expect(await main(page).getByTestId('transfer-account').count()).toBe(0);

      const panel = main(page).getByTestId('bank-transfer-panel');
      const field = panel.getByLabel('Your transfer reference');
      const submit = panel.getByRole('button', { name: 'Submit reference' });
      await submit.click();
      await panel.getByText('Please enter your bank transfer reference number').waitFor();
      await field.fill('AB12');
      await submit.click();
      await panel
        .getByText('Invalid reference format. Bank references are typically 8-20 characters long.')
        .waitFor();
      await field.fill('gtb 0001 2345 6789');
      await submit.click();
      await panel.getByText('GTB000123456789').waitFor();

      await panel.getByRole('button', { name: 'Check payment status' }).click();
      await panel.getByText(BANK_PENDING, { exact: true }).waitFor();
      expect(await panel.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(/^tel:\+?\d+$/);
      expect(await panel.getByRole('link', { name: 'Chat on WhatsApp' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/\d+\?text=/,
      );
      expect(await panel.getByRole('link', { name: /^E-mail / }).getAttribute('href')).toMatch(/^mailto:/);
      expect(await axeViolations(page), 'axe on /order-success with the pending message').toEqual([]);

      // The shop sees the money arrive and confirms it (the admin screen calls this API).
      const { email, password } = adminCredentials();
      const login = await fetch(url('/api/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const confirmed = await fetch(url(`/api/admin/orders/${orderNumber}/confirm-transfer`), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(confirmed.status).toBe(200);

      await panel.getByRole('button', { name: 'Check payment status' }).click();
      await main(page).getByText('Payment Verified', { exact: true }).first().waitFor();
      await expect.poll(() => main(page).getByText('Payment Pending').count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });
});

/** The account's 60 minutes pass: its closing time is set a second ago (the shop's database). */
async function closeTransferAccount(number: string) {
  const closed = await queryDatabase(
    'closing a transfer account as its hour ends',
    `UPDATE payment_transactions p
        SET transfer_account = jsonb_set(p.transfer_account, '{expiresAt}', to_jsonb($2::text))
       FROM orders o
      WHERE o.id = p.order_id AND o.number = $1 AND p.attempt_id IS NULL AND p.transfer_account IS NOT NULL
      RETURNING p.id`,
    [number, new Date(Date.now() - 1000).toISOString()],
  );
  expect(closed.length).toBeGreaterThan(0);
}

/** What the page's Copy button for an amount put on the clipboard. */
async function copiedAmount(page: Page, account: ReturnType<typeof main>, label: string): Promise<string> {
  await account.getByRole('button', { name: `Copy ${label}` }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

describe('transfers a shopper can finish', () => {
  test('375px: a short transfer whose account closed: what arrived and what is due, a new account for the rest when she comes back, digits a bank app takes, and a paid page that never says test card', async () => {
    const placed = await placeTransferOrder(uniqueEmail('rest-new-account'));
    const orderPage = `/order-success?order=${placed.number}&key=${encodeURIComponent(placed.key)}`;
    await withPage(375, async ({ page, context, problemReport }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await visit(page, orderPage);
      const account = main(page).getByTestId('transfer-account');
      const total = (await account.innerText()).match(/Send exactly ₦([\d,]+(?:\.\d{2})?)/)?.[1];
      expect(total).toBeTruthy();
      // Copy gives what a bank app's amount field accepts: digits and two decimals, no ₦, no commas.
      const copied = await copiedAmount(page, account, 'amount');
      expect(copied).toMatch(/^\d+\.\d{2}$/);
      expect(Number(copied)).toBe(Number(total!.replaceAll(',', '')));
      const firstNumber = await account.getByText(/^\d{10}$/).textContent();

      await account.getByRole('button', { name: 'Too little' }).click();
      await account
        .getByText(/^We received ₦[\d,]+(?:\.\d{2})? of ₦[\d,]+(?:\.\d{2})?$/)
        .waitFor({ timeout: 15_000 });
      expect(await copiedAmount(page, account, 'remaining')).toBe('1000.00');

      // The hour ends before the rest was sent: the page (never reloaded) says what to do.
      // (Words of the closed account's own: the open one also says what happens if it closes.)
      await closeTransferAccount(placed.number);
      await account
        .getByText(
          /The account for this order has closed: a new account for the rest opens when you come back/,
        )
        .waitFor({ timeout: 15_000 });
      await account
        .getByText(/^₦1,000$/)
        .first()
        .waitFor();
      await account.getByRole('button', { name: 'Get an account for the rest' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: 'test-results/transfer-short-closed-375.png', fullPage: true });

      // She comes back: an account of its own for the rest.
      await visit(page, orderPage);
      await account.getByRole('heading', { name: 'Pay the rest by bank transfer' }).waitFor();
      const soFar = await account.getByTestId('transfer-so-far').innerText();
      expect(soFar).toMatch(/^We received ₦[\d,]+(?:\.\d{2})? of ₦[\d,]+(?:\.\d{2})?; ₦1,000 is still due\./);
      expect(soFar).toContain(`of ₦${total}`);
      const restNumber = await account.getByText(/^\d{10}$/).textContent();
      expect(restNumber).not.toBe(firstNumber);
      expect(await copiedAmount(page, account, 'amount still due')).toBe('1000.00');
      await account.getByText('Waiting for your transfer.').waitFor();
      expect(await axeViolations(page), 'axe on an account for the rest').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: 'test-results/transfer-rest-account-375.png', fullPage: true });

      await account.getByRole('button', { name: 'The full amount' }).click();
      await account.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
      await main(page).getByText('Payment Verified', { exact: true }).first().waitFor({ timeout: 15_000 });
      await main(page).getByText('Test order: paid by a TEST MODE transfer, no money moved.').waitFor();
      expect(await main(page).innerText()).not.toMatch(/test card/i);
      expect(problemReport()).toEqual([]);
    });
    const detail = await fetch(url(`/api/orders/${placed.number}?key=${encodeURIComponent(placed.key)}`));
    expect(((await detail.json()) as { paymentStatus: string }).paymentStatus).toBe('paid');
  });

  test("375px: the account's hour ends while the items are held: the page says a new account opens when she comes back, and it does", async () => {
    const placed = await placeTransferOrder(uniqueEmail('account-hour'));
    const orderPage = `/order-success?order=${placed.number}&key=${encodeURIComponent(placed.key)}`;
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, orderPage);
      const account = main(page).getByTestId('transfer-account');
      const held = await account.getByTestId('held-until').innerText();
      expect(held).toMatch(
        /^Your items are held for you until .+\. If the account closes before you pay, a new one opens when you come back to this page\.$/,
      );
      const firstNumber = await account.getByText(/^\d{10}$/).textContent();

      await closeTransferAccount(placed.number);
      const closed = account.getByTestId('account-closed');
      await closed.waitFor({ timeout: 15_000 });
      expect(await closed.innerText()).toMatch(
        /^This account has closed\. Your items are still held until .+: a new account opens when you come back to this page, or get one now\.$/,
      );

      await visit(page, orderPage);
      await account.getByText('Waiting for your transfer.').waitFor();
      expect(await account.getByText(/^\d{10}$/).textContent()).not.toBe(firstNumber);
      expect(await account.getByTestId('account-time-left').textContent()).toMatch(/^(59|60):\d{2}$/);
      expect(problemReport()).toEqual([]);
    });
  });
});
