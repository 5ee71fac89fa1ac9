import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  formatViolation,
  openAsAdmin,
  openPage,
  url,
  waitForHydration,
  WIDTHS,
} from './fixtures';

afterAll(closeBrowser);

let firstProductId: number | undefined;

beforeAll(async () => {
  const response = await fetch(url('/api/products?pageSize=1'));
  const body = (await response.json()) as { items: { id: number }[] };
  firstProductId = body.items[0]?.id;
});

const pages = [
  { name: 'home', path: () => '/' },
  { name: 'product list', path: () => '/products' },
  {
    name: 'product page',
    path: () => {
      if (firstProductId === undefined) throw new Error('/api/products?pageSize=1 returned no product');
      return `/product/${firstProductId}`;
    },
  },
];

describe.each(WIDTHS)('axe (WCAG 2.2 AA) at %ipx', (width) => {
  test.each(pages)('$name has no violations', async ({ path }) => {
    const opened = await openPage(width);
    try {
      const { page } = opened;
      const target = path();
      const response = await page.goto(target);
      expect(response?.status(), `GET ${target} status`).toBe(200);
      await waitForHydration(page);
      await page.waitForLoadState('load');
      expect(await axeViolations(page), `axe violations on ${target} at ${width}px`).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});

/**
 * axe with the rules it leaves off by default turned on as well: a button whose name does not start
 * with its visible words (label-content-name-mismatch, WCAG 2.5.3) and links told apart by colour
 * alone (link-in-text-block).
 */
async function strictAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({
      rules: {
        'label-content-name-mismatch': { enabled: true },
        'link-in-text-block': { enabled: true },
      },
    })
    .analyze();
  return results.violations.map(formatViolation);
}

describe.each(WIDTHS)('axe on the 404 page and the admin at %ipx', (width) => {
  test('a missing page: its large "404" has the contrast of large text', async () => {
    const opened = await openPage(width, { expectedErrorPaths: ['/no-such-page-here'] });
    try {
      const { page } = opened;
      const response = await page.goto('/no-such-page-here');
      expect(response?.status()).toBe(404);
      await page.getByText('404', { exact: true }).waitFor();
      await page.waitForLoadState('load');
      expect(await strictAxeViolations(page), `axe violations on the 404 page at ${width}px`).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  test.each([
    { tab: 'users', ready: 'Deactivate' },
    { tab: 'payments', ready: 'Verif' },
    { tab: 'blog', ready: 'Publish' },
    { tab: 'coupons', ready: 'Deactivate' },
  ])(
    'the $tab tab: every button is named by its visible words, every link stands out',
    async ({ tab, ready }) => {
      const opened = await openPage(width);
      try {
        const { page } = opened;
        await openAsAdmin(page, `/admin?tab=${tab}`);
        await waitForHydration(page);
        await page
          .locator('main')
          .getByRole('button', { name: ready })
          .filter({ visible: true })
          .first()
          .waitFor();
        expect(await strictAxeViolations(page), `axe violations on /admin?tab=${tab} at ${width}px`).toEqual(
          [],
        );
      } finally {
        await opened.close();
      }
    },
  );
});
