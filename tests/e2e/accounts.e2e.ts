import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminCredentials,
  axeViolations,
  baseUrl,
  closeBrowser,
  finishSignUpInBrowser,
  newestMailTo,
  queryDatabase,
  requireDatabase,
  waitForHydration,
  WIDTHS,
  withPage,
  refusedPosts,
  signUpThroughApi,
  verificationLinkFor,
  isAt,
  visit,
  main,
} from './fixtures';

afterAll(closeBrowser);

/** Strong enough for the shop's policy (at least 8 characters, not a common password). */
const PASSWORD = 'Adire-Silk-2024';
const NEW_PASSWORD = 'Ankara-Linen-2025';
const RESET_PASSWORD = 'Aso-Oke-Weave-2026';

const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials.';
const SESSION_EXPIRED = 'Session expired. Please log in again.';
const SIGNED_OUT = 'You have signed out.';
const RESET_DONE = 'Your password has been reset. You can now sign in.';
const FORGOT_SENT = 'If an account with that email exists, a reset link has been sent.';
const PROFILE_SAVED = 'Profile updated successfully';
const PASSWORD_CHANGED = 'Your password has been changed. Other devices have been signed out.';

const ADMIN_PATHS = ['/admin', '/admin/users', '/admin/products/new', '/admin/reports'];

interface Account {
  name: string;
  email: string;
  password: string;
}

/** A new customer for one test: the e-mail is unique per run and per test, so tests never share an account. */
function newAccount(tag: string, name = 'Adaeze Okafor'): Account {
  return {
    name,
    email: `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`,
    password: PASSWORD,
  };
}

/** What a hydrated React Router form posts to (single fetch): `/login` posts to `/login.data`. */
const formEndpoints = (...paths: string[]) => paths.map((path) => `${path}.data`);

/** The message a form shows: a FormAlert (role alert or status) or a field's error, matched by its text. */
function message(page: Page, text: string | RegExp): Locator {
  return main(page).getByText(text).first();
}

async function fillRegisterForm(
  page: Page,
  account: Account,
  options: { confirm?: string; acceptTerms?: boolean } = {},
): Promise<void> {
  const form = main(page);
  await form.getByLabel('Full name', { exact: true }).fill(account.name);
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password', { exact: true }).fill(options.confirm ?? account.password);
  const terms = form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
  if (options.acceptTerms ?? true) await terms.check();
  else await terms.uncheck();
}

/** Creates the account through /register and the link e-mailed to it; ends on /, signed in. */
async function register(page: Page, account: Account): Promise<void> {
  await visit(page, '/register');
  await fillRegisterForm(page, account);
  await main(page).getByRole('button', { name: 'Create Account' }).click();
  await finishSignUpInBrowser(page, account.email);
}

async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in from /login (opened first unless the page is already there). */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await visit(page, '/login');
  await fillSignIn(page, email, password);
}

async function logOut(page: Page): Promise<void> {
  await main(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(isAt('/login', { notice: 'signed-out' }));
  await message(page, SIGNED_OUT).waitFor({ state: 'visible' });
}

async function profileTab(page: Page, name: 'Personal Info' | 'My Orders' | 'Security'): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name });
  await link.click();
  await expect
    .poll(() => link.getAttribute('aria-current'), { message: `the '${name}' tab becomes current` })
    .toBe('page');
}

async function userId(email: string): Promise<string> {
  const rows = await queryDatabase<{ id: string }>(
    'finding the account',
    'SELECT id FROM users WHERE email = $1',
    [email.toLowerCase()],
  );
  if (!rows[0]) throw new Error(`No account with the e-mail ${email} in the database`);
  return rows[0].id;
}

describe.each(WIDTHS)('accounts at %ipx', (width) => {
  test('register → signed in on / → profile → Logout → sign in again → /profile', async () => {
    const account = newAccount(`journey-${width}`);
    await withPage(width, async ({ page, problemReport }) => {
      await visit(page, '/');

      // To the registration form, through the navigation each width offers.
      if (width === 1280) {
        await page.locator('header').getByRole('link', { name: 'Sign in', exact: true }).click();
        await page.waitForURL(isAt('/login'));
        await main(page).getByRole('link', { name: 'Create an account' }).click();
      } else {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.waitFor({ state: 'visible' });
        await menu.getByRole('link', { name: 'Create Account', exact: true }).click();
      }
      await page.waitForURL(isAt('/register'));

      const form = main(page);
      expect(await form.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
        '/terms',
      );
      expect(await form.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
      await fillRegisterForm(page, account);
      await form.getByRole('button', { name: 'Create Account' }).click();
      // Not signed in yet: the page says where the link went; following it confirms and signs in.
      await finishSignUpInBrowser(page, account.email);

      // Signed in: the account link replaces 'Sign in'.
      if (width === 1280) {
        const header = page.locator('header');
        await header.getByRole('link', { name: 'Your profile' }).waitFor({ state: 'visible' });
        expect(await header.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
        await header.getByRole('link', { name: 'Your profile' }).click();
      } else {
        const profileLink = page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', {
          name: 'Profile',
        });
        await expect
          .poll(() => profileLink.getAttribute('href'), { message: "the bottom nav's Profile link" })
          .toBe('/profile');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.waitFor({ state: 'visible' });
        expect(await menu.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/profile');
        expect(await menu.getByRole('link', { name: 'Sign In', exact: true }).count()).toBe(0);
        await menu.getByRole('button', { name: 'Close menu' }).click();
        await menu.waitFor({ state: 'hidden' });
        await profileLink.click();
      }
      await page.waitForURL(isAt('/profile'));
      await expect
        .poll(() => main(page).locator('h1').textContent(), { message: 'the profile greets by first name' })
        .toBe('Hello, Adaeze');
      expect(await main(page).getByText(account.email, { exact: true }).isVisible()).toBe(true);
      expect(await main(page).getByLabel('Full name', { exact: true }).inputValue()).toBe(account.name);
      expect(
        await main(page).getByRole('link', { name: 'Admin Dashboard' }).count(),
        'a customer has no Admin Dashboard link',
      ).toBe(0);

      await logOut(page);
      if (width === 1280) {
        await page.locator('header').getByRole('link', { name: 'Sign in', exact: true }).waitFor();
      } else {
        const profileLink = page.getByRole('navigation', { name: 'Bottom' }).getByRole('link', {
          name: 'Profile',
        });
        expect(await profileLink.getAttribute('href'), "signed out, 'Profile' leads to sign in").toBe(
          '/login',
        );
      }

      await signIn(page, account.email, account.password);
      await page.waitForURL(isAt('/profile'));
      await expect.poll(() => main(page).locator('h1').textContent()).toBe('Hello, Adaeze');

      expect(problemReport(), 'console errors and failed requests during the journey').toEqual([]);
    });
  });
});

describe('accounts at 1280px', () => {
  const width = 1280;

  test('edit the profile, see the message go after 3 s, keep the values; upload a photo', async () => {
    const account = newAccount('profile', 'Chidi Eze');
    await withPage(width, async ({ page, problemReport }) => {
      await register(page, account);
      await visit(page, '/profile');
      const form = main(page);

      await form.getByLabel('Full name', { exact: true }).fill('Chidinma Eze');
      await form.getByLabel('City', { exact: true }).fill('Port Harcourt');
      await form.getByLabel('Phone', { exact: true }).fill('+234 803 555 0142');
      await form.getByRole('button', { name: 'Save Changes' }).click();
      const saved = message(page, PROFILE_SAVED);
      await saved.waitFor({ state: 'visible' });
      const shownAt = Date.now();
      expect(await saved.getAttribute('role'), 'the success message is announced politely').toBe('status');
      await expect.poll(() => form.locator('h1').textContent()).toBe('Hello, Chidinma');
      await saved.waitFor({ state: 'hidden', timeout: 8_000 });
      const shownMs = Date.now() - shownAt;
      expect(shownMs, `'${PROFILE_SAVED}' shows for about 3 s`).toBeGreaterThanOrEqual(2_000);
      expect(shownMs, `'${PROFILE_SAVED}' shows for about 3 s`).toBeLessThanOrEqual(5_000);

      await page.reload();
      await waitForHydration(page);
      expect(await form.getByLabel('Full name', { exact: true }).inputValue()).toBe('Chidinma Eze');
      expect(await form.getByLabel('City', { exact: true }).inputValue()).toBe('Port Harcourt');
      expect(await form.getByLabel('Phone', { exact: true }).inputValue()).toBe('+234 803 555 0142');
      expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email.toLowerCase());
      expect(await message(page, PROFILE_SAVED).count(), 'no stale message after a reload').toBe(0);

      // Avatar: a small PNG made here, sent by the page's XHR with a progress bar.
      const png = await sharp({
        create: { width: 96, height: 96, channels: 3, background: { r: 176, g: 112, b: 48 } },
      })
        .png()
        .toBuffer();
      const photo = form.getByAltText("Chidinma Eze's profile photo");
      expect(await photo.count(), 'no photo before the upload').toBe(0);
      const uploaded = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/profile/avatar' &&
          response.request().method() === 'POST',
      );
      await form.getByLabel('Upload photo').setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: png,
      });
      expect((await uploaded).status(), 'POST /api/profile/avatar status').toBe(200);
      await photo.waitFor({ state: 'visible' });
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)), {
          message: 'the uploaded photo loads (naturalWidth > 0)',
        })
        .toBeGreaterThan(0);
      await form.getByRole('progressbar').waitFor({ state: 'detached' });
      expect(await form.getByLabel('Change photo').count(), "the picker now reads 'Change photo'").toBe(1);

      await page.reload();
      await waitForHydration(page);
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)), {
          message: 'the photo is still there after a reload',
        })
        .toBeGreaterThan(0);

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('change the password: a mismatch is refused, the old password stops working, the new one works', async () => {
    const account = newAccount('password', 'Ngozi Bello');
    await withPage(
      width,
      async ({ page, problemReport }) => {
        const refused = refusedPosts(page);
        await register(page, account);
        await visit(page, '/profile');
        await profileTab(page, 'Security');
        const form = main(page);
        const fill = async (current: string, next: string, confirm: string) => {
          await form.getByLabel('Current password', { exact: true }).fill(current);
          await form.getByLabel('New password', { exact: true }).fill(next);
          await form.getByLabel('Confirm new password', { exact: true }).fill(confirm);
          await form.getByRole('button', { name: 'Update Password' }).click();
        };

        await fill(account.password, NEW_PASSWORD, `${NEW_PASSWORD}-typo`);
        await message(page, 'New passwords do not match').waitFor({ state: 'visible' });
        expect(await message(page, PASSWORD_CHANGED).count()).toBe(0);

        await fill(account.password, NEW_PASSWORD, NEW_PASSWORD);
        await message(page, PASSWORD_CHANGED).waitFor({ state: 'visible' });
        expect(await message(page, 'New passwords do not match').count()).toBe(0);

        await logOut(page);
        await fillSignIn(page, account.email, account.password);
        await message(page, SIGN_IN_FAILED).waitFor({ state: 'visible' });
        expect(new URL(page.url()).pathname, 'still on /login after the old password').toBe('/login');

        await fillSignIn(page, account.email, NEW_PASSWORD);
        await page.waitForURL(isAt('/profile'));
        await expect.poll(() => form.locator('h1').textContent()).toBe('Hello, Ngozi');

        // Two new passwords that differ are well formed but refused by a rule: 422.
        expect(refused, 'the refused forms, with their status').toEqual([
          '422 /profile.data',
          '401 /login.data',
        ]);
        expect(problemReport(), 'console errors and unexpected failed requests').toEqual([]);
      },
      formEndpoints('/profile', '/login'),
    );
  });

  test('forgot password → e-mailed link → new password → sign in; the link works only once', async () => {
    requireDatabase('reading the password-reset e-mail from the outbox');
    const account = newAccount('reset', 'Funmi Adeyemi');
    await withPage(
      width,
      async ({ page, context, problemReport }) => {
        const refused = refusedPosts(page);
        await register(page, account);
        await context.clearCookies();

        await visit(page, '/login');
        await main(page).getByRole('link', { name: 'Forgot password?' }).click();
        await page.waitForURL(isAt('/forgot-password'));
        // The URL changes before React renders the new route, and /login has an 'Email' field too: wait for
        // the forgot-password form, or the address may be typed into the sign-in form that is about to go.
        await main(page)
          .getByRole('heading', { name: 'Forgot your password?' })
          .waitFor({ state: 'visible' });
        // If the click on the link landed before /login hydrated, this is a fresh document: let React claim it
        // before typing, so nothing typed is lost to hydration.
        await waitForHydration(page);
        const requestedAt = Date.now();
        await main(page).getByLabel('Email', { exact: true }).fill(account.email);
        await main(page).getByRole('button', { name: 'Send Reset Link' }).click();
        await message(page, FORGOT_SENT).waitFor({ state: 'visible' });
        expect(await main(page).getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe(
          '/login',
        );

        let mail: Awaited<ReturnType<typeof newestMailTo>>;
        await expect
          .poll(
            async () => {
              mail = await newestMailTo(account.email.toLowerCase());
              return mail ? mail.created_at.getTime() >= requestedAt - 60_000 : false;
            },
            { message: `a reset e-mail to ${account.email} in the outbox`, timeout: 10_000 },
          )
          .toBe(true);
        expect(mail!.subject).toMatch(/^Reset your .+ password$/);
        const link = /(https?:\/\/\S+\/reset-password\?token=[\w-]+)/.exec(mail!.text)?.[1];
        expect(link, `a reset link in the e-mail:\n${mail!.text}`).toBeDefined();
        expect(new URL(link!).origin, "the link points at the shop's PUBLIC_URL").toBe(
          new URL(baseUrl()).origin,
        );
        expect(mail!.html, 'the HTML version carries the same link').toContain(link!);

        await visit(page, link!);
        await main(page).getByLabel('New password', { exact: true }).fill(RESET_PASSWORD);
        await main(page).getByLabel('Confirm new password', { exact: true }).fill(RESET_PASSWORD);
        await main(page).getByRole('button', { name: 'Reset Password' }).click();
        await page.waitForURL(isAt('/login', { notice: 'reset' }));
        await message(page, RESET_DONE).waitFor({ state: 'visible' });

        await fillSignIn(page, account.email, account.password);
        await message(page, SIGN_IN_FAILED).waitFor({ state: 'visible' });
        await fillSignIn(page, account.email, RESET_PASSWORD);
        await page.waitForURL(isAt('/profile'));
        await expect.poll(() => main(page).locator('h1').textContent()).toBe('Hello, Funmi');

        // The same link a second time.
        await visit(page, link!);
        await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
        await main(page).getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
        await main(page).getByRole('button', { name: 'Reset Password' }).click();
        await message(page, /invalid or has expired/).waitFor({ state: 'visible' });
        expect(new URL(page.url()).pathname, 'still on /reset-password').toBe('/reset-password');

        // A used link is a well-formed request the shop refuses: 422.
        expect(refused, 'the refused forms, with their status').toEqual([
          '401 /login.data',
          '422 /reset-password.data',
        ]);
        expect(problemReport(), 'console errors and unexpected failed requests').toEqual([]);
      },
      formEndpoints('/login', '/reset-password'),
    );
  });

  test('admin pages: a customer goes home, a guest goes to sign in, the admin gets in', async () => {
    const account = newAccount('customer', 'Tunde Bakare');
    const admin = adminCredentials();
    await withPage(width, async ({ page, problemReport }) => {
      await register(page, account);
      for (const path of ADMIN_PATHS) {
        await page.goto(path);
        await page.waitForURL(isAt('/'));
        expect(new URL(page.url()).pathname, `a customer opening ${path} lands on /`).toBe('/');
      }
      expect(await page.getByText('ADMIN MODE', { exact: true }).count()).toBe(0);
      expect(problemReport(), 'console errors and failed requests (customer)').toEqual([]);
    });

    await withPage(width, async ({ page, problemReport }) => {
      for (const path of ADMIN_PATHS) {
        await page.goto(path);
        await page.waitForURL(isAt('/login', { redirectTo: path }));
      }
      await page.goto('/admin');
      await page.waitForURL(isAt('/login', { redirectTo: '/admin' }));
      await waitForHydration(page);
      await signIn(page, admin.email, admin.password);
      await page.waitForURL(isAt('/admin'));
      await page.getByText('ADMIN MODE', { exact: true }).waitFor({ state: 'visible' });
      expect((await main(page).locator('h1').textContent())?.trim()).toBe('Admin Dashboard');

      await page.locator('header').getByRole('link', { name: 'Your profile' }).click();
      await page.waitForURL(isAt('/profile'));
      const dashboard = main(page).getByRole('link', { name: 'Admin Dashboard' });
      await dashboard.waitFor({ state: 'visible' });
      expect(await dashboard.getAttribute('href')).toBe('/admin');
      await dashboard.click();
      await page.waitForURL(isAt('/admin'));

      expect(problemReport(), 'console errors and failed requests (admin)').toEqual([]);
    });
  });

  test('the registration form refuses a short password and unaccepted terms, and answers a taken e-mail as a new one', async () => {
    const taken = newAccount('taken', 'Bisi Lawal');
    await withPage(
      width,
      async ({ page, context, problemReport }) => {
        const refused = refusedPosts(page);
        await register(page, taken);
        await context.clearCookies();
        const form = main(page);
        const submit = () => form.getByRole('button', { name: 'Create Account' }).click();

        await visit(page, '/register');
        await fillRegisterForm(page, { ...newAccount('short'), password: 'Ab-12' });
        await submit();
        await message(page, 'Password must be at least 8 characters').waitFor({ state: 'visible' });
        expect(new URL(page.url()).pathname).toBe('/register');

        // A taken address is answered as a new one (nobody learns who has an account); its owner gets an e-mail.
        await visit(page, '/register');
        await fillRegisterForm(page, { ...taken, name: 'Someone Else' });
        await submit();
        await main(page).getByRole('heading', { name: 'Check your inbox' }).waitFor();
        await main(page).getByText(`we sent a link to ${taken.email}`).waitFor();
        await expect
          .poll(async () => (await newestMailTo(taken.email))?.subject ?? '', {
            message: `the owner of ${taken.email} is told about the attempt`,
            timeout: 10_000,
          })
          .toMatch(/Someone tried to create a .* account with your address/);

        await visit(page, '/register');
        const noTerms = newAccount('terms');
        await fillRegisterForm(page, noTerms, { acceptTerms: false });
        await submit();
        await message(page, /Please accept the Terms and Privacy Policy/).waitFor({ state: 'visible' });
        expect(new URL(page.url()).pathname).toBe('/register');
        const terms = form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
        const describedBy = await terms.getAttribute('aria-describedby');
        expect(describedBy, 'the terms error is tied to the checkbox').toBeTruthy();
        expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/accept the Terms/);

        // None of the refused forms signed anyone in.
        await visit(page, '/profile');
        await page.waitForURL(isAt('/login', { redirectTo: '/profile' }));

        expect(refused, 'the refused forms, with their status (the taken e-mail is not refused)').toEqual([
          '400 /register.data',
        ]);
        expect(problemReport(), 'console errors and unexpected failed requests').toEqual([]);
      },
      formEndpoints('/register'),
    );
  });

  test('a session ended on the server sends the next profile save to /login with "Session expired"', async () => {
    requireDatabase('ending the sessions on the server');
    const account = newAccount('expiry', 'Emeka Obi');
    await withPage(width, async ({ page, problemReport }) => {
      await register(page, account);
      await visit(page, '/profile');
      // The signed-in page reads the account's wishlist on each visit: ending the session under that
      // read would answer it 401 (correctly); the session ends once the page is quiet.
      await page.waitForLoadState('networkidle');
      const id = await userId(account.email);
      await queryDatabase('ending the sessions on the server', 'DELETE FROM sessions WHERE user_id = $1', [
        id,
      ]);

      await main(page).getByLabel('City', { exact: true }).fill('Enugu');
      await main(page).getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForURL(isAt('/login', { notice: 'expired', redirectTo: '/profile' }));
      await message(page, SESSION_EXPIRED).waitFor({ state: 'visible' });

      await fillSignIn(page, account.email, account.password);
      await page.waitForURL(isAt('/profile'));
      expect(
        await main(page).getByLabel('City', { exact: true }).inputValue(),
        'the save that met the expired session did not happen',
      ).toBe('');

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

const axePages: { name: string; path: string; signedIn?: boolean }[] = [
  { name: 'sign in', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot password', path: '/forgot-password' },
  { name: 'reset password', path: '/reset-password?token=x' },
  { name: 'profile (signed in)', path: '/profile', signedIn: true },
];

describe.each(WIDTHS)('account pages, axe (WCAG 2.2 AA) at %ipx', (width) => {
  test.each(axePages)('$name has no violations', async ({ path, signedIn }) => {
    await withPage(width, async ({ page, problemReport }) => {
      if (signedIn) await register(page, newAccount(`axe-${width}`));
      await visit(page, path);
      await page.waitForLoadState('load');
      expect(await axeViolations(page), `axe violations on ${path} at ${width}px`).toEqual([]);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

describe('a new e-mail address in the profile', () => {
  test('at 375px it waits for the link sent to the new address, then takes effect', async () => {
    const account = newAccount('moving');
    const newEmail = newAccount('moved').email;
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      await signUpThroughApi(account, page.context());
      await visit(page, '/profile');
      await waitForHydration(page);
      const status = main(page).getByTestId('email-status');
      await status.getByText('Confirmed:').waitFor();

      await main(page).getByLabel('Email', { exact: true }).fill(newEmail);
      await main(page).getByRole('button', { name: 'Save Changes' }).click();
      await message(page, `follow the link we sent to ${newEmail}`).waitFor({ state: 'visible' });
      // Not yet: the account keeps its address, and says which one is waiting.
      await status.getByText('Waiting for confirmation:').waitFor();
      expect(await status.textContent()).toContain(newEmail);
      expect(await status.textContent()).toContain(account.email);
      expect(await status.getByRole('button', { name: 'Send the link again' }).count()).toBe(1);

      // The link from the new address's inbox confirms it, from a button.
      await visit(page, await verificationLinkFor(newEmail));
      await main(page).getByRole('button', { name: 'Confirm my e-mail' }).click();
      await page.waitForURL(isAt('/verify-email', { confirmed: 'address' }));
      await main(page).getByRole('heading', { name: 'Your new address is confirmed' }).waitFor();

      await visit(page, '/profile');
      await status.getByText('Confirmed:').waitFor();
      expect(await status.textContent()).toContain(newEmail);
      expect(await status.getByText('Waiting for confirmation:').count()).toBe(0);
      expect(await axeViolations(page), 'axe on the profile').toEqual([]);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});
