import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminCredentials,
  axeViolations,
  closeBrowser,
  isAt,
  main,
  signInAsAdmin,
  url,
  visit,
  withPage,
  signUpThroughApi,
} from './fixtures';

afterAll(closeBrowser);

const PASSWORD = 'Ankara-Print-2026';

/** Shoppers of this run only, signed up through the API: a marker in each name, unique e-mails. */
async function signUpShoppers(marker: string, count: number) {
  const shoppers: { name: string; email: string }[] = [];
  for (let index = 1; index <= count; index++) {
    const shopper = {
      name: `Amaka ${marker} ${index}`,
      email: `amaka-${marker}-${index}@example.test`,
    };
    await signUpThroughApi({ ...shopper, password: PASSWORD });
    shoppers.push(shopper);
  }
  return shoppers;
}

const signIn = (email: string) =>
  fetch(url('/api/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });

const notice = (page: Page) => main(page).getByTestId('admin-notice');

describe('admin user management', () => {
  test('at 1280px the owner searches, pages, deactivates and activates users, and gives roles on the Staff tab', async () => {
    const marker = `um${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const shoppers = await signUpShoppers(marker, 6);

    await withPage(1280, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin/users');
      // /admin/users is the dashboard's User Management tab, the search kept.
      await visit(page, `/admin/users?q=${marker.toUpperCase()}`);
      await page.waitForURL(isAt('/admin', { tab: 'users', q: marker.toUpperCase() }));
      const rows = main(page).getByTestId('user-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(5);
      expect(await main(page).getByTestId('users-count').first().textContent()).toBe(
        'Showing 1–5 of 6 users · Page 1 of 2',
      );
      await main(page).getByRole('link', { name: /Next/ }).click();
      await page.waitForURL(isAt('/admin', { tab: 'users', page: '2' }));
      await expect.poll(() => rows.count()).toBe(1);
      // Newest first: the first sign-up is alone on page 2.
      expect(await rows.first().getAttribute('data-email')).toBe(shoppers[0]!.email);

      // Search on an e-mail, in capitals.
      const target = shoppers[2]!;
      await main(page).getByLabel('Search users').fill(target.email.toUpperCase());
      await main(page).getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/admin', { tab: 'users', q: target.email.toUpperCase() }));
      await expect.poll(() => rows.count()).toBe(1);
      const row = rows.first();
      expect(await row.getByTestId('user-role').textContent()).toBe('Customer');
      expect(await row.getByTestId('user-status').textContent()).toBe('Active');
      expect(await axeViolations(page), 'axe on User Management').toEqual([]);

      // Deactivate, after confirming: the shopper can no longer sign in.
      await row.getByRole('button', { name: `Deactivate ${target.name}` }).click();
      const deactivate = page.getByRole('dialog', { name: 'Deactivate this account?' });
      await deactivate.getByRole('button', { name: 'Deactivate' }).click();
      await notice(page)
        .getByText(`${target.name} has been deactivated and signed out everywhere.`)
        .waitFor();
      await expect.poll(() => row.getByTestId('user-status').textContent()).toBe('Inactive');
      expect((await signIn(target.email)).status).toBe(403);

      // Activate again: they can.
      await row.getByRole('button', { name: `Activate ${target.name}` }).click();
      await notice(page).getByText(`${target.name} has been activated and can sign in again.`).waitFor();
      await expect.poll(() => row.getByTestId('user-status').textContent()).toBe('Active');
      expect((await signIn(target.email)).status).toBe(200);

      // Roles are given on the Staff tab: "Give a role" opens it with the address filled in.
      expect(await row.getByRole('button', { name: /Promote/ }).count()).toBe(0);
      expect(await row.getByTestId('user-two-factor').textContent()).toBe('Off');
      await row.getByRole('link', { name: `Give a role: ${target.name}` }).click();
      await page.waitForURL(isAt('/admin', { tab: 'staff', email: target.email }));
      expect(await main(page).getByLabel('E-mail').inputValue()).toBe(target.email);
      await visit(page, `/admin?tab=users&q=${encodeURIComponent(target.email)}`);
      await rows.first().waitFor();

      // The signed-in admin cannot deactivate themselves.
      const admin = adminCredentials();
      await main(page).getByLabel('Search users').fill(admin.email);
      await main(page).getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/admin', { tab: 'users', q: admin.email }));
      const self = rows.filter({ hasText: '(you)' });
      await self.waitFor();
      expect(await self.getByRole('button', { name: /^Deactivate/ }).isDisabled()).toBe(true);

      // Nobody matches: SPEC's empty state.
      await main(page).getByLabel('Search users').fill(`${marker}-nobody`);
      await main(page).getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/admin', { tab: 'users', q: `${marker}-nobody` }));
      await main(page).getByText('No users found.', { exact: true }).waitFor();
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px users are cards that fit the screen', async () => {
    const marker = `uc${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    await signUpShoppers(marker, 2);
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin/users');
      await visit(page, `/admin?tab=users&q=${marker}`);
      const cards = main(page).getByTestId('user-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(2);
      expect(await main(page).getByTestId('users-table').isVisible()).toBe(false);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
      expect(problemReport()).toEqual([]);
    });
  });
});
