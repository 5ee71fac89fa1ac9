import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

interface Place {
  id: number;
  name: string;
  isDefault: boolean;
}
/** The shop's default location, and a store room (not selling online) made for this run to move units to. */
let shop: Place;
let storeRoom: Place;

beforeAll(async () => {
  const made = await asAdmin('/api/admin/locations', 'POST', {
    name: `Store room ${uniqueTag('moves')}`,
    fulfilsOnline: false,
  });
  expect(made.status, await made.clone().text()).toBe(201);
  storeRoom = (await made.json()) as Place;
  const listed = (await (await asAdmin('/api/admin/locations', 'GET')).json()) as { items: Place[] };
  shop = listed.items.find((place) => place.isDefault)!;
});

describe('the stocktake screen', () => {
  test.each(WIDTHS)(
    'at %ipx the owner scans a SKU, types what is on the shelf, reviews the difference against the books, applies it and reads it in the stock history, then moves two units to the store room and reads each location’s figure in the grid',
    async (width) => {
      const name = `Adire Wrap ${uniqueTag(`stocktake-${width}`)}`;
      const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
        items: { image: { url: string } }[];
      };
      const created = await asAdmin('/api/admin/products', 'POST', {
        name,
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

            // Two units of the size go to the store room on the Inventory tab: asking for more than the
            // shop holds is refused beside the units, with what was typed kept.
            await openAsAdmin(page, '/admin?tab=inventory');
            const move = main(page).getByTestId('move-stock');
            await move.getByLabel('SKU to move').fill(sku);
            await move.getByLabel('From', { exact: true }).selectOption(String(shop.id));
            await move.getByLabel('To', { exact: true }).selectOption(String(storeRoom.id));
            await move.getByLabel('Units', { exact: true }).fill('99');
            await move.getByRole('button', { name: 'Move units' }).click();
            await move.getByText(`Only 6 at ${shop.name}`).waitFor();
            expect(await move.getByLabel('SKU to move').inputValue()).toBe(sku);
            expect(await move.getByLabel('Units', { exact: true }).inputValue()).toBe('99');
            await move.getByLabel('Units', { exact: true }).fill('2');
            await move.getByRole('button', { name: 'Move units' }).click();
            await main(page)
              .getByRole('status')
              .filter({ hasText: `Moved 2 of ${sku} from ${shop.name} to ${storeRoom.name}` })
              .waitFor();
            expect(await axeViolations(page), 'axe on the move').toEqual([]);
            await page.screenshot({ path: `test-results/stocktake-moved-${width}.png`, fullPage: true });

            // The grid shows each location's figure and the sum on hand; the stock typed is what sells online.
            await main(page)
              .getByRole('link', { name: `${name}: stock history` })
              .click();
            await page.waitForURL((address) => address.pathname === `/admin/products/${id}`);
            const gridRow = main(page).getByTestId('variant-row').filter({ hasText: 'M / Olive' });
            const level = (place: Place) =>
              gridRow.locator(`[data-testid="variant-level"][data-location="${place.name}"]`).innerText();
            expect(await level(shop)).toBe('4');
            expect(await level(storeRoom)).toBe('2');
            expect(await gridRow.getByTestId('variant-on-hand').innerText()).toBe('6');
            expect(await gridRow.getByLabel('Stock of M / Olive').inputValue()).toBe('4');
            expect(
              await page.evaluate(
                () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
              ),
              'horizontal overflow (px)',
            ).toBeLessThanOrEqual(0);
            await main(page)
              .getByTestId('variant-grid')
              .screenshot({ path: `test-results/stocktake-grid-${width}.png` });
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
