import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  baseUrl,
  closeBrowser,
  getBrowser,
  newestMailTo,
  queryDatabase,
  refusedPosts,
  requireDatabase,
  visit,
  WIDTHS,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

const THANKS = 'Thank you for subscribing! Check your inbox for 15% off your first order.';
const INVALID = 'Please enter a valid email address';
/** Passes the browser's own e-mail check (no dot needed) but not the shop's. */
const NO_DOMAIN = 'ada@lagos';
/** Where a hydrated newsletter form posts (React Router's single fetch). */
const ACTION_DATA = '/newsletter.data';

function newEmail(tag: string): string {
  return `Newsletter.${tag}.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}@Example.test`;
}

async function mailCount(to: string): Promise<number> {
  const [row] = await queryDatabase<{ count: string }>(
    'counting the welcome e-mails in the outbox',
    'SELECT count(*) AS count FROM outbox WHERE "to" = $1',
    [to],
  );
  return Number(row?.count ?? 0);
}

async function subscriberCount(email: string): Promise<number> {
  const [row] = await queryDatabase<{ count: string }>(
    'counting newsletter subscribers',
    'SELECT count(*) AS count FROM newsletter_subscribers WHERE email = $1',
    [email],
  );
  return Number(row?.count ?? 0);
}

/** Checks the welcome e-mail: one, to the lowercased address, with the first-order code. */
async function expectOneWelcome(email: string): Promise<void> {
  const to = email.toLowerCase();
  await expect.poll(() => mailCount(to), { message: `welcome e-mails to ${to}` }).toBe(1);
  const mail = await newestMailTo(to);
  expect(mail?.subject).toMatch(/^Welcome to Rossy/);
  expect(mail?.text).toContain('WELCOME15');
  expect(mail?.text).toContain('15% off your first order');
  expect(await subscriberCount(to), 'the address is stored once').toBe(1);
}

/** Types an address into a newsletter form and submits it with the Subscribe button. */
async function subscribe(form: Locator, email: string): Promise<void> {
  const input = form.getByRole('textbox');
  await input.fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
}

async function expectRefused(page: Page, form: Locator): Promise<void> {
  const error = form.getByRole('alert');
  await expect.poll(() => error.textContent(), { message: 'the error for a bad e-mail' }).toBe(INVALID);
  expect(await form.getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
  expect(new URL(page.url()).pathname, 'the shopper stays on the page').toBe('/');
}

describe.each(WIDTHS)('newsletter at %ipx', (width) => {
  test('home page: a bad e-mail is refused with a clear error, a good one is thanked and welcomed once', async () => {
    requireDatabase('reading the welcome e-mail');
    const email = newEmail(`home${width}`);
    await withPage(
      width,
      async ({ page, problemReport }) => {
        const refused = refusedPosts(page);
        await visit(page, '/');
        const section = page.locator('section', {
          has: page.getByRole('heading', { name: '15% off your first order' }),
        });
        await section.scrollIntoViewIfNeeded();
        expect(await section.getByRole('textbox', { name: 'Email address' }).isVisible()).toBe(true);

        await subscribe(section, NO_DOMAIN);
        await expectRefused(page, section);

        await subscribe(section, email);
        await expect
          .poll(() => section.getByText(THANKS).isVisible(), { message: 'the thanks on the home page' })
          .toBe(true);
        expect(new URL(page.url()).pathname).toBe('/');
        expect(refused).toEqual([`400 ${ACTION_DATA}`]);
        await expectOneWelcome(email);
        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      },
      [ACTION_DATA],
    );
  });

  test('footer: subscribes from any page; the same address again gets the same thanks and no second e-mail', async () => {
    requireDatabase('reading the welcome e-mail');
    const email = newEmail(`footer${width}`);
    await withPage(width, async ({ page, problemReport }) => {
      await visit(page, '/sale');
      const footer = page.locator('footer');
      const form = footer.locator('section', { has: page.getByRole('heading', { name: 'Newsletter' }) });
      await form.scrollIntoViewIfNeeded();
      expect(await form.getByRole('textbox', { name: 'Email address for our newsletter' }).isVisible()).toBe(
        true,
      );
      await subscribe(form, email);
      await expect
        .poll(() => form.getByText(THANKS).isVisible(), { message: 'the thanks in the footer' })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe('/sale');
      await expectOneWelcome(email);

      // Again, from the footer of another page, in other capitals: the same answer, nothing new sent.
      await visit(page, '/products');
      const again = page
        .locator('footer')
        .locator('section', { has: page.getByRole('heading', { name: 'Newsletter' }) });
      await again.scrollIntoViewIfNeeded();
      await subscribe(again, email.toUpperCase());
      await expect.poll(() => again.getByText(THANKS).isVisible()).toBe(true);
      await expectOneWelcome(email);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

describe('newsletter without JavaScript', () => {
  test('the footer form posts to /newsletter, which shows the error or the thanks', async () => {
    requireDatabase('reading the welcome e-mail');
    const email = newEmail('nojs');
    const browser = await getBrowser();
    const context = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    try {
      const page = await context.newPage();
      await page.goto('/about');
      const form = page.locator('footer form');
      await form.getByRole('textbox').fill(NO_DOMAIN);
      const [refused] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).pathname === '/newsletter'),
        form.getByRole('button', { name: 'Subscribe' }).click(),
      ]);
      expect(refused.status()).toBe(400);
      await page.waitForLoadState();
      expect(await page.locator('main').getByText(INVALID).isVisible()).toBe(true);

      await page.locator('main').getByRole('textbox', { name: 'Email address' }).fill(email);
      await page.locator('main').getByRole('button', { name: 'Subscribe' }).click();
      await page.waitForURL((address) => address.pathname === '/newsletter');
      await expect.poll(() => page.locator('main').getByText(THANKS).isVisible()).toBe(true);
      expect(await page.locator('main h1').textContent()).toBe('Welcome to the list');
      await expectOneWelcome(email);
    } finally {
      await context.close();
    }
  });
});

describe('POST /api/newsletter', () => {
  test('answers the same for a new and a known address, and 400 for a bad one', async () => {
    requireDatabase('reading the welcome e-mail');
    const email = newEmail('api');
    const post = (body: unknown) =>
      fetch(new URL('/api/newsletter', baseUrl()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const first = await post({ email });
    const second = await post({ email: email.toLowerCase() });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await first.json()).toEqual({ message: THANKS });
    expect(await second.json()).toEqual({ message: THANKS });
    await expectOneWelcome(email);

    const bad = await post({ email: NO_DOMAIN });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.email).toBe(INVALID);
  });
});
