import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, openAsAdmin, visit, withPage } from './fixtures';

afterAll(closeBrowser);

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');

/** The tabs a shopper of the admin cannot read whole where they stand: outside the row's visible box. */
function cutOff(page: Page, onlyCurrent = false) {
  return page.evaluate((current) => {
    const nav = document.querySelector('nav[aria-label="Admin sections"]')!;
    const box = nav.getBoundingClientRect();
    return [...nav.querySelectorAll('a')]
      .filter((link) => !current || link.getAttribute('aria-current') === 'page')
      .filter((link) => {
        const rect = link.getBoundingClientRect();
        return (
          rect.left < box.left - 0.5 || rect.right > box.right + 0.5 || link.scrollWidth > link.clientWidth
        );
      })
      .map((link) => link.textContent);
  }, onlyCurrent);
}

describe('the admin tabs', () => {
  test('at 1280px every tab is shown whole; at 375px each can be scrolled to and the open one is in view', async () => {
    await withPage(1280, async ({ page }) => {
      await openAsAdmin(page, '/admin');
      expect(await tabs(page).count()).toBeGreaterThanOrEqual(12);
      expect(await cutOff(page), 'tabs cut off at 1280px').toEqual([]);
    });
    await withPage(375, async ({ page }) => {
      await openAsAdmin(page, '/admin?tab=audit');
      expect(await cutOff(page, true), 'the open tab, at the end of the row, is in view').toEqual([]);
      const count = await tabs(page).count();
      for (let index = 0; index < count; index += 1) {
        const tab = tabs(page).nth(index);
        await tab.scrollIntoViewIfNeeded();
        const name = (await tab.textContent()) ?? '';
        const whole = await tab.evaluate((link) => {
          const nav = link.closest('nav')!.getBoundingClientRect();
          const rect = link.getBoundingClientRect();
          return rect.left >= nav.left - 0.5 && rect.right <= nav.right + 0.5;
        });
        expect(whole, `${name} can be brought into view`).toBe(true);
      }
      await visit(page, '/admin');
      expect(await cutOff(page, true), 'Overview is in view').toEqual([]);
    });
  });
});
