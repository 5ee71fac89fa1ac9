import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import {
  asAdmin,
  axeViolations,
  closeBrowser,
  main,
  openAsAdmin,
  uniqueTag,
  url,
  visit,
  waitForHydration,
  withPage,
  WIDTHS,
} from './fixtures';

afterAll(closeBrowser);

interface StockValueBody {
  units: number;
  costedUnits: number;
  uncostedUnits: number;
  atCost: number;
  atPrice: number;
  costedAtPrice: number;
  marginPercent: number | null;
}

const stockValueNow = async () => {
  const response = await asAdmin('/api/admin/reports', 'GET');
  expect(response.status).toBe(200);
  return ((await response.json()) as { stockValue: StockValueBody }).stockValue;
};

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('cost prices in the editor, and the stock value report', () => {
  test.each(WIDTHS)(
    'at %ipx the owner types what each size cost and a low-stock level, saves, and reads the stock value at cost in the reports',
    async (width) => {
      const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
        items: { image: { url: string } }[];
      };
      const name = `Adire Kaftan ${uniqueTag(`cost-${width}`)}`;
      const created = await asAdmin('/api/admin/products', 'POST', {
        name,
        description: 'An indigo adire kaftan, tie-dyed in Abeokuta.',
        price: 12_000,
        category: 'mens-shirts',
        sizes: ['M', 'L'],
        colors: [{ name: 'Indigo', hex: '#27336B' }],
        variants: [
          { size: 'M', color: 'Indigo', stock: 4 },
          { size: 'L', color: 'Indigo', stock: 2 },
        ],
        imageUrl: url(seeded.items[0]!.image.url),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      try {
        const before = await stockValueNow();
        await withPage(width, async ({ page, problemReport }) => {
          await openAsAdmin(page, `/admin/products/${id}`);
          const editor = main(page).getByTestId('product-editor');
          await editor.getByRole('heading', { name: `Edit ${name}` }).waitFor();
          await waitForHydration(page);
          const grid = editor.getByTestId('variant-grid');

          // A negative cost is stopped beside its cell before anything is sent.
          await grid.getByLabel('Cost of M / Indigo (₦)', { exact: true }).fill('-5');
          await editor.getByTestId('save-product-bottom').click();
          await main(page).getByTestId('admin-notice').filter({ hasText: 'Check the grid' }).waitFor();
          expect(await grid.locator('[data-variant="M / Indigo"]').getByRole('alert').textContent()).toBe(
            'A cost cannot be below ₦0.',
          );

          await grid.getByLabel('Cost of M / Indigo (₦)', { exact: true }).fill('5000');
          await grid.getByLabel('Cost of L / Indigo (₦)', { exact: true }).fill('4500');
          // Four M left is low by the shop's default (5), and not once the owner says M is low below 3.
          const mediumLow = grid.locator('[data-variant="M / Indigo"]').getByText('Low', { exact: true });
          await mediumLow.waitFor();
          await grid.getByLabel('Low-stock level of M / Indigo', { exact: true }).fill('3');
          await mediumLow.waitFor({ state: 'detached' });
          if (width === 375) {
            // The size and colour stay in sight beside the cost cells, the grid scrolled sideways to them.
            const label = grid.locator('[data-variant="L / Indigo"] th');
            const scroll = grid.getByTestId('variant-grid-scroll');
            await scroll.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
            const [labelBox, scrollBox] = [await label.boundingBox(), await scroll.boundingBox()];
            expect(labelBox!.x, 'the row label stays at the left of the grid').toBeGreaterThanOrEqual(
              scrollBox!.x - 1,
            );
            await noSideways(page);
          }
          await grid.screenshot({ path: `test-results/variant-grid-costs-${width}.png` });
          expect(await axeViolations(page), 'axe on the editor with costs').toEqual([]);
          await editor.getByTestId('save-product-bottom').click();
          await main(page)
            .getByTestId('admin-notice')
            .filter({ hasText: `${name} saved.` })
            .waitFor();

          const listed = (await (await asAdmin(`/api/admin/products?q=${id}`, 'GET')).json()) as {
            items: {
              id: number;
              variants: { size: string; cost: number | null; lowStockThreshold: number | null }[];
            }[];
          };
          expect(
            listed.items
              .find((item) => item.id === id)!
              .variants.map((row) => [row.size, row.cost, row.lowStockThreshold]),
          ).toEqual([
            ['M', 5000, 3],
            ['L', 4500, null],
          ]);

          await visit(page, '/admin/reports');
          const card = main(page).getByTestId('report-stock-value');
          await card.waitFor();
          // Only this kaftan's units gained a cost: 4 at ₦5,000 and 2 at ₦4,500.
          const atCost = nairaToKobo(before.atCost) + 4 * 500_000 + 2 * 450_000;
          const costedAtPrice = nairaToKobo(before.costedAtPrice) + 6 * 1_200_000;
          expect(await card.getByTestId('stock-value-cost-value').textContent()).toBe(formatNaira(atCost));
          expect(await card.getByTestId('stock-value-margin-value').textContent()).toBe(
            `${(Math.round(((costedAtPrice - atCost) / costedAtPrice) * 1000) / 10).toLocaleString('en-NG')}%`,
          );
          expect(await card.getByTestId('stock-value-cost').textContent()).toMatch(
            /[\d,]+ units? without a cost|Every unit has a cost/,
          );
          // Money reads as figures: naira with thousands separators, in tabular numbers.
          for (const figure of ['stock-value-cost', 'stock-value-retail']) {
            const value = card.getByTestId(`${figure}-value`);
            expect(await value.textContent()).toMatch(/^₦\d{1,3}(,\d{3})*(\.\d\d)?$/);
            expect(await value.evaluate((node) => getComputedStyle(node).fontVariantNumeric)).toContain(
              'tabular-nums',
            );
          }
          expect(await card.getByTestId('stock-value-units-value').textContent()).toMatch(
            /^\d{1,3}(,\d{3})*$/,
          );
          await noSideways(page);
          const overflowing = await card.evaluate(
            (node) =>
              [...node.querySelectorAll('dd')].filter((dd) => dd.scrollWidth > dd.clientWidth + 1).length,
          );
          expect(overflowing, 'figures wider than their box').toBe(0);
          await card.screenshot({ path: `test-results/stock-value-${width}.png` });
          expect(await axeViolations(page), 'axe on the reports with the stock value').toEqual([]);
          expect(problemReport()).toEqual([]);
        });
      } finally {
        await asAdmin(`/api/admin/products/${id}`, 'DELETE');
      }
    },
  );
});
