import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  isAt,
  main,
  orderableProduct,
  signInAsAdmin,
  uniqueEmail,
  url,
  visit,
  waitForHydration,
  withPage,
  signUpThroughApi,
} from './fixtures';

afterAll(closeBrowser);

const NO_TRANSACTIONS = 'No transactions found.';
const ACTION_PATHS = ['/admin', '/admin.data'];

const address = {
  firstName: 'Chidera',
  lastName: 'Nwosu',
  address: '4 Awolowo Road',
  city: 'Ikoyi',
  state: 'Lagos',
  zipCode: '101233',
  country: 'Nigeria',
};

/** A guest's order through the REST API, as checkout places it: its number and the e-mailed link's key. */
async function placeGuestOrder(
  email: string,
  paymentMethod: 'bank-transfer' | 'flutterwave',
): Promise<{ number: string; key: string }> {
  const product = await orderableProduct();
  const response = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
      shippingMethod: 'standard',
      paymentMethod,
      email,
      phone: '+234 803 555 0101',
      shippingAddress: address,
    }),
  });
  const body = (await response.json()) as { order: { id: string }; accessToken: string };
  expect(response.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  return { number: body.order.id, key: body.accessToken };
}

async function postJson(path: string, body: unknown, status: number): Promise<unknown> {
  const response = await fetch(url(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  expect(response.status, `POST ${path}: ${JSON.stringify(answer)}`).toBe(status);
  return answer;
}

const notice = (page: Page) => main(page).getByTestId('admin-notice');
const adminTabs = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('admin orders and payments', () => {
  test('at 1280px an admin confirms a bank transfer, ships the order, and the shopper sees it', async () => {
    const email = uniqueEmail('admin-journey');
    const { number, key } = await placeGuestOrder(email, 'bank-transfer');
    await postJson(`/api/orders/${number}/bank-transfer`, { reference: 'gtb 2024 7788 01', key }, 200);
    const card = await placeGuestOrder(uniqueEmail('admin-card'), 'flutterwave');
    const started = (await postJson(`/api/orders/${card.number}/payments`, { key: card.key }, 201)) as {
      txRef: string;
    };

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await signInAsAdmin(page, '/admin');
        await page.getByText('ADMIN MODE', { exact: true }).waitFor();
        expect((await main(page).locator('h1').textContent())?.trim()).toBe('Admin Dashboard');

        // Overview: every tab as a link, quick actions, and the latest orders from the database.
        expect(await adminTabs(page).getByRole('link').allTextContents()).toEqual([
          'Overview',
          'User Management',
          'Staff',
          'All Products',
          'Add Product',
          'Inventory',
          'Orders',
          'Returns',
          'Payments',
          'Settings',
          'Coupons',
          'Messages',
          'Blog',
          'Announcements',
          'Outbox',
          'Activity Log',
        ]);
        expect(
          await adminTabs(page).getByRole('link', { name: 'Overview' }).getAttribute('aria-current'),
        ).toBe('page');
        for (const [name, href] of [
          ['Add Product', '/admin/products/new'],
          ['Manage Users', '/admin/users'],
          ['View Reports', '/admin/reports'],
        ] as const)
          expect(
            await main(page)
              .getByRole('region', { name: 'Quick actions' })
              .getByRole('link', { name: new RegExp(name) })
              .getAttribute('href'),
          ).toBe(href);
        const recent = main(page).getByRole('region', { name: 'Recent orders' }).getByRole('link');
        expect(await recent.count()).toBeGreaterThan(1);
        expect(await recent.nth(1).getAttribute('href')).toMatch(/^\/admin\?tab=orders&order=ORD-/);
        expect(await axeViolations(page), 'axe on the overview').toEqual([]);

        // Orders: the tab lives in the address; 20 a page over the seeded orders.
        await adminTabs(page).getByRole('link', { name: 'Orders' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'orders' }));
        const rows = main(page).getByTestId('admin-order-row');
        await rows.first().waitFor();
        expect(await rows.count()).toBe(20);
        await main(page).getByRole('link', { name: /Next/ }).click();
        await page.waitForURL(isAt('/admin', { tab: 'orders', page: '2' }));
        expect(await rows.count()).toBeGreaterThan(0);

        // The status filter filters.
        await main(page).getByLabel('Status').selectOption('shipped');
        await main(page).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'orders', status: 'shipped' }));
        await expect
          .poll(async () => [...new Set(await rows.getByTestId('order-status').allTextContents())])
          .toEqual(['Shipped']);

        // Search by the customer's e-mail finds the new order, awaiting its transfer.
        await main(page).getByLabel('Status').selectOption('');
        await main(page).getByLabel('Search orders').fill(email);
        await main(page).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'orders', q: email }));
        await expect.poll(() => rows.count()).toBe(1);
        expect(await rows.getByTestId('order-status').textContent()).toBe('Awaiting payment');
        await rows.getByRole('link', { name: number }).click();
        await page.waitForURL(isAt('/admin', { tab: 'orders', order: number }));

        const panel = main(page).getByTestId('admin-order-panel');
        await panel.getByText('Chidera Nwosu', { exact: true }).waitFor();
        await panel.getByText('4 Awolowo Road').waitFor();
        expect(await panel.getByTestId('customer-bank-reference').textContent()).toBe('GTB2024778801');
        // Awaiting payment: confirm or cancel, not ship.
        expect(await panel.getByRole('button', { name: 'Mark Shipped' }).count()).toBe(0);
        expect(await panel.getByRole('button', { name: 'Cancel Order' }).count()).toBe(1);
        expect(await axeViolations(page), 'axe on an order awaiting payment').toEqual([]);

        await panel.getByRole('button', { name: 'Confirm payment received' }).click();
        const confirm = page.getByRole('dialog', { name: 'Confirm payment received?' });
        await confirm.waitFor();
        await confirm.getByText(/GTB2024778801/).waitFor();
        await confirm.getByRole('button', { name: 'Confirm payment' }).click();
        await notice(page).getByText(`Payment for ${number} confirmed.`, { exact: false }).waitFor();
        await expect.poll(() => panel.getByTestId('order-status').first().textContent()).toBe('Processing');

        // Shipping needs the carrier, picked from the owner's list, and the tracking number.
        await panel.getByLabel('Carrier').selectOption({ label: 'GIG Logistics' });
        await panel.getByLabel('Tracking number').fill('GIG-778899');
        await panel.getByRole('button', { name: 'Mark Shipped' }).click();
        await notice(page).getByText(`Order ${number} marked Shipped`, { exact: false }).waitFor();
        await expect.poll(() => panel.getByTestId('order-status').first().textContent()).toBe('Shipped');
        expect(await panel.getByRole('button', { name: 'Cancel Order' }).count()).toBe(0);
        expect(await panel.getByRole('button', { name: 'Mark Delivered' }).count()).toBe(1);
        await panel
          .getByTestId('order-timeline')
          .getByText(/GIG-778899/)
          .waitFor();
        // The tracking number links to the carrier's page, built from its pattern.
        expect(await panel.getByRole('link', { name: 'GIG-778899' }).getAttribute('href')).toMatch(
          /^https:\/\/[^/]*giglogistics\.com\/.*GIG-778899/,
        );

        // The panel is an address: a reload comes back to it.
        await page.reload();
        await waitForHydration(page);
        await panel
          .getByTestId('order-timeline')
          .getByText(/GIG-778899/)
          .waitFor();
        expect(await axeViolations(page), 'axe on a shipped order').toEqual([]);
        await page.screenshot({ path: 'test-results/admin-order-1280.png', fullPage: true });

        // Delivered is asked before it is said: a slip of the finger does not tell the customer.
        await panel.getByRole('button', { name: 'Mark Delivered' }).click();
        const delivered = page.getByRole('dialog', { name: 'Mark this order delivered?' });
        await delivered.waitFor();
        await delivered.getByRole('button', { name: 'Cancel' }).click();
        await delivered.waitFor({ state: 'hidden' });
        expect(await panel.getByTestId('order-status').first().textContent()).toBe('Shipped');
        await panel.getByRole('button', { name: 'Mark Delivered' }).click();
        await delivered.getByRole('button', { name: 'Mark Delivered' }).click();
        await expect.poll(() => panel.getByTestId('order-status').first().textContent()).toBe('Delivered');

        // Payments: the confirmed transfer, done; a card attempt never charged fails to verify.
        await adminTabs(page).getByRole('link', { name: 'Payments' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'payments' }));
        await main(page).getByLabel('Search transactions').fill(number);
        await main(page).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'payments', q: number }));
        const transactions = main(page).getByTestId('transaction-row');
        await expect.poll(() => transactions.count()).toBe(1);
        expect(await transactions.getByTestId('transaction-status').textContent()).toBe('Successful');
        await transactions.getByText('Chidera Nwosu').waitFor();
        expect(await transactions.getByRole('button', { name: /^Verified transaction/ }).isDisabled()).toBe(
          true,
        );
        expect(await main(page).getByLabel('From').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

        await main(page).getByLabel('Search transactions').fill(started.txRef);
        await main(page).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'payments', q: started.txRef }));
        await expect.poll(() => transactions.count()).toBe(1);
        await transactions.getByText(started.txRef, { exact: true }).waitFor();
        expect(await transactions.getByTestId('transaction-status').textContent()).toBe('Pending');
        const id = (await transactions.locator('td').first().innerText()).split('\n')[0]?.trim();
        await transactions.getByRole('button', { name: `Verify transaction ${id}` }).click();
        await notice(page)
          .getByText('Failed to verify transaction: No transaction was found for this id', { exact: true })
          .waitFor();

        await page.screenshot({ path: 'test-results/admin-payments-1280.png', fullPage: true });
        await main(page).getByLabel('Search transactions').fill('no-such-payment-anywhere');
        await main(page).getByRole('button', { name: 'Search' }).click();
        await main(page).getByText(NO_TRANSACTIONS, { exact: true }).waitFor();
        expect(await axeViolations(page), 'axe on payments').toEqual([]);

        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      },
      ACTION_PATHS,
    );

    // The shopper's page follows: Delivered, after Shipped with the tracking number in the timeline.
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, `/orderdetails/${number}?key=${encodeURIComponent(key)}`);
      expect(await main(page).getByTestId('order-status').first().textContent()).toBe('Delivered');
      const timeline = main(page).getByTestId('order-timeline');
      await timeline.getByText('Shipped', { exact: true }).waitFor();
      await timeline.getByText(/GIG-778899/).waitFor();
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the orders and an order fit the phone', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin?tab=orders');
      await page.waitForURL(isAt('/admin', { tab: 'orders' }));
      const cards = main(page).getByTestId('admin-order-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(20);
      await noSideways(page);
      await page.screenshot({ path: 'test-results/admin-orders-375.png', fullPage: true });
      expect(await axeViolations(page), 'axe on orders at 375px').toEqual([]);
      await cards.first().getByRole('link').click();
      await page.waitForURL((address) => address.searchParams.has('order'));
      await main(page).getByTestId('admin-order-panel').waitFor();
      await noSideways(page);
      await page.screenshot({ path: 'test-results/admin-order-375.png', fullPage: true });
      await visit(page, '/admin?tab=payments');
      await noSideways(page);
      await page.screenshot({ path: 'test-results/admin-payments-375.png', fullPage: true });
      expect(await axeViolations(page), 'axe on payments at 375px').toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });

  test('a customer opening /admin goes home, and a guest goes to sign in', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/');
      await signUpThroughApi(
        { name: 'Tunde Bakare', email: uniqueEmail('not-admin'), password: 'Adire-Silk-2024' },
        page.context(),
      );
      for (const path of ['/admin', '/admin?tab=orders', '/admin?tab=payments']) {
        await page.goto(path);
        await page.waitForURL(isAt('/'));
      }
      expect(await page.getByText('ADMIN MODE', { exact: true }).count()).toBe(0);
      // The signed-in page reads the account's wishlist on each visit: signing out under a request in
      // flight would answer it 401 (correctly); the guest's visit starts once the page is quiet.
      await page.waitForLoadState('networkidle');
      await page.context().clearCookies();
      await page.goto('/admin?tab=payments');
      await page.waitForURL(isAt('/login', { redirectTo: '/admin?tab=payments' }));
      expect(problemReport()).toEqual([]);
    });
  });
});
