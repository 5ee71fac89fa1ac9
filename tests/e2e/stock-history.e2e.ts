import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  main,
  openAsAdmin,
  uniqueTag,
  url,
  withPage,
  WIDTHS,
  asAdmin,
} from './fixtures';

afterAll(closeBrowser);

describe("a product's stock history in its editor", () => {
  test.each(WIDTHS)(
    'at %ipx the owner records units received and one damaged, and reads each change newest first with the units left',
    async (width) => {
      const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
        items: { image: { url: string } }[];
      };
      const created = await asAdmin('/api/admin/products', 'POST', {
        name: `Aso Oke Cap ${uniqueTag(`history-${width}`)}`,
        description: 'A hand-woven aso oke cap from Iseyin.',
        price: 12_000,
        category: 'mens-shirts',
        sizes: ['M', 'L'],
        colors: [{ name: 'Olive', hex: '#6B6B3A' }],
        variants: [
          { size: 'M', color: 'Olive', stock: 4 },
          { size: 'L', color: 'Olive', stock: 2 },
        ],
        imageUrl: url(seeded.items[0]!.image.url),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      try {
        const history = (await (await asAdmin(`/api/admin/inventory/movements?page=1`, 'GET')).json()) as {
          items: { variantId: number; sku: string }[];
        };
        const medium = history.items.find((item) => item.sku === `ROS-${id}-M-OLV`);
        expect(medium, 'the new product opened its M in Olive').toBeDefined();
        const received = await asAdmin('/api/admin/inventory/adjustments', 'POST', {
          variantId: medium!.variantId,
          quantity: 12,
          reason: 'received',
          note: 'From the Iseyin weavers',
        });
        expect(received.status, await received.clone().text()).toBe(201);
        const damaged = await asAdmin('/api/admin/inventory/adjustments', 'POST', {
          variantId: medium!.variantId,
          quantity: -1,
          reason: 'damaged',
        });
        expect(damaged.status).toBe(201);

        await withPage(width, async ({ page, problemReport }) => {
          await openAsAdmin(page, `/admin/products/${id}`);
          const card = main(page).getByRole('region', { name: 'Stock history' });
          const moves = card.getByTestId('stock-move');
          await moves.first().waitFor();
          const lines = (await moves.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
          expect(lines[0]).toMatch(/^−1 M \/ Olive · Damaged .* 15 left$/);
          expect(lines[1]).toMatch(/^\+12 M \/ Olive · Received: From the Iseyin weavers .* 16 left$/);
          expect(lines.some((line) => /^\+4 M \/ Olive · New product/.test(line))).toBe(true);
          expect(lines.some((line) => /^\+2 L \/ Olive · New product/.test(line))).toBe(true);
          expect(lines[0]).toContain('admin@rossy.test');
          expect(await axeViolations(page), 'axe on the editor with its history').toEqual([]);
          expect(
            await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
            'horizontal overflow (px)',
          ).toBeLessThanOrEqual(0);
          await card.screenshot({ path: `test-results/stock-history-${width}.png` });
          expect(problemReport()).toEqual([]);
        });
      } finally {
        await asAdmin(`/api/admin/products/${id}`, 'DELETE');
      }
    },
  );
});
