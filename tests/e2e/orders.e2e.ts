import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  isAt,
  main,
  queryDatabase,
  refusedPosts,
  url,
  visit,
  waitForHydration,
  WIDTHS,
  withPage,
  signUpThroughApi,
  mostStockedProducts,
} from './fixtures';

afterAll(closeBrowser);

const PASSWORD = 'Adire-Silk-2024';
const NOT_FOUND_TITLE = 'Order Not Found';
const NOT_FOUND_TEXT = "We couldn't find the order you're looking for.";
const NO_ORDERS = 'No orders found';
const NO_ORDERS_YET = "You haven't placed any orders yet.";
const NO_MATCH = 'No orders match your search criteria. Try a different search term.';
const TRACK_NUMBER_REQUIRED = 'Please enter an order number';
const TRACK_EMAIL_REQUIRED = 'Please enter your email address';
const TRACK_NOT_FOUND = 'No order found with the provided information. Please check and try again.';

const address = {
  firstName: 'Adaeze',
  lastName: 'Okafor',
  address: '12 Bode Thomas Street',
  city: 'Surulere',
  state: 'Lagos',
  zipCode: '101283',
  country: 'Nigeria',
};

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`;
}

interface Orderable {
  id: number;
  name: string;
  size: string | null;
}

let orderable: Promise<Orderable> | undefined;

/** An in-stock product with plenty of stock, so the orders these tests place never run it out. */
function orderableProduct(): Promise<Orderable> {
  orderable ??= (async () => {
    const best = (await mostStockedProducts())[0];
    if (!best) throw new Error('No product in stock to order');
    const detail = (await (await fetch(url(`/api/products/${best.id}`))).json()) as {
      id: number;
      name: string;
      sizes: string[];
    };
    return { id: detail.id, name: detail.name, size: detail.sizes[0] ?? null };
  })();
  return orderable;
}

async function orderBody(email: string) {
  const product = await orderableProduct();
  return {
    items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email,
    phone: '+234 803 000 1111',
    shippingAddress: address,
  };
}

interface Placed {
  number: string;
  key: string;
}

/** A guest's order through the REST API, as checkout places it: the number and the e-mailed link's key. */
async function placeGuestOrder(email: string): Promise<Placed> {
  const response = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await orderBody(email)),
  });
  const body = (await response.json()) as { order: { id: string }; accessToken: string };
  expect(response.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  return { number: body.order.id, key: body.accessToken };
}

/** An order placed from the signed-in page itself, so it carries the session. */
async function placeSignedInOrder(page: Page, email: string): Promise<string> {
  const body = await orderBody(email);
  const answer = await page.evaluate(async (payload) => {
    const response = await fetch('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: (await response.json()) as { order: { id: string } } };
  }, body);
  expect(answer.status, 'POST /api/orders (signed in)').toBe(201);
  return answer.body.order.id;
}

async function markShipped(number: string): Promise<void> {
  await queryDatabase(
    'moving an order to Shipped',
    `UPDATE orders SET status = 'shipped', payment_status = 'paid', carrier = 'GIG Logistics',
       tracking_number = 'GIG-40417', updated_at = now() WHERE number = $1`,
    [number],
  );
  await queryDatabase(
    'recording the Shipped event',
    `INSERT INTO order_events (order_id, status, note, created_at)
       SELECT id, 'shipped', 'Handed to GIG Logistics in Lagos', now() + interval '1 second' FROM orders WHERE number = $1`,
    [number],
  );
}

async function signUp(name: string, email: string): Promise<void> {
  await signUpThroughApi({ name, email, password: PASSWORD });
}

async function signIn(page: Page, email: string, target: string): Promise<void> {
  await visit(page, `/login?redirectTo=${encodeURIComponent(target)}`);
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(isAt(target));
  await waitForHydration(page);
}

const orderRows = (page: Page) => main(page).getByTestId('order-row');

async function rowNumbers(page: Page): Promise<string[]> {
  return (await orderRows(page).locator('h2').allTextContents()).map((text) => text.trim());
}

describe.each(WIDTHS)('orders at %ipx', (width) => {
  test("a guest opens the order from the e-mail's link; without the key it does not exist", async () => {
    const email = uniqueEmail(`guest-${width}`);
    const { number, key } = await placeGuestOrder(email);
    const product = await orderableProduct();
    await withPage(
      width,
      async ({ page, problemReport }) => {
        await visit(page, `/orderdetails/${number}?key=${encodeURIComponent(key)}`);
        const view = main(page);
        expect(await view.locator('h1').textContent()).toBe(`Order ${number}`);
        expect(await page.title()).toBe(`Order ${number} | Rossy`);
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
        expect(await view.getByTestId('order-status').first().textContent()).toBe('Awaiting payment');
        await view.getByText('This order is waiting for payment.').waitFor();
        // The order pays into an account of its own: its number is on the page, no RC reference.
        await view
          .getByTestId('transfer-account')
          .getByText(/^\d{10}$/)
          .waitFor();
        await view.getByText(/We hold your items until/).waitFor();
        expect(
          await view.getByRole('progressbar', { name: 'Order progress' }).getAttribute('aria-valuenow'),
        ).toBe('0');
        expect(await view.getByText(product.name, { exact: true }).first().isVisible()).toBe(true);
        expect(
          await view
            .getByRole('link', { name: /View Product/ })
            .first()
            .getAttribute('href'),
        ).toBe(`/products/${product.id}`);
        expect(await view.getByRole('link', { name: 'Need Help' }).getAttribute('href')).toBe(
          `/contact?order=${number}`,
        );
        await view.getByText('Surulere, Lagos 101283').waitFor();
        await view.getByText('Bank transfer').first().waitFor();
        expect(await view.getByTestId('order-total').textContent()).toMatch(/^₦[\d,]+(?:\.\d{2})?$/);

        // Nothing to follow before it is paid: no Track Package; the tracking card says what comes.
        expect(await view.getByRole('link', { name: 'Track Package' }).count()).toBe(0);
        const tracking = view.locator('#tracking');
        expect(await tracking.isVisible()).toBe(true);
        expect(await tracking.getByTestId('order-timeline').getByText('Awaiting payment').count()).toBe(1);

        expect(await axeViolations(page), 'axe on the order page').toEqual([]);

        // Without the key, or with a wrong one, the order does not exist for this visitor.
        for (const path of [`/orders/${number}`, `/orderdetails/${number}?key=not-the-key`]) {
          await visit(page, path, 404);
          expect(await main(page).locator('h1').textContent()).toBe(NOT_FOUND_TITLE);
          await main(page).getByText(NOT_FOUND_TEXT).waitFor();
          expect(await main(page).getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe(
            '/orders',
          );
        }
        expect(await axeViolations(page), 'axe on Order Not Found').toEqual([]);
        expect(problemReport()).toEqual([]);
      },
      [`/orders/${number}`, `/orderdetails/${number}`],
    );
  });

  test("a signed-in shopper's orders: list, search, status filter, detail and the profile tab", async () => {
    const email = uniqueEmail(`shopper-${width}`);
    await signUp('Tunde Bakare', email);
    await withPage(width, async ({ page, problemReport }) => {
      await signIn(page, email, '/orders');
      // The URL changes before the new page is drawn: wait for the list's own text.
      await main(page).getByText(NO_ORDERS_YET).waitFor();
      expect(await main(page).getByRole('heading', { name: NO_ORDERS }).isVisible()).toBe(true);

      const signedIn = await placeSignedInOrder(page, email);
      const guest = await placeGuestOrder(email.toUpperCase());
      await markShipped(signedIn);

      await visit(page, '/orders');
      expect(await rowNumbers(page), 'newest first, including the guest order with the same e-mail').toEqual([
        guest.number,
        signedIn,
      ]);
      const shippedRow = orderRows(page).filter({ hasText: signedIn });
      expect(await shippedRow.getByTestId('order-status').textContent()).toBe('Shipped');
      expect(await shippedRow.locator('time').textContent()).toMatch(/\d{4}/);
      expect(await shippedRow.getByText(/₦[\d,]+(?:\.\d{2})?/).count()).toBe(1);
      expect(await axeViolations(page), 'axe on /orders').toEqual([]);

      // Search by part of the number, through the form: the query stays in the address.
      const search = main(page).getByRole('search');
      await search.getByLabel('Order number').fill(signedIn.slice(-3));
      await search.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/orders', { q: signedIn.slice(-3) }));
      await expect.poll(() => rowNumbers(page)).toEqual([signedIn]);

      await visit(page, `/orders?q=NOPE-999`);
      expect(await main(page).getByText(NO_MATCH).isVisible()).toBe(true);

      // The status filter filters, as soon as it changes; three skeleton rows while the list loads.
      await visit(page, '/orders');
      await page.route('**/orders.data*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue().catch(() => {});
      });
      await search.getByLabel('Status').selectOption('shipped');
      const skeleton = main(page).getByTestId('orders-loading');
      await skeleton.waitFor({ state: 'visible' });
      expect(await skeleton.locator('li').count()).toBe(3);
      await page.waitForURL(isAt('/orders', { status: 'shipped' }));
      await skeleton.waitFor({ state: 'detached' });
      expect(await rowNumbers(page)).toEqual([signedIn]);
      await page.unroute('**/orders.data*');

      await search.getByLabel('Status').selectOption('awaiting_payment');
      await page.waitForURL(isAt('/orders', { status: 'awaiting_payment' }));
      await expect.poll(() => rowNumbers(page)).toEqual([guest.number]);

      await search.getByLabel('Status').selectOption('delivered');
      await page.waitForURL(isAt('/orders', { status: 'delivered' }));
      await main(page).getByRole('heading', { name: NO_ORDERS }).waitFor();
      expect(await main(page).getByText(NO_MATCH).isVisible()).toBe(true);

      await main(page).getByRole('link', { name: 'Clear', exact: true }).click();
      await page.waitForURL(isAt('/orders'));
      await expect.poll(() => orderRows(page).count()).toBe(2);

      // The shipped order's page: half-way, Processing done, Shipped in progress, its carrier and timeline.
      await orderRows(page).filter({ hasText: signedIn }).getByRole('link', { name: signedIn }).click();
      await page.waitForURL(isAt(`/orders/${signedIn}`));
      const view = main(page);
      await view.locator('h1', { hasText: `Order ${signedIn}` }).waitFor();
      expect(
        await view.getByRole('progressbar', { name: 'Order progress' }).getAttribute('aria-valuenow'),
      ).toBe('50');
      const steps = view.locator('ol li[data-state]');
      expect(await steps.allInnerTexts()).toEqual([
        expect.stringMatching(/Processing\s+Completed/),
        expect.stringMatching(/Shipped\s+In Progress/),
        expect.stringMatching(/Delivered\s+Pending/),
      ]);
      const timeline = view.getByTestId('order-timeline');
      expect(await timeline.locator('li').first().innerText()).toMatch(
        /Shipped\s+Handed to GIG Logistics in Lagos/,
      );
      await view.getByText('GIG-40417').waitFor();
      expect(await view.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe('/orders');
      expect(await axeViolations(page), 'axe on a shipped order').toEqual([]);

      // The profile's My Orders tab: the latest orders, each linked, and the way to all of them.
      await visit(page, '/profile?tab=orders');
      const tab = main(page);
      expect(await tab.getByRole('link', { name: new RegExp(guest.number) }).getAttribute('href')).toBe(
        `/orders/${guest.number}`,
      );
      expect(await tab.getByRole('link', { name: new RegExp(signedIn) }).getAttribute('href')).toBe(
        `/orders/${signedIn}`,
      );
      expect(await tab.getByRole('link', { name: 'View all orders' }).getAttribute('href')).toBe('/orders');
      expect(await axeViolations(page), 'axe on the profile orders tab').toEqual([]);

      expect(problemReport()).toEqual([]);
    });
  });

  test('track an order by number and e-mail; a wrong e-mail is refused; Track Another Order resets', async () => {
    const email = uniqueEmail(`track-${width}`);
    const { number } = await placeGuestOrder(email);
    const product = await orderableProduct();
    await withPage(
      width,
      async ({ page, problemReport }) => {
        const refused = refusedPosts(page);
        await visit(page, `/track-order?order=${number}`);
        const form = main(page);
        const orderField = form.getByLabel('Order number', { exact: true });
        const emailField = form.getByLabel('Email', { exact: true });
        expect(await orderField.inputValue(), 'prefilled from ?order=').toBe(number);
        expect(await axeViolations(page), 'axe on /track-order').toEqual([]);

        await orderField.fill('');
        await form.getByRole('button', { name: 'Track Order' }).click();
        await form.getByText(TRACK_NUMBER_REQUIRED, { exact: true }).waitFor();
        expect(await form.getByText(TRACK_EMAIL_REQUIRED, { exact: true }).isVisible()).toBe(true);

        await orderField.fill(number.toLowerCase());
        await emailField.fill('someone-else@example.test');
        await form.getByRole('button', { name: 'Track Order' }).click();
        await form.getByText(TRACK_NOT_FOUND, { exact: true }).waitFor();
        expect(await form.getByText(TRACK_NUMBER_REQUIRED).count()).toBe(0);

        // A slow answer shows the loading state.
        await page.route('**/track-order.data*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 700));
          await route.continue().catch(() => {});
        });
        await emailField.fill(email.toUpperCase());
        await form.getByRole('button', { name: 'Track Order' }).click();
        const busy = form.getByRole('button', { name: 'Tracking…' });
        await busy.waitFor();
        expect(await busy.isDisabled()).toBe(true);

        const result = form.getByTestId('tracking-result');
        await result.waitFor();
        await page.unroute('**/track-order.data*');
        expect(await result.getByRole('heading', { level: 2 }).textContent()).toBe(number);
        expect(await result.getByTestId('order-status').textContent()).toBe('Awaiting payment');
        await result.getByText('Surulere, Lagos, Nigeria').waitFor();
        await result.getByText(product.name).first().waitFor();
        expect(await result.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
        expect(await result.getByTestId('order-timeline').getByText('Awaiting payment').count()).toBe(1);
        expect(await axeViolations(page), 'axe on the tracking result').toEqual([]);

        await result.getByRole('button', { name: 'Track Another Order' }).click();
        await result.waitFor({ state: 'detached' });
        expect(await orderField.inputValue()).toBe('');
        expect(await emailField.inputValue()).toBe('');
        await expect.poll(() => orderField.evaluate((input) => input === document.activeElement)).toBe(true);
        expect(await form.getByText(TRACK_NOT_FOUND).count()).toBe(0);

        expect(refused).toEqual(['400 /track-order.data', '404 /track-order.data']);
        expect(problemReport()).toEqual([]);
      },
      ['/track-order.data'],
    );
  });
});

test('a guest at /orders is asked to sign in, with the way back, or to track an order', async () => {
  await withPage(375, async ({ page, problemReport }) => {
    await visit(page, '/orders');
    const view = main(page);
    expect(await view.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      '/login?redirectTo=/orders',
    );
    expect(await view.getByRole('link', { name: 'Track Your Order' }).getAttribute('href')).toBe(
      '/track-order',
    );
    expect(await axeViolations(page), 'axe on /orders for a guest').toEqual([]);
    expect(problemReport()).toEqual([]);
  });
});

test("a new shopper's profile says there are no orders yet, with a way to shop", async () => {
  const email = uniqueEmail('no-orders');
  await signUp('Kemi Adebayo', email);
  await withPage(1280, async ({ page, problemReport }) => {
    await signIn(page, email, '/profile');
    await visit(page, '/profile?tab=orders');
    await main(page).getByText(NO_ORDERS_YET).waitFor();
    expect(await main(page).getByRole('link', { name: 'Shop Now' }).getAttribute('href')).toBe('/products');
    expect(problemReport()).toEqual([]);
  });
});
