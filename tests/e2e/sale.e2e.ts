import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, isAt, main, url, visit, WIDTHS, withPage } from './fixtures';

afterAll(closeBrowser);

interface ApiItem {
  name: string;
  discountPercent: number;
  category: { id: string; name: string };
}
interface ApiCategory {
  id: string;
  name: string;
  parentId: string | null;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(url(path));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

interface Figures {
  name: string;
  count: number;
  max: number;
}

/** What the sale page should say, worked out from the public API (every sale piece, on two pages at most). */
async function expectedSale() {
  const items: ApiItem[] = [];
  for (let page = 1; ; page += 1) {
    const list = await getJson<{ items: ApiItem[]; pageCount: number }>(
      `/api/products?onSale=true&pageSize=48&page=${page}`,
    );
    items.push(...list.items);
    if (page >= list.pageCount) break;
  }
  const { categories } = await getJson<{ categories: ApiCategory[] }>('/api/categories');
  const departmentOf = (id: string) => categories.find((category) => category.id === id)?.parentId ?? id;
  const tally = (map: Map<string, Figures>, id: string, name: string, item: ApiItem) => {
    const figures = map.get(id) ?? { name, count: 0, max: 0 };
    figures.count += 1;
    figures.max = Math.max(figures.max, item.discountPercent);
    map.set(id, figures);
  };
  const byCategory = new Map<string, Figures>();
  const byDepartment = new Map<string, Figures>();
  for (const item of items) {
    tally(byCategory, item.category.id, item.category.name, item);
    const department = departmentOf(item.category.id);
    tally(byDepartment, department, categories.find((category) => category.id === department)!.name, item);
  }
  return {
    count: items.length,
    max: Math.max(...items.map((item) => item.discountPercent)),
    byCategory,
    byDepartment,
  };
}

const pieces = (count: number) => `${count} ${count === 1 ? 'piece' : 'pieces'}`;

async function foundCount(page: Page): Promise<number> {
  const text =
    (await main(page)
      .getByText(/^\d+ products? found$/)
      .textContent()) ?? '';
  return Number(/^(\d+)/.exec(text.trim())?.[1] ?? -1);
}

describe.each(WIDTHS)('sale page at %ipx', (width) => {
  test('banner, countdown, offers and category tiles quote the database, and lead to the reduced pieces', async () => {
    const sale = await expectedSale();
    expect(sale.count).toBeGreaterThan(0);
    expect(sale.byDepartment.size, 'both departments have pieces on sale in the demo').toBe(2);

    await withPage(width, async ({ page, problemReport }) => {
      await visit(page, '/sale');
      const h1 = main(page).locator('h1');
      expect(await h1.count(), 'one h1').toBe(1);
      expect((await h1.textContent())?.trim()).toBe('The Sale');
      const hero = main(page).getByRole('region', { name: 'The Sale' });
      expect((await hero.textContent())?.replace(/\s+/g, ' ')).toContain(
        `Up to ${sale.max}% off ${pieces(sale.count)}`,
      );
      expect(await page.getByRole('timer').count(), 'one flash-sale countdown').toBe(1);
      expect(await hero.getByRole('timer').isVisible()).toBe(true);

      // Offer banners: one per department, with its deepest discount.
      const offers = main(page).getByRole('region', { name: 'Offers' }).getByRole('link');
      expect(await offers.count()).toBe(sale.byDepartment.size);
      const bags = sale.byDepartment.get('womens-bags')!;
      const mens = sale.byDepartment.get('mens-wear')!;
      const bagOffer = offers.filter({
        has: page.getByRole('heading', { name: `Up to ${bags.max}% off designer bags` }),
      });
      const mensOffer = offers.filter({
        has: page.getByRole('heading', { name: `Up to ${mens.max}% off men's wear` }),
      });
      expect(await bagOffer.count(), 'the designer bags offer').toBe(1);
      expect(await mensOffer.count(), "the men's wear offer").toBe(1);
      expect(await bagOffer.textContent()).toContain(`${pieces(bags.count)} reduced`);
      expect(await mensOffer.getAttribute('href')).toBe('/sale?category=mens-wear#sale-pieces');

      // Category tiles: every category with reduced pieces, its deepest discount and count.
      const tilesSection = main(page).locator('section', {
        has: page.getByRole('heading', { name: /^Reduced in \d+ categor/ }),
      });
      const tiles = tilesSection.getByRole('link');
      expect(await tiles.count()).toBe(sale.byCategory.size);
      const hrefs = await tiles.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect([...hrefs].sort()).toEqual(
        [...sale.byCategory.keys()].map((id) => `/category/${id}?onSale=true`).sort(),
      );
      for (const [id, figures] of sale.byCategory) {
        const text = await tilesSection.locator(`a[href="/category/${id}?onSale=true"]`).textContent();
        expect(text, id).toContain(figures.name);
        expect(text, id).toContain(`Up to ${figures.max}% off`);
        expect(text, id).toContain(pieces(figures.count));
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        'nothing wider than the screen',
      ).toBeLessThanOrEqual(width);

      // The bags offer lists only reduced bags.
      await bagOffer.click();
      await page.waitForURL(isAt('/sale', { category: 'womens-bags' }));
      await expect.poll(() => foundCount(page), { message: 'the count of reduced bags' }).toBe(bags.count);

      // A tile leads to its category's reduced pieces.
      await visit(page, '/sale');
      const [firstId, first] = [...sale.byCategory][0]!;
      const tile = tilesSection.locator(`a[href="/category/${firstId}?onSale=true"]`);
      await tile.scrollIntoViewIfNeeded();
      await tile.click();
      await page.waitForURL(isAt(`/category/${firstId}`, { onSale: 'true' }));
      await expect
        .poll(() => foundCount(page), { message: `the reduced pieces of ${firstId}` })
        .toBe(first.count);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('eight skeleton cards show while the sale list loads', async () => {
    await withPage(width, async ({ page, problemReport }) => {
      await visit(page, '/sale');
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/sale.data*', async (route) => {
        await held;
        await route.continue();
      });
      await main(page).getByRole('combobox', { name: 'Sort by' }).selectOption('price-asc');
      const skeleton = main(page).getByRole('list', { name: 'Loading products' });
      await skeleton.waitFor({ state: 'visible' });
      expect(await skeleton.getByRole('listitem').count()).toBe(8);
      release();
      await page.waitForURL(isAt('/sale', { sort: 'price-asc' }));
      await skeleton.waitFor({ state: 'detached' });
      expect(await main(page).locator('article').count()).toBeGreaterThan(0);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});
