import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  axeViolations,
  closeBrowser,
  isAt,
  main,
  newestMailTo,
  openAsAdmin,
  orderableProduct,
  shopperAddress,
  signUpThroughApi,
  uniqueEmail,
  url,
  visit,
  waitForHydration,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

const PASSWORD = 'Ankara-Print-2026';
const notice = (page: Page) => main(page).getByTestId('admin-notice');
const adminTabs = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** A guest's bank-transfer order, its transfer confirmed by the owner: an order waiting to be shipped. */
async function processingOrder(): Promise<string> {
  const product = await orderableProduct();
  const placed = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: uniqueEmail('staff-order'),
      phone: '+234 803 555 0101',
      shippingAddress: {
        firstName: 'Ngozi',
        lastName: 'Eze',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        zipCode: '100271',
        country: 'Nigeria',
      },
    }),
  });
  const body = (await placed.json()) as { order: { id: string } };
  expect(placed.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  const confirmed = await fetch(url(`/api/admin/orders/${body.order.id}/confirm-transfer`), {
    method: 'POST',
    headers: { authorization: `Bearer ${await adminApiToken()}` },
  });
  expect(confirmed.status, 'confirm-transfer').toBe(200);
  return body.order.id;
}

/** The /staff-invite?token=… link of the newest invitation e-mailed to `email`, read from the outbox. */
async function invitationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = await newestMailTo(email);
        link = /\/staff-invite\?token=[\w-]+/.exec(mail?.text ?? '')?.[0];
        return Boolean(link);
      },
      { message: `an invitation e-mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

describe('staff invitations', () => {
  test('at 1280px the owner invites a dispatcher, who joins from the link and ships an order but never sees Settings', async () => {
    const number = await processingOrder();
    const email = uniqueEmail('dispatch');

    // The owner gives the role from the Staff tab: no account yet, so an invitation goes out.
    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=staff');
      await waitForHydration(page);
      await main(page).getByLabel('E-mail').fill(email);
      await main(page).getByLabel('Role', { exact: true }).selectOption('dispatch');
      await main(page)
        .getByTestId('staff-role-description')
        .getByText('Sees orders and ships them')
        .waitFor();
      await main(page).getByRole('button', { name: 'Add staff' }).click();
      await notice(page).getByText(`Invitation sent to ${email} to join as a Dispatch.`).waitFor();
      const waiting = main(page).locator(`[data-testid="staff-invitation"][data-email="${email}"]`);
      await waiting.getByText('as Dispatch').waitFor();
      expect(await axeViolations(page), 'axe on the Staff tab').toEqual([]);
      expect(problemReport()).toEqual([]);
    });

    const link = await invitationLinkFor(email);

    // The dispatcher, in a browser of their own, sets a name and password and lands in the admin area.
    await withPage(
      1280,
      async ({ page, context, problemReport }) => {
        // The accept is limited per address like a sign-up: this run's own address.
        await context.setExtraHTTPHeaders(shopperAddress());
        await visit(page, link);
        await waitForHydration(page);
        await main(page).getByRole('heading', { name: 'Join Rossy as Dispatch' }).waitFor();
        expect(await main(page).getByLabel('Email').inputValue()).toBe(email);
        expect(await axeViolations(page), 'axe on the invitation page').toEqual([]);
        await main(page).getByLabel('Name').fill('Tunde Bakare');
        await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
        await main(page).getByLabel('Confirm password').fill(PASSWORD);
        await main(page).getByRole('button', { name: 'Join the staff' }).click();
        await page.waitForURL((address) => address.pathname === '/admin');
        await page.getByText('ADMIN MODE', { exact: true }).waitFor();
        await waitForHydration(page);
        const tabs = await adminTabs(page).getByRole('link').allTextContents();
        expect(tabs).toContain('Orders');
        expect(tabs).not.toContain('Settings');
        expect(tabs).not.toContain('Staff');

        // They open the paid order and ship it: carrier and tracking number.
        await visit(page, `/admin?tab=orders&order=${number}`);
        await waitForHydration(page);
        const panel = main(page).getByTestId('admin-order-panel');
        await expect.poll(() => panel.getByTestId('order-status').first().textContent()).toBe('Processing');
        await panel.getByLabel('Carrier').selectOption({ label: 'GIG Logistics' });
        await panel.getByLabel('Tracking number').fill('GIG-445566');
        await panel.getByRole('button', { name: 'Mark Shipped' }).click();
        await notice(page).getByText(`Order ${number} marked Shipped`, { exact: false }).waitFor();
        await expect.poll(() => panel.getByTestId('order-status').first().textContent()).toBe('Shipped');

        // Settings is not theirs: the permission page.
        await visit(page, '/admin?tab=settings', 403);
        await main(page).getByText('You do not have permission to access this page.').waitFor();
        expect(problemReport()).toEqual([]);
      },
      ['/admin'],
    );

    // The link worked once: opened again it says so and leads home.
    await withPage(
      1280,
      async ({ page }) => {
        await visit(page, link, 410);
        await main(page).getByText('This invitation link is invalid or has expired.').waitFor();
        await main(page).getByRole('link', { name: 'Back to the shop' }).waitFor();
      },
      ['/staff-invite'],
    );
  });
  test("at 1280px a support member answers a shopper's message and reads the order it names, but cannot ship it or open Settings", async () => {
    const number = await processingOrder();
    const email = uniqueEmail('support');
    await signUpThroughApi({ name: 'Ngozi Eze', email, password: PASSWORD });
    // The owner gives the role to an account that exists: it holds at once.
    const granted = await fetch(url('/api/admin/staff'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminApiToken()}` },
      body: JSON.stringify({ email, role: 'support' }),
    });
    expect(granted.status, `POST /api/admin/staff: ${await granted.clone().text()}`).toBe(200);
    // A shopper writes about the order through the contact form's API.
    const subject = `Where is order ${number}?`;
    const asked = await fetch(url('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shopperAddress() },
      body: JSON.stringify({
        name: 'Chiamaka Obi',
        email: uniqueEmail('asks'),
        subject,
        message: 'I paid by transfer two days ago. When will it ship?',
        orderNumber: number,
      }),
    });
    expect(asked.status, `POST /api/contact: ${await asked.clone().text()}`).toBeLessThan(300);
    const signedIn = await fetch(url('/api/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shopperAddress() },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    expect(signedIn.status, 'POST /api/login').toBe(200);

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await page.context().addCookies([{ name: 'rossy_session', value: token, url: url('/') }]);
        await visit(page, '/admin');
        await page.getByText('ADMIN MODE', { exact: true }).waitFor();
        const tabs = await adminTabs(page).getByRole('link').allTextContents();
        expect(tabs).toEqual(expect.arrayContaining(['Orders', 'Returns', 'Messages']));
        for (const theirs of ['Settings', 'Staff', 'All Products', 'Payments', 'Coupons'])
          expect(tabs, `the ${theirs} tab`).not.toContain(theirs);

        // The message opens, and is marked replied.
        await visit(page, '/admin?tab=messages&status=new');
        const item = main(page).getByTestId('message-row').filter({ hasText: subject });
        await item.getByRole('link').click();
        const reader = main(page).getByTestId('message-reader');
        await reader.getByRole('heading', { name: subject }).waitFor();
        await waitForHydration(page);
        await reader.getByRole('button', { name: 'Mark replied' }).click();
        await reader.getByText('Marked replied.').waitFor();
        await expect.poll(() => reader.getByTestId('message-status').textContent()).toBe('Replied');

        // The order it names is theirs to read, not to ship.
        await reader.getByTestId('message-order').click();
        await page.waitForURL(isAt('/admin', { tab: 'orders', order: number }));
        const panel = main(page).getByTestId('admin-order-panel');
        await expect.poll(() => panel.getByTestId('order-status').first().textContent()).toBe('Processing');
        expect(await panel.getByRole('button', { name: 'Mark Shipped' }).count()).toBe(0);
        expect(await axeViolations(page), 'axe on the order, as support sees it').toEqual([]);

        await visit(page, '/admin?tab=settings', 403);
        await main(page).getByText('You do not have permission to access this page.').waitFor();
        expect(problemReport()).toEqual([]);
      },
      ['/admin'],
    );
  });
});
