import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, main, url, visit, withPage, WIDTHS } from './fixtures';

afterAll(closeBrowser);

interface ApiVariant {
  size: string | null;
  color: string | null;
  inStock: boolean;
  stockCount: number | null;
}
interface ApiProduct {
  id: number;
  name: string;
  price: number;
  image?: { url: string } | null;
  sizes: string[];
  colors: { name: string }[];
  variants: ApiVariant[];
}

/** A size the shop once sold and no longer does: no product of the seed comes in it. */
const RETIRED = '6XL';

const product = async (id: number) => (await (await fetch(url(`/api/products/${id}`))).json()) as ApiProduct;

/**
 * A piece with plenty in one size and colour (the bag's good line) and a piece with a size that sold
 * out (its sold-out line): the demo seed shapes its stock per size, with some sizes gone.
 */
async function pieces(): Promise<{
  stocked: ApiProduct;
  plenty: ApiVariant;
  soldOut: { product: ApiProduct; variant: ApiVariant };
}> {
  const list = (await (await fetch(url('/api/products?pageSize=48&availability=in-stock'))).json()) as {
    items: { id: number }[];
  };
  let stocked: { product: ApiProduct; variant: ApiVariant } | undefined;
  let soldOut: { product: ApiProduct; variant: ApiVariant } | undefined;
  for (const { id } of list.items) {
    const detail = await product(id);
    // The shop shows 5 for five or more.
    const plenty = detail.variants.find((variant) => variant.inStock && (variant.stockCount ?? 0) >= 5);
    const gone = detail.variants.find((variant) => !variant.inStock);
    if (!stocked && plenty && detail.sizes.length > 1) stocked = { product: detail, variant: plenty };
    else if (!soldOut && gone && detail.variants.some((variant) => variant.inStock))
      soldOut = { product: detail, variant: gone };
    if (stocked && soldOut) break;
  }
  if (!stocked) throw new Error('The seed has no sized piece with five or more of one size and colour');
  if (!soldOut) throw new Error('The seed has no piece with a sold-out size next to sizes in stock');
  return { stocked: stocked.product, plenty: stocked.variant, soldOut };
}

const line = (piece: ApiProduct, option: { size: string | null; color: string | null }) => ({
  id: piece.id,
  name: piece.name,
  price: piece.price,
  image: piece.image?.url ?? null,
  category: '',
  quantity: 1,
  selectedColor: option.color,
  selectedSize: option.size,
});

async function fillBag(page: Page, lines: ReturnType<typeof line>[]) {
  await visit(page, '/');
  await page.evaluate((items) => localStorage.setItem('rossy.cart', JSON.stringify(items)), lines);
}

const bagLines = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('rossy.cart') ?? '[]') as { id: number; selectedSize: string | null }[],
  );

describe('a stale bag: a size no longer sold and a sold-out one, offered for removal', () => {
  for (const width of WIDTHS) {
    test(`at ${width}px the bag and the checkout flag each line, Remove takes it out, and the order can then be placed`, async () => {
      const { stocked, plenty, soldOut } = await pieces();
      const good = line(stocked, plenty);
      const stale = line(stocked, { size: RETIRED, color: plenty.color });
      const gone = line(soldOut.product, soldOut.variant);
      const goneLabel = [soldOut.variant.size, soldOut.variant.color].filter(Boolean).join(' / ');

      await withPage(width, async ({ page, problemReport }) => {
        await fillBag(page, [good, stale, gone]);
        await visit(page, '/cart');
        const cart = main(page);
        const staleLine = cart
          .getByTestId('cart-line')
          .filter({ hasText: `Size ${RETIRED} is not available for this item.` });
        await staleLine.waitFor();
        const goneLine = cart
          .getByTestId('cart-line')
          .filter({ hasText: `Sorry, ${goneLabel} is sold out.` });
        await goneLine.waitFor();
        await page.screenshot({ path: `test-results/stale-cart-${width}.png`, fullPage: true });

        await staleLine.getByRole('button', { name: 'Remove', exact: true }).click();
        await expect.poll(async () => (await bagLines(page)).length).toBe(2);
        expect((await bagLines(page)).some((item) => item.selectedSize === RETIRED)).toBe(false);
        await expect
          .poll(() => cart.getByText(`Size ${RETIRED} is not available for this item.`).count())
          .toBe(0);

        // The checkout says the same of the sold-out line and offers to remove it there.
        await visit(page, '/checkout');
        const summary = main(page).getByRole('complementary', { name: 'Order summary' });
        await summary.getByText(`Sorry, ${goneLabel} is sold out.`).waitFor();
        const place = main(page).getByRole('button', { name: /^Place Order/ });
        expect(await place.isDisabled()).toBe(true);
        await page.screenshot({ path: `test-results/stale-checkout-${width}.png`, fullPage: true });
        await summary.getByRole('button', { name: `Remove ${soldOut.product.name} from the bag` }).click();
        await expect.poll(async () => (await bagLines(page)).map((item) => item.id)).toEqual([stocked.id]);
        await expect.poll(() => place.isDisabled()).toBe(false);
        expect(await place.textContent()).toMatch(/Place Order · ₦/);
        expect(problemReport()).toEqual([]);
      });
    });
  }
});
