import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  closeBrowser,
  main,
  queryDatabase,
  signUpThroughApi,
  visit,
  waitForHydration,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

const PASSWORD = 'Manager-Pass-2026';
const WRONG_CODE = 'That code is not right. Check the time on your phone and try again.';

/** The code a phone shows `stepsAhead` steps from now (the shop takes one step either side). */
const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await waitForHydration(page);
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await main(page).getByText('Enter the 6-digit code from your authenticator app').waitFor();
}

async function signOut(page: Page) {
  await visit(page, '/profile');
  await main(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((address) => address.pathname !== '/profile');
}

describe('two-step sign-in for staff', () => {
  test('at 1280px a manager turns it on, then signs in with a code, and once with a recovery code', async () => {
    const email = `tobi-${Date.now().toString(36)}${randomBytes(2).toString('hex')}@example.test`;
    await signUpThroughApi({ name: 'Tobi Manager', email, password: PASSWORD });
    await queryDatabase(
      'making the account a manager',
      `UPDATE users SET role = 'manager' WHERE email = $1`,
      [email],
    );

    await withPage(
      1280,
      async ({ page }) => {
        await page.goto('/login');
        await waitForHydration(page);
        await main(page).getByLabel('Email', { exact: true }).fill(email);
        await main(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
        await main(page).getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL((address) => address.pathname === '/admin');

        await visit(page, '/profile?tab=security');
        await waitForHydration(page);
        const panel = main(page).getByTestId('two-factor');
        await panel.getByRole('button', { name: 'Turn on' }).click();
        await panel.getByText("Can't scan?").click();
        const secret = (await panel.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
        expect(await panel.locator('svg').count()).toBe(1);
        await panel.getByLabel('Code from the app').fill(codeFor(secret));
        await panel.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
        const codes = panel.getByTestId('recovery-codes').locator('li');
        await codes.first().waitFor();
        expect(await codes.count()).toBe(10);
        // The count beside the fresh codes is theirs, not the page's from before they were made.
        expect(await panel.innerText()).toContain('Recovery codes left: 10.');
        const recovery = (await codes.first().textContent())!.trim();

        await signOut(page);
        await signInWithPassword(page, email);
        await main(page).getByLabel('Code').fill('000000');
        await main(page).getByRole('button', { name: 'Continue' }).click();
        await main(page).getByText(WRONG_CODE).waitFor();
        await main(page).getByLabel('Code').fill(codeFor(secret, 1));
        await main(page).getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL((address) => address.pathname === '/admin');

        for (const expected of ['signed in', 'refused'] as const) {
          await signOut(page);
          await signInWithPassword(page, email);
          await main(page).getByRole('button', { name: 'Use a recovery code instead' }).click();
          await main(page).getByLabel('Recovery code').fill(recovery);
          await main(page).getByRole('button', { name: 'Continue' }).click();
          if (expected === 'signed in') await page.waitForURL((address) => address.pathname === '/admin');
          else await main(page).getByText(WRONG_CODE).waitFor();
        }
      },
      ['/login'],
    );
  });
});
