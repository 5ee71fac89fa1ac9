import { afterAll, describe, expect, test } from 'vitest';
import {
  asAdmin,
  axeViolations,
  closeBrowser,
  main,
  openAsAdmin,
  uniqueTag,
  url,
  withPage,
  WIDTHS,
} from './fixtures';

afterAll(closeBrowser);

describe('the stocktake screen', () => {
  test.each(WIDTHS)(
    'at %ipx the owner scans a SKU, types what is on the shelf, reviews the difference against the books, applies it and reads it in the stock history',
    async (width) => {
      const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
        items: { image: { url: string } }[];
      };
      const created = await asAdmin('/api/admin/products', 'POST', {
        name: `Adire Wrap ${uniqueTag(`stocktake-${width}`)}`,
        description: 'An indigo adire wrap from Abeokuta.',
        price: 18_000,
        category: 'mens-shirts',
        sizes: ['M'],
        colors: [{ name: 'Olive', hex: '#6B6B3A' }],
        variants: [{ size: 'M', color: 'Olive', stock: 4 }],
        imageUrl: url(seeded.items[0]!.image.url),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const sku = `ROS-${id}-M-OLV`;
      try {
        await withPage(
          width,
          async ({ page, problemReport }) => {
            await openAsAdmin(page, '/admin');
            await page
              .getByRole('navigation', { name: 'Admin sections' })
              .getByRole('link', { name: 'Inventory' })
              .click();
            await page.waitForURL((address) => address.searchParams.get('tab') === 'inventory');
            const form = main(page);
            const location = form.getByLabel('Location');
            if (await location.count()) {
              const options = await location.locator('option').allInnerTexts();
              const shop = options.find((name) => /main|shop|default/i.test(name));
              if (shop) await location.selectOption({ label: shop });
            }

            // An unknown SKU is refused beside its row, and what was typed stays.
            await form.getByLabel('SKU', { exact: true }).fill('NO-SUCH-SKU');
            await form.getByLabel('SKU', { exact: true }).press('Enter');
            await expect
              .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
              .toBe('counted');
            await page.keyboard.type('3');
            await form.getByRole('button', { name: 'Review differences' }).click();
            await form.getByText('Row 1: no size with SKU NO-SUCH-SKU').first().waitFor();
            expect(await form.getByLabel('Counted', { exact: true }).inputValue()).toBe('3');

            // A barcode scanner types the SKU and Enter: the cursor moves to the count.
            await form.getByLabel('SKU', { exact: true }).fill('');
            await form.getByLabel('SKU', { exact: true }).pressSequentially(`${sku}\n`);
            await expect
              .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
              .toBe('counted');
            await form.getByLabel('Counted', { exact: true }).fill('6');
            await form.getByRole('button', { name: 'Review differences' }).click();

            const table = form.getByRole('region', { name: 'Stocktake differences' });
            const row = table.getByRole('row').filter({ hasText: sku });
            await row.waitFor();
            const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
            expect(cells[0]).toContain(sku);
            expect(cells.slice(1)).toEqual(['M / Olive', '4', '6', '+2']);
            expect(await axeViolations(page), 'axe on the review').toEqual([]);
            expect(
              await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              ),
              'horizontal overflow (px)',
            ).toBeLessThanOrEqual(0);
            await page.screenshot({ path: `test-results/stocktake-review-${width}.png`, fullPage: true });

            await form.getByRole('button', { name: 'Apply stocktake' }).click();
            const notice = form
              .getByRole('status')
              .filter({ hasText: /Stocktake \d+ applied: 1 size changed/ });
            await notice.waitFor();
            const stocktake = /Stocktake (\d+)/.exec(await notice.innerText())![1];
            await page.screenshot({ path: `test-results/stocktake-applied-${width}.png`, fullPage: true });

            await form.getByRole('link', { name: /stock history/ }).click();
            await page.waitForURL((address) => address.pathname === `/admin/products/${id}`);
            const card = main(page).getByRole('region', { name: 'Stock history' });
            const moves = card.getByTestId('stock-move');
            await moves.first().waitFor();
            const newest = (await moves.first().innerText()).replace(/\s+/g, ' ').trim();
            expect(newest).toMatch(new RegExp(`^\\+2 M / Olive · Stocktake ${stocktake}\\b.* 6 left$`));
            await card.screenshot({ path: `test-results/stocktake-history-${width}.png` });
            expect(problemReport()).toEqual([]);
          },
          ['/admin.data'],
        );
      } finally {
        await asAdmin(`/api/admin/products/${id}`, 'DELETE');
      }
    },
  );
});
