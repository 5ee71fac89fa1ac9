import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  closeBrowser,
  databaseUrl,
  main,
  newestMailTo,
  openAsAdmin,
  orderableProduct,
  uniqueEmail,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

/** The dashboard posts its actions to the admin route: a refused pickup code answers there. */
const ACTION_PATHS = ['/admin', '/admin.data'];

async function postJson<Answer>(path: string, body: unknown, status: number): Promise<Answer> {
  const response = await fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Answer;
  expect(response.status, `POST ${path}: ${JSON.stringify(answer)}`).toBe(status);
  return answer;
}

/** Where and when the shop hands over pickup orders, as the owner set them. */
async function pickupPlace(): Promise<{ address: string; hours: string }> {
  const response = await fetch(url('/api/admin/settings'), {
    headers: { authorization: `Bearer ${await adminApiToken()}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { pickup: { address: string; hours: string } }).pickup;
}

/**
 * A guest's order for pickup in Lagos, with no street given, paid by a TEST MODE card through the
 * REST API as the checkout and the sandbox's payment page do it: its number and its link's key.
 */
async function paidPickupOrder(email: string): Promise<{ number: string; key: string }> {
  const piece = await orderableProduct();
  const placed = await postJson<{ order: { id: string; shipping: number }; accessToken: string }>(
    '/api/orders',
    {
      items: [{ id: piece.id, quantity: 1, selectedSize: piece.size }],
      shippingMethod: 'pickup',
      paymentMethod: 'flutterwave',
      email,
      phone: '+234 803 555 0191',
      shippingAddress: { firstName: 'Tobi', lastName: 'Adeyemi', state: 'Lagos', country: 'Nigeria' },
    },
    201,
  );
  expect(placed.order.shipping, 'pickup costs nothing').toBe(0);
  const number = placed.order.id;
  const key = placed.accessToken;
  const started = await postJson<{ txRef: string; amount: number; mode: string }>(
    `/api/orders/${number}/payments`,
    { key },
    201,
  );
  expect(started.mode, 'the shop runs in TEST MODE').toBe('sandbox');
  const charged = await postJson<{ transaction_id: string }>(
    '/api/sandbox/charges',
    {
      txRef: started.txRef,
      amount: started.amount,
      currency: 'NGN',
      cardNumber: '5531886652142950',
      expiry: '09/32',
      cvv: '564',
      customer: { email, name: 'Tobi Adeyemi' },
    },
    200,
  );
  const verified = await postJson<{ paid: boolean }>(
    '/api/payments/flutterwave/verify',
    { orderId: number, transactionId: charged.transaction_id, txRef: started.txRef, key },
    200,
  );
  expect(verified.paid).toBe(true);
  return { number, key };
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('pickup at the shop (375px)', () => {
  test('the checkout asks no street once pickup is chosen in Lagos', async () => {
    const piece = await orderableProduct();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
        id: piece.id,
        name: 'Piece',
        price: 1,
        image: null,
        category: '',
        quantity: 1,
        selectedColor: null,
        selectedSize: piece.size,
      });
      await visit(page, '/checkout');
      const form = main(page);
      await form.getByRole('button', { name: /^Place Order · ₦/ }).waitFor();
      await form.getByLabel('State').selectOption('Lagos');
      const pickup = form.getByTestId('method-pickup');
      await pickup.waitFor();
      expect(await pickup.getByTestId('method-price').textContent()).toMatch(/Free|₦0/);
      await expect.poll(() => form.getByLabel('Address').count()).toBe(1);
      // The choice holds once the quote for it comes back.
      await pickup.getByRole('radio').click();
      await expect.poll(() => pickup.getByRole('radio').isChecked()).toBe(true);
      await expect.poll(() => form.getByLabel('Address').count()).toBe(0);
      expect(await form.getByLabel('City').count()).toBe(0);
      await form.getByTestId('pickup-note').waitFor();
      await noSideways(page);
      await page.screenshot({ path: '/tmp/shots-pickup-checkout-375.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });
  });

  test('staff mark a paid TEST MODE pickup order ready, the shopper reads her code, and it is picked up with that code only', async () => {
    const email = uniqueEmail('pickup-journey');
    const { number, key } = await paidPickupOrder(email);
    const place = await pickupPlace();

    await withPage(
      375,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
        const panel = main(page).getByTestId('admin-order-panel');
        await panel.waitFor();
        // A pickup order is never shipped: there is no ship form to fill.
        expect(await panel.getByRole('form', { name: 'Mark shipped' }).count()).toBe(0);
        await panel.getByTestId('pickup-customer').waitFor();
        await panel.getByRole('button', { name: 'Mark Ready for pickup' }).click();
        await expect
          .poll(() => panel.getByTestId('admin-notice').textContent())
          .toContain('is ready for pickup');
        await expect
          .poll(() => panel.getByTestId('order-status').first().textContent())
          .toBe('Ready for pickup');
        // Staff never see the code: they ask the shopper for it.
        expect(await panel.getByTestId('pickup-code').count()).toBe(0);
        await noSideways(page);

        // The thank-you page says where to collect, never "Delivering to".
        await visit(page, `/order-success?order=${number}&key=${encodeURIComponent(key)}`);
        await main(page).getByTestId('pickup-where').getByText(place.address, { exact: false }).waitFor();
        expect(await main(page).innerText()).not.toContain('Delivering to');

        // The shopper's page: her code, and where and when to collect.
        await visit(page, `/orderdetails/${number}?key=${encodeURIComponent(key)}`);
        const card = main(page).getByTestId('pickup-card');
        await card.waitFor();
        const code = (await card.getByTestId('pickup-code').textContent())?.trim() ?? '';
        expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
        expect(await card.getByTestId('pickup-address').textContent()).toBe(place.address);
        expect(await card.getByTestId('pickup-hours').textContent()).toBe(place.hours);
        expect(await main(page).getByTestId('order-timeline').textContent()).toContain('Ready for pickup');
        await noSideways(page);
        await page.screenshot({ path: '/tmp/shots-pickup-order-375.png', fullPage: true });
        if (databaseUrl()) {
          const mail = await newestMailTo(email);
          expect(mail?.subject).toBe(`Order ${number}: Ready for pickup`);
          expect(mail?.text).toContain(`Your pickup code: ${code}`);
          expect(mail?.text).toContain(place.address);
        }

        // A wrong code is refused beside the field, and the order stays ready.
        await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
        const codeField = main(page).getByLabel('Pickup code');
        await codeField.fill(code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA');
        await main(page).getByRole('button', { name: 'Mark Picked up' }).click();
        await expect.poll(() => main(page).getByText('The code does not match').count()).toBeGreaterThan(0);
        expect(await main(page).getByTestId('order-status').first().textContent()).toBe('Ready for pickup');

        // The right code, typed in lower case: collected.
        await codeField.fill(code.toLowerCase());
        await main(page).getByRole('button', { name: 'Mark Picked up' }).click();
        await expect.poll(() => main(page).getByTestId('admin-notice').textContent()).toContain('picked up');
        await expect
          .poll(() => main(page).getByTestId('order-status').first().textContent())
          .toBe('Picked up');

        await visit(page, `/orderdetails/${number}?key=${encodeURIComponent(key)}`);
        expect(await main(page).getByTestId('order-timeline').textContent()).toContain('Picked up');
        expect(await main(page).getByTestId('pickup-card').count()).toBe(0);
        expect(problemReport()).toEqual([]);
      },
      ACTION_PATHS,
    );
  });
});
