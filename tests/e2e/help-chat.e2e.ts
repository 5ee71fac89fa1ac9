import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  closeBrowser,
  main,
  mostStockedProducts,
  openAsAdmin,
  queryDatabase,
  shopperAddress,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

/** The shop's settings as the pages read them: the stored row over the defaults. */
async function shopSettings(): Promise<{ whatsappNumber: string; returnsDays: number }> {
  const [row] = await queryDatabase<{ value: Record<string, unknown> }>(
    'reading the shop settings',
    "SELECT value FROM settings WHERE key = 'shop'",
  );
  return { whatsappNumber: '2348035550142', returnsDays: 30, ...(row?.value ?? {}) };
}

const chat = (page: Page) => page.getByRole('dialog', { name: /live chat/ });
const launcher = (page: Page) => page.getByRole('button', { name: 'Help and chat' });

/** Opens the header's support launcher and picks one of its choices. */
async function openSupport(page: Page, choice: 'Live chat' | 'Chat with us on WhatsApp') {
  await launcher(page).click();
  await page.getByRole('button', { name: choice, exact: true }).click();
}
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

  test("at 375px the chat opens from the header's Help and chat button on any page and fits the screen", async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/about');
      await openSupport(page, 'Live chat');
      await expect.poll(() => chat(page).isVisible()).toBe(true);
      await chat(page).getByRole('button', { name: 'Delivery' }).click();
      await expect.poll(() => bubbles(page, 'bot').count(), { timeout: 3000 }).toBe(2);
      expect(await bubbles(page, 'bot').last().innerText()).toContain('business days');
      const box = await chat(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(box!.y).toBeGreaterThanOrEqual(0);
      await chat(page).getByRole('button', { name: 'Close live chat' }).click();
      await expect.poll(() => chat(page).count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('the WhatsApp panel', () => {
  test('opens a panel with Start Chatting Now to the shop’s number; the backdrop and Escape close it', async () => {
    const settings = await shopSettings();
    for (const width of [1280, 375] as const) {
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, '/shipping');
        const panel = page.getByRole('dialog', { name: /on WhatsApp/ });
        await openSupport(page, 'Chat with us on WhatsApp');
        await expect.poll(() => panel.isVisible()).toBe(true);
        const start = panel.getByRole('link', { name: 'Start Chatting Now' });
        const href = new URL((await start.getAttribute('href'))!);
        expect(href.origin + href.pathname).toBe(`https://wa.me/${settings.whatsappNumber}`);
        expect(await start.getAttribute('target')).toBe('_blank');

        await page.getByTestId('whatsapp-backdrop').click({ position: { x: 10, y: 10 } });
        await expect.poll(() => panel.count()).toBe(0);

        await openSupport(page, 'Chat with us on WhatsApp');
        await expect.poll(() => panel.isVisible()).toBe(true);
        await page.keyboard.press('Escape');
        await expect.poll(() => panel.count()).toBe(0);
        expect(problemReport()).toEqual([]);
      });
    }
  });
});

/** A guest's bank-transfer order of one piece, placed through the REST API: its success page's address and the piece. */
async function guestOrder() {
  const best = (await mostStockedProducts())[0]!;
  const product = (await (await fetch(url(`/api/products/${best.id}`))).json()) as {
    id: number;
    name: string;
    price: number;
    sizes: string[];
  };
  const response = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...shopperAddress() },
    body: JSON.stringify({
      items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] ?? null }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: `launcher.${Date.now()}@example.ng`,
      phone: '+234 803 555 0101',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Nwosu',
        address: '12 Admiralty Way',
        city: 'Lekki',
        state: 'Lagos',
        zipCode: '106104',
        country: 'Nigeria',
      },
    }),
  });
  const body = (await response.json()) as { order: { id: string }; accessToken: string | null };
  expect(response.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  return {
    product,
    successPath: `/order-success?order=${body.order.id}&key=${encodeURIComponent(body.accessToken ?? '')}`,
  };
}

/**
 * What the launcher's box overlaps on the page as it stands: any button, input, select, text area
 * or link, and any price (a text holding ₦), other than the launcher itself.
 */
function overlapsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const launcher = document.querySelector('button[aria-label="Help and chat"]');
    if (!launcher) return ['no launcher'];
    const box = launcher.getBoundingClientRect();
    const overlaps = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.height > 0 &&
      rect.left < box.right &&
      rect.right > box.left &&
      rect.top < box.bottom &&
      rect.bottom > box.top;
    const found: string[] = [];
    for (const element of document.querySelectorAll('button, input, select, textarea, a')) {
      if (element === launcher || launcher.contains(element) || element.contains(launcher)) continue;
      if (overlaps(element.getBoundingClientRect())) found.push(element.outerHTML.slice(0, 120));
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.includes('₦')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(overlaps)) found.push(`price "${node.textContent.trim()}"`);
    }
    return found;
  });
}

describe('the support launcher', () => {
  test('at 375px it covers no button, field, link or price on home, list, product, cart and order success, and is absent from checkout and the admin', async () => {
    const { product, successPath } = await guestOrder();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
        id: product.id,
        name: product.name,
        price: product.price,
        image: null,
        category: '',
        quantity: 1,
        selectedColor: null,
        selectedSize: product.sizes[0] ?? null,
      });
      for (const path of ['/', '/products', `/product/${product.id}`, '/cart', successPath]) {
        await visit(page, path);
        await launcher(page).waitFor();
        expect(await overlapsOf(page), `what the launcher covers on ${path}`).toEqual([]);
      }
      await visit(page, '/checkout');
      await main(page)
        .getByRole('button', { name: /^Place Order/ })
        .waitFor();
      expect(await launcher(page).count(), 'a launcher during checkout').toBe(0);
      expect(problemReport()).toEqual([]);
    });
    await withPage(1280, async ({ page }) => {
      await openAsAdmin(page, '/admin');
      expect(await launcher(page).count(), 'a launcher in the admin').toBe(0);
    });
  });
});
