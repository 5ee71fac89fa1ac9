import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  main,
  queryDatabase,
  refusedPosts,
  uniqueEmail,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

const THANKS = 'Thank you for your message! Our team will get back to you shortly.';

async function storedMessages(email: string) {
  return queryDatabase<{ name: string; subject: string; message: string; order_number: string | null }>(
    'reading the stored contact messages',
    'SELECT name, subject, message, order_number FROM contact_messages WHERE email = $1',
    [email],
  );
}

const form = (page: Page) => main(page).getByTestId('contact-form');

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('contact', () => {
  test('at 1280px the form checks its fields, sends, thanks for 5 s and comes back empty; the message is stored', async () => {
    const email = uniqueEmail('contact');
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        const refused = refusedPosts(page);
        await visit(page, '/contact');
        await main(page).getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
        // The shop's details from settings.
        const details = main(page).getByRole('complementary', { name: 'Reach us directly' });
        expect(await details.getByRole('link', { name: /^\+?\d/ }).count()).toBeGreaterThan(0);
        expect(await details.locator('a[href^="mailto:"]').count()).toBe(1);
        expect(await details.locator('a[href^="https://wa.me/"]').count()).toBe(1);
        expect(await axeViolations(page), 'axe on /contact').toEqual([]);

        // The browser's own check stops an empty form: nothing is posted.
        await form(page).getByRole('button', { name: 'Send Message' }).click();
        expect(await form(page).locator('input:invalid, textarea:invalid').count()).toBe(4);

        // The server's check answers a bad e-mail the browser lets through.
        await form(page).getByLabel('Your name').fill('Zainab Bello');
        await form(page).getByLabel('Email address').fill('zainab@lagos');
        await form(page).getByLabel('Subject').fill('Blazer sizing');
        await form(page).getByLabel('Message').fill('Does the navy blazer run small?');
        await form(page).getByRole('button', { name: 'Send Message' }).click();
        await form(page).getByText('Please enter a valid email address').waitFor();
        expect(refused).toEqual(['400 /contact.data']);

        await form(page).getByLabel('Email address').fill(email);
        await form(page).getByRole('button', { name: 'Send Message' }).click();
        const thanks = main(page).getByTestId('contact-thanks');
        await thanks.getByText(THANKS).waitFor();
        const shownAt = Date.now();
        expect(await form(page).isVisible()).toBe(false);
        await form(page).waitFor({ state: 'visible', timeout: 10_000 });
        const shownFor = Date.now() - shownAt;
        expect(shownFor).toBeGreaterThan(4_000);
        expect(await form(page).getByLabel('Your name').inputValue()).toBe('');
        expect(await form(page).getByLabel('Message').inputValue()).toBe('');

        expect(await storedMessages(email)).toEqual([
          {
            name: 'Zainab Bello',
            subject: 'Blazer sizing',
            message: 'Does the navy blazer run small?',
            order_number: null,
          },
        ]);
        expect(problemReport()).toEqual([]);
      },
      ['/contact.data'],
    );
  });

  test('Need Help on an order opens the form about that order; at 375px it fits the screen', async () => {
    const email = uniqueEmail('help');
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/contact?order=ORD-10001');
      await form(page).getByText('ORD-10001').waitFor();
      expect(await form(page).getByLabel('Subject').inputValue()).toBe('Help with order ORD-10001');
      await noSideways(page);
      await form(page).getByLabel('Your name').fill('Tobi Ade');
      await form(page).getByLabel('Email address').fill(email);
      await form(page).getByLabel('Message').fill('Where is my parcel?');
      await form(page).getByRole('button', { name: 'Send Message' }).click();
      await main(page).getByTestId('contact-thanks').waitFor();
      await expect.poll(async () => (await storedMessages(email))[0]?.order_number).toBe('ORD-10001');
      expect(problemReport()).toEqual([]);
    });
  });
});
