import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  formatViolation,
  isAt,
  main,
  openAsAdmin,
  queryDatabase,
  uniqueEmail,
  uniqueTag,
  url,
  visit,
  withPage,
  mostStockedProducts,
} from './fixtures';

afterAll(closeBrowser);

const ACTION_PATHS = ['/admin', '/admin.data'];

async function placeGuestOrder(email: string): Promise<string> {
  const best = (await mostStockedProducts())[0]!;
  const detail = (await (await fetch(url(`/api/products/${best.id}`))).json()) as { sizes: string[] };
  const response = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: best.id, quantity: 1, selectedSize: detail.sizes[0] ?? null }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '+234 803 555 0101',
      shippingAddress: {
        firstName: 'Emeka',
        lastName: 'Obi',
        address: '3 Ozumba Mbadiwe Avenue',
        city: 'Victoria Island',
        state: 'Lagos',
        zipCode: '101241',
        country: 'Nigeria',
      },
    }),
  });
  const body = (await response.json()) as { order: { id: string } };
  expect(response.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  return body.order.id;
}

async function messageStatus(id: number): Promise<string> {
  const rows = await queryDatabase<{ status: string }>(
    'reading a message',
    'SELECT status FROM contact_messages WHERE id = $1',
    [id],
  );
  return rows[0]!.status;
}

/**
 * axe without the mail's frame: a frame sandboxed with no permissions runs no script, so axe cannot
 * enter it and would wait forever; the mail is the customer's e-mail, not the dashboard.
 */
async function axeOutsideMail(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).exclude('[data-testid="mail-html"]').analyze();
  return results.violations.map(formatViolation);
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('admin messages and outbox', () => {
  test('at 1280px a new message opens, is marked read, then replied, and the change is logged', async () => {
    const tag = uniqueTag('inbox');
    const email = `${tag}@example.test`;
    const number = await placeGuestOrder(email);
    const [row] = await queryDatabase<{ id: number }>(
      'adding a contact message',
      `INSERT INTO contact_messages (name, email, subject, message, order_number)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [
        'Chiamaka Obi',
        email,
        'Size exchange, please',
        'The kaftan is lovely but a little tight.\nCould I swap it for a large?',
        number,
      ],
    );
    const id = row!.id;

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, '/admin?tab=messages&status=new');
        await main(page).getByRole('heading', { name: 'Messages', exact: true }).waitFor();
        expect(await main(page).getByTestId('messages-unread').textContent()).toMatch(/^\d+ unread$/);
        const item = main(page).getByTestId('message-row').filter({ hasText: 'Size exchange, please' });
        await item.waitFor();
        await item.getByText('(unread)').waitFor({ state: 'attached' });
        expect(await axeViolations(page), 'axe on the inbox').toEqual([]);

        await item.getByRole('link').click();
        await page.waitForURL(isAt('/admin', { tab: 'messages', message: String(id) }));
        const reader = main(page).getByTestId('message-reader');
        await reader.getByRole('heading', { name: 'Size exchange, please' }).waitFor();
        expect(await reader.getByTestId('message-body').textContent()).toBe(
          'The kaftan is lovely but a little tight.\nCould I swap it for a large?',
        );
        expect(await reader.getByTestId('message-status').textContent()).toBe('Read');
        expect(await messageStatus(id)).toBe('read');
        const reply = await reader.getByTestId('message-reply').getAttribute('href');
        expect(reply).toMatch(
          new RegExp(`^mailto:${email}\\?subject=Re%3A%20Size%20exchange%2C%20please&body=`),
        );
        expect(await reader.getByTestId('message-order').getAttribute('href')).toBe(
          `/admin?tab=orders&order=${number}`,
        );
        expect(await axeViolations(page), 'axe on an open message').toEqual([]);
        await page.screenshot({ path: 'test-results/admin-messages-1280.png', fullPage: true });

        await reader.getByRole('button', { name: 'Mark replied' }).click();
        await reader.getByText('Marked replied.').waitFor();
        await expect.poll(() => reader.getByTestId('message-status').textContent()).toBe('Replied');
        expect(await messageStatus(id)).toBe('replied');

        await visit(page, `/admin?tab=audit&entityType=message&q=${encodeURIComponent(email)}`);
        const entry = main(page).getByTestId('audit-entry').first();
        expect(await entry.getByTestId('audit-action').textContent()).toBe('message.replied');
        await entry.getByText('1 change').click();
        expect(
          await entry
            .getByTestId('audit-change')
            .locator('th, td')
            .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim())),
        ).toEqual(['status', 'read', '', 'replied']);

        // Marking it unread goes back to the list, where it is unread again.
        await visit(page, `/admin?tab=messages&message=${id}`);
        await reader.getByRole('button', { name: 'Mark unread' }).click();
        await page.waitForURL(
          (address) => address.searchParams.get('tab') === 'messages' && !address.searchParams.has('message'),
        );
        await main(page)
          .getByTestId('message-row')
          .filter({ hasText: 'Size exchange, please' })
          .getByText('(unread)')
          .waitFor({ state: 'attached' });
        expect(await messageStatus(id)).toBe('new');
        expect(problemReport()).toEqual([]);
      },
      ACTION_PATHS,
    );
  });

  test('at 1280px the order mail of a new order is in the outbox and opens, its HTML sandboxed', async () => {
    const email = uniqueEmail('outbox');
    const number = await placeGuestOrder(email);
    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=outbox');
      await main(page).getByLabel('Search e-mails').fill(email);
      await main(page).getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(isAt('/admin', { tab: 'outbox', q: email }));
      const rows = main(page).getByTestId('mail-row');
      await expect.poll(() => rows.count()).toBe(1);
      await rows.getByText(`Your Rossy order ${number}`).waitFor();
      expect(await rows.getByTestId('mail-status').textContent()).toBe('Queued');
      await rows.getByRole('link').click();
      await page.waitForURL((address) => address.searchParams.has('mail'));
      const reader = main(page).getByTestId('mail-reader');
      await reader.getByRole('heading', { name: `Your Rossy order ${number}` }).waitFor();
      expect(await reader.getByTestId('mail-to').textContent()).toBe(email);
      expect(await reader.getByTestId('mail-text').textContent()).toContain(`Order ${number}, placed`);
      const frame = reader.getByTestId('mail-html');
      expect(await frame.getAttribute('sandbox')).toBe('');
      expect(await frame.getAttribute('srcdoc')).toContain(number);
      await page
        .frameLocator('[data-testid="mail-html"]')
        .getByText(/Thank you for your order/)
        .waitFor();
      expect(await axeOutsideMail(page), 'axe on an open e-mail').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-outbox-1280.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });
  });

  test('a script in a mail never runs in the outbox', async () => {
    const email = uniqueEmail('script');
    const [row] = await queryDatabase<{ id: number }>(
      'adding a mail',
      `INSERT INTO outbox ("to", subject, text, html) VALUES ($1, $2, $3, $4) RETURNING id`,
      [
        email,
        'Hostile mail',
        'Plain text',
        '<p id="hello">Hello</p><img src="/nowhere.png" onerror="window.top.document.body.dataset.pwned = 1"><script>window.top.document.body.dataset.pwned = 1</script>',
      ],
    );
    await withPage(
      1280,
      async ({ page, problems }) => {
        await openAsAdmin(page, `/admin?tab=outbox&mail=${row!.id}`);
        await page.frameLocator('[data-testid="mail-html"]').getByText('Hello').waitFor();
        // Chromium says so itself: the frame may not run the mail's script.
        await expect
          .poll(() => problems.consoleErrors.some((line) => line.includes('Blocked script execution')))
          .toBe(true);
        expect(await page.evaluate(() => document.body.dataset.pwned ?? null)).toBeNull();
      },
      ['/nowhere.png'],
    );
  });

  test('at 375px the inbox and an open e-mail fit the phone', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=messages');
      await main(page).getByTestId('message-row').first().waitFor();
      await noSideways(page);
      await page.screenshot({ path: 'test-results/admin-messages-375.png', fullPage: true });
      await main(page).getByTestId('message-row').first().getByRole('link').click();
      await main(page).getByTestId('message-reader').waitFor();
      await noSideways(page);
      await visit(page, `/admin?tab=outbox&q=${encodeURIComponent('Your Rossy order')}`);
      await main(page).getByTestId('mail-row').first().getByRole('link').click();
      await main(page).getByTestId('mail-reader').waitFor();
      await main(page).getByRole('link', { name: 'Back to the outbox' }).waitFor();
      await noSideways(page);
      await page.screenshot({ path: 'test-results/admin-outbox-375.png', fullPage: true });
      expect(await axeOutsideMail(page), 'axe on an e-mail at 375px').toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });
});
