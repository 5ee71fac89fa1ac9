import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  adminCredentials,
  axeViolations,
  baseUrl,
  closeBrowser,
  isAt,
  main,
  uniqueEmail,
  url,
  visit,
  waitForHydration,
  withPage,
  shopperAddress,
  signUpThroughApi,
  mostStockedProducts,
} from './fixtures';

afterAll(closeBrowser);

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(url(path), {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...shopperAddress(),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function signUp(tag: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(tag);
  const { token } = await signUpThroughApi({ name: 'Amara Obi', email, password: 'Amara-Shops-2026' });
  return { email, token };
}

/** A signed-in shopper's bank-transfer order, placed through the REST API with their token. */
async function placeOrder(token: string, email: string): Promise<string> {
  const items = await mostStockedProducts();
  const detail = await api(`/api/products/${items[0]!.id}`);
  const sizes = detail.body.sizes as string[];
  const { status, body } = await api('/api/orders', {
    token,
    body: {
      items: [{ id: items[0]!.id, quantity: 1, selectedSize: sizes[0] ?? null }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '+234 803 555 0199',
      shippingAddress: {
        firstName: 'Amara',
        lastName: 'Obi',
        address: '22 Adeola Odeku Street',
        city: 'Victoria Island',
        state: 'Lagos',
        zipCode: '101241',
        country: 'Nigeria',
      },
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return (body.order as { id: string }).id;
}

/** The browser signed in with the shopper's session: the session cookie is the API token. */
async function signInWith(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'rossy_session', value: token, url: baseUrl() }]);
}

const bell = (page: Page) => page.locator('header a[href="/notifications"]');
const items = (page: Page) => main(page).getByTestId('notification');

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('notifications', () => {
  test('a guest is asked to sign in and comes back to the notifications', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/notifications?filter=unread');
      await main(page).getByRole('heading', { name: 'Sign in to see your notifications' }).waitFor();
      expect(await main(page).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
        `/login?redirectTo=${encodeURIComponent('/notifications?filter=unread')}`,
      );
      expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 1280px a shopper sees the badge for their order updates, filters, marks read, deletes and clears', async () => {
    const shopper = await signUp('notified');
    const number = await placeOrder(shopper.token, shopper.email);
    const admin = await adminApiToken();
    expect(
      (await api(`/api/admin/orders/${number}/confirm-transfer`, { method: 'POST', token: admin })).status,
    ).toBe(200);
    const shipped = await api(`/api/admin/orders/${number}/status`, {
      method: 'PATCH',
      token: admin,
      body: { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-445566' },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);

    await withPage(1280, async ({ page, context, problemReport }) => {
      await signInWith(context, shopper.token);
      await visit(page, '/');
      expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 3 unread');
      expect((await bell(page).textContent())?.trim()).toBe('3');

      await bell(page).click();
      await page.waitForURL(isAt('/notifications'));
      await items(page).first().waitFor();
      await waitForHydration(page);
      expect(await items(page).locator('h2').allTextContents()).toEqual([
        'Order shipped(unread)',
        'Payment confirmed(unread)',
        'Order placed(unread)',
      ]);
      await items(page).first().getByText(`Order ${number} is on its way with GIG Logistics`).waitFor();
      expect(await items(page).first().locator('time').textContent()).toBe('Just now');
      expect(await items(page).first().getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(
        `/orders/${number}`,
      );
      expect(await axeViolations(page), 'axe on /notifications').toEqual([]);

      // The filter tabs live in the address; promotions has none yet.
      const tabs = main(page).getByRole('navigation', { name: 'Filter notifications' });
      await tabs.getByRole('link', { name: 'Promotions' }).click();
      await page.waitForURL(isAt('/notifications', { filter: 'promotions' }));
      await main(page).getByRole('heading', { name: 'No promotions right now' }).waitFor();
      await tabs.getByRole('link', { name: 'Orders' }).click();
      await page.waitForURL(isAt('/notifications', { filter: 'orders' }));
      await expect.poll(() => items(page).count()).toBe(3);

      // Mark one read: the header badge drops.
      await items(page).nth(2).getByRole('button', { name: 'Mark as read' }).click();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 2 unread');
      expect(await items(page).nth(2).getAttribute('data-read')).toBe('true');
      await tabs.getByRole('link', { name: /Unread/ }).click();
      await page.waitForURL(isAt('/notifications', { filter: 'unread' }));
      await expect.poll(() => items(page).count()).toBe(2);

      await main(page).getByRole('button', { name: 'Mark all as read' }).click();
      await main(page).getByRole('heading', { name: "You're all caught up" }).waitFor();
      await expect.poll(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
      await tabs.getByRole('link', { name: 'All' }).click();
      await page.waitForURL(isAt('/notifications'));

      await items(page).first().getByRole('button', { name: 'Delete notification: Order shipped' }).click();
      await expect.poll(() => items(page).count()).toBe(2);
      await main(page).getByRole('button', { name: 'Clear all' }).click();
      const dialog = page.getByRole('dialog', { name: 'Clear all notifications?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Clear all' }).click();
      await main(page).getByRole('heading', { name: 'No notifications yet' }).waitFor();
      expect(await axeViolations(page), 'axe on the empty notifications').toEqual([]);

      const left = await api('/api/notifications', { token: shopper.token });
      expect(left.body).toMatchObject({ notifications: [], unreadCount: 0, total: 0 });
      expect(problemReport()).toEqual([]);
    });
  });

  test('an admin sends an announcement and a shopper sees it; at 375px it fits the screen', async () => {
    const shopper = await signUp('announced');
    const title = `Private sale ${randomBytes(2).toString('hex')}`;

    await withPage(1280, async ({ page, problemReport }) => {
      const admin = adminCredentials();
      await page.goto('/admin?tab=announcements');
      await page.waitForURL(isAt('/login', { redirectTo: '/admin?tab=announcements' }));
      await waitForHydration(page);
      await main(page).getByLabel('Email', { exact: true }).fill(admin.email);
      await main(page).getByLabel('Password', { exact: true }).fill(admin.password);
      await main(page).getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(isAt('/admin'));
      await visit(page, '/admin?tab=announcements');
      await main(page).getByRole('heading', { name: 'New announcement' }).waitFor();

      const composer = main(page).getByRole('region', { name: 'New announcement' });
      // An empty send is stopped by the browser, nothing is asked.
      await composer.getByRole('button', { name: 'Send announcement' }).click();
      expect(await page.getByRole('dialog').count()).toBe(0);

      await composer.getByLabel('Title').fill(title);
      await composer.getByLabel('Message').fill('Up to 30% off designer bags until Sunday.');
      await composer.getByLabel('Link (optional)').fill('/sale');
      const preview = composer.getByTestId('announcement-preview');
      await preview.getByText(title).waitFor();
      await preview.getByText('Shop now → /sale').waitFor();
      expect(await axeViolations(page), 'axe on the Announcements tab').toEqual([]);

      await composer.getByRole('button', { name: 'Send announcement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send this announcement?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await main(page)
        .getByTestId('admin-notice')
        .getByText(/^Announcement sent to \d+ customers?\.$/)
        .waitFor();
      const row = main(page).getByTestId('announcement-row').filter({ hasText: title });
      await row.waitFor();
      expect(Number(await row.getByTestId('announcement-recipients').textContent())).toBeGreaterThan(0);
      expect(problemReport()).toEqual([]);
    });

    const list = await api('/api/notifications?filter=promotions', { token: shopper.token });
    expect(list.body.notifications).toEqual([
      expect.objectContaining({ type: 'promo', title, link: '/sale', isRead: false }),
    ]);

    await withPage(375, async ({ page, context, problemReport }) => {
      await signInWith(context, shopper.token);
      await visit(page, '/notifications?filter=promotions');
      await items(page).getByText(title).waitFor();
      await noSideways(page);
      await items(page).getByRole('link', { name: 'Shop now' }).click();
      await page.waitForURL(isAt('/sale'));
      expect(problemReport()).toEqual([]);
    });
  });
});
