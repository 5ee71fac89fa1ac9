import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, closeBrowser, openPage, url, waitForHydration, WIDTHS } from './fixtures';

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
