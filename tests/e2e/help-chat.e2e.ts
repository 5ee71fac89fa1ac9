import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, main, queryDatabase, visit, withPage } from './fixtures';

afterAll(closeBrowser);

/** The shop's settings as the pages read them: the stored row over the defaults. */
async function shopSettings(): Promise<{ whatsappNumber: string; returnsDays: number }> {
  const [row] = await queryDatabase<{ value: Record<string, unknown> }>(
    'reading the shop settings',
    "SELECT value FROM settings WHERE key = 'shop'",
  );
  return { whatsappNumber: '2348035550142', returnsDays: 30, ...(row?.value ?? {}) } as {
    whatsappNumber: string;
    returnsDays: number;
  };
}

const chat = (page: Page) => page.getByRole('dialog', { name: /live chat/ });
const bubbles = (page: Page, from: 'bot' | 'user') =>
  chat(page).locator(`[role="log"] li[data-from="${from}"]`);

describe('FAQ', () => {
  test('the accordion keeps one answer open at a time, by mouse and by keyboard', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/faq');
      const item = (id: string) => main(page).locator(`#faq-${id}`);
      const isOpen = (id: string) => item(id).evaluate((element) => (element as HTMLDetailsElement).open);
      expect(await main(page).locator('details[open]').count()).toBe(0);

      await item('track-order').locator('summary').click();
      await expect.poll(() => isOpen('track-order')).toBe(true);
      expect(await item('track-order').innerText()).toContain('ORD-');

      await item('returns').locator('summary').click();
      await expect.poll(() => isOpen('returns')).toBe(true);
      expect(await isOpen('track-order')).toBe(false);

      // Keyboard: focus a question and press Enter, then Space on another.
      await item('warranty').locator('summary').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => isOpen('warranty')).toBe(true);
      expect(await isOpen('returns')).toBe(false);
      await item('payment-methods').locator('summary').focus();
      await page.keyboard.press('Space');
      await expect.poll(() => isOpen('payment-methods')).toBe(true);
      expect(await main(page).locator('details[open]').count()).toBe(1);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('live chat', () => {
  test('on /help it loads when opened, ignores empty messages, answers from the FAQ after a second, and hands over to WhatsApp', async () => {
    const settings = await shopSettings();
    await withPage(1280, async ({ page, problemReport }) => {
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (/live-chat-panel/.test(request.url())) chunks.push(request.url());
      });
      await visit(page, '/help');
      await page.waitForLoadState('networkidle');
      expect(chunks, 'the chat is not downloaded before it is opened').toEqual([]);

      await main(page).getByRole('button', { name: 'Start live chat' }).click();
      await expect.poll(() => chat(page).isVisible()).toBe(true);
      expect(chunks.length).toBe(1);
      const input = chat(page).getByLabel('Your message');
      await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await bubbles(page, 'bot').count()).toBe(1);

      // Empty and whitespace-only messages are ignored.
      await chat(page).getByRole('button', { name: 'Send' }).click();
      await input.fill('    ');
      await input.press('Enter');
      await page.waitForTimeout(1300);
      expect(await bubbles(page, 'user').count()).toBe(0);
      expect(await bubbles(page, 'bot').count()).toBe(1);

      await input.fill('Can I return a bag I bought?');
      const sent = Date.now();
      await input.press('Enter');
      await expect.poll(() => bubbles(page, 'user').count()).toBe(1);
      expect(await input.inputValue()).toBe('');
      await page.waitForTimeout(500);
      expect(await bubbles(page, 'bot').count(), 'no answer before a second has passed').toBe(1);
      await expect.poll(() => bubbles(page, 'bot').count(), { timeout: 3000 }).toBe(2);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(1000);
      expect(await bubbles(page, 'bot').last().innerText()).toContain(
        `within ${settings.returnsDays} days of delivery`,
      );

      await input.fill('Do you sell bicycles?');
      await input.press('Enter');
      await expect.poll(() => bubbles(page, 'bot').count(), { timeout: 3000 }).toBe(3);
      expect(await bubbles(page, 'bot').last().innerText()).toContain('Continue on WhatsApp');

      const handOver = new URL(
        (await chat(page).getByRole('link', { name: 'Continue on WhatsApp' }).getAttribute('href'))!,
      );
      expect(handOver.origin + handOver.pathname).toBe(`https://wa.me/${settings.whatsappNumber}`);
      const prefilled = handOver.searchParams.get('text') ?? '';
      expect(prefilled).toContain('Can I return a bag I bought?');
      expect(prefilled).toContain('Do you sell bicycles?');

      await page.keyboard.press('Escape');
      await expect.poll(() => chat(page).count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the chat opens from its floating button on any page and fits the screen', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/about');
      await page.getByRole('button', { name: 'Open live chat' }).click();
      await expect.poll(() => chat(page).isVisible()).toBe(true);
      await chat(page).getByRole('button', { name: 'Delivery' }).click();
      await expect.poll(() => bubbles(page, 'bot').count(), { timeout: 3000 }).toBe(2);
      expect(await bubbles(page, 'bot').last().innerText()).toContain('business days');
      const box = await chat(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      await page.getByRole('button', { name: 'Close live chat' }).first().click();
      await expect.poll(() => chat(page).count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('floating WhatsApp widget', () => {
  test('opens a panel with Start Chatting Now to the shop’s number; the backdrop and Escape close it', async () => {
    const settings = await shopSettings();
    for (const width of [1280, 375] as const) {
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, '/shipping');
        const panel = page.getByRole('dialog', { name: /on WhatsApp/ });
        await page.getByRole('button', { name: 'Chat with us on WhatsApp' }).click();
        await expect.poll(() => panel.isVisible()).toBe(true);
        const start = panel.getByRole('link', { name: 'Start Chatting Now' });
        const href = new URL((await start.getAttribute('href'))!);
        expect(href.origin + href.pathname).toBe(`https://wa.me/${settings.whatsappNumber}`);
        expect(await start.getAttribute('target')).toBe('_blank');

        await page.getByTestId('whatsapp-backdrop').click({ position: { x: 10, y: 10 } });
        await expect.poll(() => panel.count()).toBe(0);

        await page.getByRole('button', { name: 'Chat with us on WhatsApp' }).click();
        await expect.poll(() => panel.isVisible()).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => panel.count()).toBe(0);
        expect(problemReport()).toEqual([]);
      });
    }
  });
});
