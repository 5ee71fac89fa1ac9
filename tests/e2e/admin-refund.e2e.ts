import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  axeViolations,
  closeBrowser,
  main,
  mostStockedProducts,
  openAsAdmin,
  uniqueEmail,
  url,
  visit,
  withPage,
  paidIntoShopAccount,
} from './fixtures';

afterAll(closeBrowser);

/** The dashboard posts its actions to the admin route; nothing else may be refused. */
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

/**
 * A guest's two-line order paid by a TEST MODE card, through the REST API as the checkout and the
 * sandbox's payment page do it: its number and the key of its link.
 */
async function paidTestOrder(email: string): Promise<{ number: string; key: string }> {
  const stocked = (await mostStockedProducts()).filter((product) => product.stockCount >= 10).slice(0, 2);
  expect(stocked, 'two pieces with 10 or more in stock').toHaveLength(2);
  const items = await Promise.all(
    stocked.map(async ({ id }) => {
      const detail = (await (await fetch(url(`/api/products/${id}`))).json()) as { sizes: string[] };
      return { id, quantity: 1, selectedSize: detail.sizes[0] ?? null };
    }),
  );
  const placed = await postJson<{ order: { id: string }; accessToken: string }>(
    '/api/orders',
    {
      items,
      shippingMethod: 'standard',
      paymentMethod: 'flutterwave',
      email,
      phone: '+234 803 555 0188',
      shippingAddress: {
        firstName: 'Amaka',
        lastName: 'Obi',
        address: '7 Bourdillon Road',
        city: 'Ikoyi',
        state: 'Lagos',
        zipCode: '101233',
        country: 'Nigeria',
      },
    },
    201,
  );
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
      customer: { email, name: 'Amaka Obi' },
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

/** Nothing in the open dialog reaches past its edges, and its buttons are not covered. */
async function dialogFits(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  const problems = await dialog.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const found: string[] = [];
    if (box.right > window.innerWidth + 0.5 || box.left < -0.5)
      found.push('the dialog is wider than the window');
    for (const child of element.querySelectorAll<HTMLElement>('*')) {
      const rect = child.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5)
        found.push(
          `${child.tagName.toLowerCase()} "${(child.textContent ?? '').trim().slice(0, 30)}" sticks out`,
        );
    }
    for (const button of element.querySelectorAll<HTMLElement>('button')) {
      const rect = button.getBoundingClientRect();
      if (rect.width === 0) continue;
      const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
      if (top && !button.contains(top) && rect.bottom <= window.innerHeight)
        found.push(`button "${(button.textContent ?? '').trim()}" is covered`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

describe('staff give money back', () => {
  test('at 1280px staff refund one line of a paid TEST MODE order and the shopper sees it', async () => {
    const { number, key } = await paidTestOrder(uniqueEmail('refund-journey'));

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
        const panel = main(page).getByTestId('admin-order-panel');
        await panel.waitFor();
        await main(page).getByRole('button', { name: 'Refund', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Refund ${number}` });
        await dialog.waitFor();

        // Nothing chosen: nothing to refund, and the whole payment remains.
        const figure = dialog.getByTestId('refund-amount');
        expect(await figure.textContent()).toBe('₦0');
        const remaining = (await dialog.getByTestId('refund-remaining').textContent()) ?? '';
        expect(remaining).toMatch(/^₦[\d,]+(?:\.\d\d)? remains refundable$/);

        // One unit of the first line: the figure follows.
        const firstLine = dialog.getByTestId('refund-line').first();
        const lineName = (await firstLine.locator('p').first().textContent())?.trim() ?? '';
        await firstLine.getByRole('button', { name: /^One more of / }).click();
        await expect.poll(() => figure.textContent()).not.toBe('₦0');
        const refunded = (await figure.textContent()) ?? '';
        expect(refunded).toMatch(/^₦[\d,]+(?:\.\d\d)?$/);
        // A TEST MODE order says what the sandbox will answer; it succeeds unless told otherwise.
        expect(await dialog.getByLabel('TEST MODE outcome').inputValue()).toBe('completed');

        // No reason: refused beside the field, and the chosen line stays chosen.
        await dialog.getByRole('button', { name: `Refund ${refunded}` }).click();
        await dialog.getByText('Please give a reason for the refund.', { exact: true }).waitFor();
        expect(await dialog.getByRole('alert').count(), 'said once, beside the field').toBe(1);
        expect(await figure.textContent()).toBe(refunded);

        await dialog.getByLabel('Reason').fill('The colour is not as pictured');
        // Typed again: the refusal goes.
        expect(await dialog.getByRole('alert').count()).toBe(0);
        await dialogFits(page);
        await page.screenshot({ path: '/tmp/shots-refund-1280.png' });
        expect(await axeViolations(page), 'axe on the refund dialog').toEqual([]);
        await dialog.getByRole('button', { name: `Refund ${refunded}` }).click();

        await main(page)
          .getByTestId('admin-notice')
          .getByText(`${refunded} refunded to the shopper`)
          .waitFor();
        expect(await dialog.isVisible()).toBe(false);
        const refunds = panel.getByTestId('admin-order-refund');
        await refunds.first().waitFor();
        expect(await refunds.count()).toBe(1);
        expect(await refunds.first().getByTestId('admin-order-refund-amount').textContent()).toBe(refunded);
        expect(await refunds.first().getByTestId('refund-status').textContent()).toBe('Refunded');
        await refunds.first().getByText('The colour is not as pictured').waitFor();
        await refunds
          .first()
          .getByText(new RegExp(`^1 × ${lineName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
          .waitFor();
        await panel.getByText('Partly refunded', { exact: true }).waitFor();
        await noSideways(page);
        await page.screenshot({ path: 'test-results/admin-refund-done-1280.png', fullPage: true });
        expect(await axeViolations(page), 'axe on the refunded order').toEqual([]);

        // The Payments tab lists it.
        await visit(page, `/admin?tab=payments&q=${number}`);
        const row = main(page).getByTestId('refund-row');
        await row.first().waitFor();
        expect(await row.count()).toBe(1);
        await row.getByText('The colour is not as pictured').waitFor();
        expect(await row.getByTestId('refund-status').textContent()).toBe('Refunded');
        await noSideways(page);
        await page.screenshot({ path: 'test-results/admin-payments-refunds-1280.png', fullPage: true });
        expect(await axeViolations(page), 'axe on the payments tab with a refund').toEqual([]);
        await page.setViewportSize({ width: 375, height: 812 });
        await main(page).getByTestId('refund-card').first().waitFor();
        await noSideways(page);
        await page.screenshot({ path: 'test-results/admin-payments-refunds-375.png', fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        expect(await main(page).getByTestId('export-refunds').getAttribute('href')).toMatch(
          new RegExp(`^/api/admin/export/refunds\\.csv\\?q=${number}&`),
        );

        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      },
      ACTION_PATHS,
    );

    // The shopper's page, through the order's link: the refund and the payment's new state.
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, `/orderdetails/${number}?key=${encodeURIComponent(key)}`);
      const refund = main(page).getByTestId('order-refund');
      await refund.first().waitFor();
      expect(await refund.count()).toBe(1);
      await refund.getByText('The colour is not as pictured').waitFor();
      await main(page).getByText('Partly refunded').first().waitFor();
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 1280px a refund the provider refuses waits with its reason, is retried, and a cancel gives back the rest', async () => {
    const { number } = await paidTestOrder(uniqueEmail('refund-retry'));
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
        const panel = main(page).getByTestId('admin-order-panel');
        await main(page).getByRole('button', { name: 'Refund', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Refund ${number}` });
        await dialog.getByRole('radio', { name: 'A different amount' }).check();
        await dialog.getByLabel('Amount to refund (₦)').fill('1000');
        await dialog.getByLabel('Reason').fill('Goodwill for the late parcel');
        await dialog.getByLabel('TEST MODE outcome').selectOption('failed');
        await dialog.getByRole('button', { name: 'Refund ₦1,000' }).click();

        // Recorded and failed: the dialog closes, the admin reads why, nothing is counted as refunded.
        await main(page)
          .getByTestId('admin-notice')
          .getByText(/^The refund of ₦1,000 on .* failed/)
          .waitFor();
        const refund = panel.getByTestId('admin-order-refund');
        expect(await refund.getByTestId('refund-status').textContent()).toBe('Failed');
        expect(await refund.getByTestId('admin-order-refund-failure').textContent()).not.toBe('');
        expect(await panel.getByText('Paid', { exact: true }).count()).toBe(1);

        await refund.getByRole('button', { name: /^Retry refund of ₦1,000/ }).click();
        await expect.poll(() => refund.getByTestId('refund-status').textContent()).toBe('Refunded');
        await panel.getByText('Partly refunded', { exact: true }).waitFor();
        // The failure is old news once the retry went through.
        expect(
          await main(page)
            .getByText(/^The refund of ₦1,000 on .* failed/)
            .count(),
        ).toBe(0);

        // Cancelling offers the rest back in the same step, checked.
        await main(page).getByRole('button', { name: 'Cancel Order' }).click();
        const cancel = page.getByRole('dialog', { name: 'Cancel this order?' });
        const offer = cancel.getByRole('checkbox', { name: /^Refund ₦[\d,]+(?:\.\d\d)? to the shopper$/ });
        expect(await offer.isChecked()).toBe(true);
        await page.screenshot({ path: 'test-results/admin-refund-cancel-1280.png' });
        await cancel.getByRole('button', { name: 'Cancel Order' }).click();
        await main(page)
          .getByTestId('admin-notice')
          .getByText(/cancelled and its payment refunded/)
          .waitFor();
        await expect.poll(() => panel.getByTestId('admin-order-refund').count()).toBe(2);
        await panel.getByText('Refunded', { exact: true }).first().waitFor();
        expect(await panel.getByRole('button', { name: 'Refund', exact: true }).count()).toBe(0);
        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      },
      ACTION_PATHS,
    );
  });

  test('at 1280px the difference an overpaid transfer brought is refunded in one click', async () => {
    const email = uniqueEmail('refund-owed');
    const stocked = (await mostStockedProducts()).find((product) => product.stockCount >= 10);
    const detail = (await (await fetch(url(`/api/products/${stocked!.id}`))).json()) as { sizes: string[] };
    const placed = await postJson<{ order: { id: string }; accessToken: string }>(
      '/api/orders',
      {
        items: [{ id: stocked!.id, quantity: 1, selectedSize: detail.sizes[0] ?? null }],
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
      },
      201,
    );
    const number = placed.order.id;
    const opened = await postJson<{ txRef: string }>(
      `/api/orders/${number}/transfer-account`,
      { key: placed.accessToken },
      200,
    );
    await postJson(`/api/sandbox/transfers/${opened.txRef}/simulate`, { outcome: 'over' }, 200);

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
        const due = main(page).getByTestId('refund-due');
        await due.getByText('Refund due: ₦500').waitFor();
        await due.getByRole('button', { name: 'Refund ₦500' }).click();
        await main(page)
          .getByTestId('admin-notice')
          .getByText(/^₦500 refunded to the shopper/)
          .waitFor();
        // Given back: it leaves the money owed, and the order's own payment is untouched.
        await main(page).getByTestId('admin-order-refund').first().waitFor();
        expect(await main(page).getByTestId('refund-due').count()).toBe(0);
        const refund = main(page).getByTestId('admin-order-refund');
        expect(await refund.getByTestId('refund-status').textContent()).toBe('Refunded');
        await refund.getByText('Money owed back on a transfer').waitFor();
        await main(page).getByText('Paid', { exact: true }).waitFor();
        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      },
      ACTION_PATHS,
    );
  });

  test("at 1280px money paid into the shop's own account is refunded by hand, with the shopper's bank", async () => {
    const token = await adminApiToken();
    const stocked = (await mostStockedProducts()).find((product) => product.stockCount >= 10);
    const detail = (await (await fetch(url(`/api/products/${stocked!.id}`))).json()) as { sizes: string[] };
    // An order paid into the shop's own account, as placed with "An account number for each order" off.
    const placed: { order: { id: string }; accessToken: string } = await postJson(
      '/api/orders',
      {
        items: [{ id: stocked!.id, quantity: 1, selectedSize: detail.sizes[0] ?? null }],
        shippingMethod: 'standard',
        paymentMethod: 'bank-transfer',
        email: uniqueEmail('refund-by-hand'),
        phone: '0803 555 0142',
        shippingAddress: {
          firstName: 'Tolu',
          lastName: 'Ade',
          address: '3 Ozumba Mbadiwe Avenue',
          city: 'Victoria Island',
          state: 'Lagos',
          country: 'Nigeria',
        },
      },
      201,
    );
    await paidIntoShopAccount(placed.order.id);
    const number = placed.order.id;
    const confirmed = await fetch(url(`/api/admin/orders/${number}/confirm-transfer`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(confirmed.status, 'confirm-transfer').toBe(200);

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
        await main(page).getByRole('button', { name: 'Refund', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Refund ${number}` });
        await dialog.getByTestId('manual-refund-note').waitFor();
        await dialog.getByRole('radio', { name: 'A different amount' }).check();
        await dialog.getByLabel('Amount to refund (₦)').fill('2000');
        await dialog.getByLabel('Reason').fill('Price matched');
        await dialog.getByLabel('Account name').fill('Tolu Ade');
        await dialog.getByLabel('Account number').fill('012345678');
        await dialog.getByLabel('Bank', { exact: true }).fill('GTBank');
        await dialog.getByLabel("Your transfer's reference").fill('GTB-778812');
        await dialog.getByRole('button', { name: 'Record ₦2,000' }).click();
        // Nine digits: said beside the field; everything typed stays.
        await dialog.getByText('A 10-digit account number').waitFor();
        expect(await dialog.getByLabel('Account name').inputValue()).toBe('Tolu Ade');
        await dialog.getByLabel('Account number').fill('0123456789');
        expect(await dialog.getByText('A 10-digit account number').count()).toBe(0);
        await dialogFits(page);
        await page.screenshot({ path: '/tmp/shots-refund-manual-1280.png' });
        await dialog.getByRole('button', { name: 'Record ₦2,000' }).click();
        await main(page)
          .getByTestId('admin-notice')
          .getByText(/^Refund of ₦2,000 recorded/)
          .waitFor();
        const refund = main(page).getByTestId('admin-order-refund');
        expect(await refund.getByTestId('refund-status').textContent()).toBe('Refunded');
        await refund.getByText('GTB-778812').waitFor();
        await refund.getByText(/^To Tolu Ade, GTBank/).waitFor();
        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      },
      ACTION_PATHS,
    );
  });

  test('at 375px the refund dialog fits the phone', async () => {
    const { number } = await paidTestOrder(uniqueEmail('refund-phone'));
    await withPage(375, async ({ page, problemReport }) => {
      await openAsAdmin(page, `/admin?tab=orders&order=${number}`);
      await main(page).getByRole('button', { name: 'Refund', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Refund ${number}` });
      await dialog.waitFor();
      await dialog
        .getByTestId('refund-line')
        .first()
        .getByRole('button', { name: /^One more of / })
        .click();
      const delivery = dialog.getByLabel(/^Include delivery/);
      if ((await delivery.count()) > 0) await delivery.check();
      await dialog.getByLabel('Reason').fill('Arrived late for the wedding');
      await dialogFits(page);
      await noSideways(page);
      await page.screenshot({ path: '/tmp/shots-refund-375.png' });
      // A different amount: a naira field, and the figure is what was typed.
      await dialog.getByRole('radio', { name: 'A different amount' }).check();
      await dialog.getByLabel('Amount to refund (₦)').fill('1500.50');
      expect(await dialog.getByTestId('refund-amount').textContent()).toBe('₦1,500.50');
      await dialogFits(page);
      await page.screenshot({ path: '/tmp/shots-refund-375-amount.png' });
      expect(await axeViolations(page), 'axe on the refund dialog at 375px').toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });
});
