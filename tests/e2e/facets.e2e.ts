import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { formatNaira } from '../../contracts/money';
import { closeBrowser, isAt, main, pathIs, url, visit, waitForHydration, withPage } from './fixtures';

afterAll(closeBrowser);

interface Facets {
  counted: boolean;
  sizes: { value: string; count: number }[];
  colors: { name: string; hex: string | null; count: number }[];
  price: { bands: { id: string; label: string; count: number }[]; min: number | null; max: number | null };
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(url(path));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

const facetsApi = (query: string) => getJson<Facets>(`/api/products/facets?${query}`);
const listApi = (query: string) =>
  getJson<{ total: number; items: { name: string }[] }>(`/api/products?${query}&pageSize=24`);

const sizesOf = (facets: Facets) => Object.fromEntries(facets.sizes.map((o) => [o.value, o.count]));
const coloursOf = (facets: Facets) => Object.fromEntries(facets.colors.map((o) => [o.name, o.count]));

async function foundCount(page: Page): Promise<number> {
  const text =
    (await main(page)
      .getByText(/^[\d,]+\+? products? found$/)
      .textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

const cardNames = async (page: Page) =>
  (await main(page).locator('article h3').allTextContents()).map((name) => name.trim());

/** Waits until the list shows what /api/products lists for `query`: its count and its cards in order. */
async function expectList(page: Page, query: string, what: string): Promise<number> {
  const expected = await listApi(query);
  await expect
    .poll(() => foundCount(page).catch(() => -1), { message: `the count of ${what}` })
    .toBe(expected.total);
  await expect
    .poll(() => cardNames(page), { message: `the cards of ${what}` })
    .toEqual(expected.items.map((item) => item.name));
  return expected.total;
}

/**
 * The count each choice of a group shows, by its value, as a screen reader has it: the choice's
 * description ('12 products'), which must agree with the figure shown beside it.
 */
async function shownCounts(
  scope: Locator,
  name: 'size' | 'color' | 'price',
): Promise<Record<string, number>> {
  const shown = await scope.locator(`input[name="${name}"]`).evaluateAll((inputs) =>
    (inputs as HTMLInputElement[])
      .filter((input) => input.value !== '')
      .map((input) => {
        const description = document.getElementById(input.getAttribute('aria-describedby') ?? '');
        const figure = description?.previousElementSibling?.textContent ?? '';
        return { value: input.value, description: description?.textContent ?? '', figure };
      }),
  );
  for (const choice of shown) {
    expect(choice.description, `the description of ${name} ${choice.value}`).toMatch(/^[\d,]+ products?$/);
    expect(choice.description.startsWith(`${choice.figure} `), `the figure shown for ${choice.value}`).toBe(
      true,
    );
  }
  return Object.fromEntries(
    shown.map((choice) => [choice.value, Number(choice.description.replace(/\D/g, ''))]),
  );
}

async function checkedValue(scope: Locator, name: string): Promise<string | null> {
  return scope
    .locator(`input[name="${name}"]`)
    .evaluateAll((inputs) => (inputs as HTMLInputElement[]).find((input) => input.checked)?.value ?? null);
}

/** The label around the choice of `name` with `value`, opening 'More colours' when it is behind it. */
async function choice(scope: Locator, name: string, value: string): Promise<Locator> {
  const label = scope.locator('label', {
    has: scope.page().locator(`input[name="${name}"][value="${value}"]`),
  });
  if (!(await label.isVisible())) await scope.getByText(/^More colours/).click();
  return label;
}

async function openFilters(page: Page): Promise<Locator> {
  await main(page)
    .getByRole('button', { name: /^Filters/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Filter & Sort' });
  await dialog.waitFor({ state: 'visible' });
  // The slide-in's transition: its contents' boxes are measured after it.
  await page.waitForTimeout(400);
  return dialog;
}

/** Nothing wider than the window: the page does not scroll sideways, nor the scope. */
async function expectNoOverflow(page: Page, scope: Locator, what: string): Promise<void> {
  const widths = await scope.evaluate((element) => ({
    page: document.documentElement.scrollWidth,
    window: window.innerWidth,
    scope: element.scrollWidth,
    box: element.clientWidth,
    outside: [...element.querySelectorAll('label, input, button, a, summary')]
      .filter((node) => {
        const box = node.getBoundingClientRect();
        const area = element.getBoundingClientRect();
        return box.width > 0 && (box.right > area.right + 1 || box.left < area.left - 1);
      })
      .map((node) => node.textContent?.trim() || node.outerHTML.slice(0, 80)),
  }));
  expect(widths.page, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(widths.window);
  expect(widths.scope, `${what}: its contents are wider than it`).toBeLessThanOrEqual(widths.box);
  expect(widths.outside, `${what}: controls outside its box`).toEqual([]);
}

const LIST = 'category=mens-wear';

describe('size and colour filters on a phone (375px)', () => {
  test('a shopper narrows a list by size, then colour, in the drawer; the address keeps both; the list and counts follow', async () => {
    const before = await facetsApi(LIST);
    expect(before.counted).toBe(true);
    expect(before.sizes.length, 'men’s wear comes in several sizes').toBeGreaterThan(3);

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/products?${LIST}`);
      await expectList(page, LIST, 'men’s wear');

      let drawer = await openFilters(page);
      const sizes = drawer.getByRole('group', { name: 'Size' });
      const colours = drawer.getByRole('group', { name: 'Colour' });
      expect(await shownCounts(sizes, 'size'), 'the sizes and their counts').toEqual(sizesOf(before));
      expect(await shownCounts(colours, 'color'), 'the colours and their counts').toEqual(coloursOf(before));
      expect(
        before.sizes.map((option) => option.value).slice(0, 3),
        'sizes in their order, not the alphabet’s',
      ).toEqual(['S', 'M', 'L']);
      expect(
        await sizes
          .locator('input[name="size"]')
          .evaluateAll((inputs) =>
            (inputs as HTMLInputElement[]).map((input) => input.value).filter(Boolean),
          ),
      ).toEqual(before.sizes.map((option) => option.value));
      await expectNoOverflow(page, drawer, 'the filter drawer');

      // A size: the list is what the size's count promised.
      await (await choice(drawer, 'size', 'L')).click();
      await drawer.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(isAt('/products', { category: 'mens-wear', size: 'L' }));
      await drawer.waitFor({ state: 'hidden' });
      const withSize = await expectList(page, `${LIST}&size=L`, 'size L');
      expect(withSize, 'the list holds what the size L count said').toBe(sizesOf(before).L);

      // The colours now count the pieces in size L; the sizes still count every size.
      const sized = await facetsApi(`${LIST}&size=L`);
      drawer = await openFilters(page);
      expect(await checkedValue(drawer, 'size')).toBe('L');
      expect(await shownCounts(drawer.getByRole('group', { name: 'Colour' }), 'color')).toEqual(
        coloursOf(sized),
      );
      expect(await shownCounts(drawer.getByRole('group', { name: 'Size' }), 'size')).toEqual(sizesOf(before));
      const navy = coloursOf(sized).Navy!;
      expect(navy, 'some pieces in size L come in navy').toBeGreaterThan(0);
      expect(navy).toBeLessThan(withSize);

      await (await choice(drawer, 'color', 'Navy')).click();
      await drawer.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(isAt('/products', { category: 'mens-wear', size: 'L', color: 'Navy' }));
      await drawer.waitFor({ state: 'hidden' });
      expect(await expectList(page, `${LIST}&size=L&color=Navy`, 'size L in navy'), 'the navy count').toBe(
        navy,
      );
      expect(
        (
          await main(page)
            .getByRole('button', { name: /^Filters/ })
            .textContent()
        )?.trim(),
        'the Filters button counts the category, the size and the colour',
      ).toBe('Filters (3)');

      // The sizes now count navy pieces: the counts followed the colour.
      const both = await facetsApi(`${LIST}&size=L&color=Navy`);
      drawer = await openFilters(page);
      expect(await checkedValue(drawer, 'size')).toBe('L');
      expect(await checkedValue(drawer, 'color')).toBe('Navy');
      const navySizes = await shownCounts(drawer.getByRole('group', { name: 'Size' }), 'size');
      expect(navySizes).toEqual(sizesOf(both));
      expect(navySizes, 'the size counts changed with the colour').not.toEqual(sizesOf(before));
      expect(navySizes.L).toBe(navy);
      await expectNoOverflow(page, drawer, 'the filter drawer with choices made');
      await drawer.getByRole('button', { name: 'Close filters' }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The address is the list: a reload keeps it, Back returns to size L alone.
      const chosenUrl = page.url();
      await page.reload();
      await page.waitForURL(chosenUrl);
      await waitForHydration(page);
      await expectList(page, `${LIST}&size=L&color=Navy`, 'the list reloaded');
      await page.goBack();
      await page.waitForURL(
        (address) => isAt('/products', { size: 'L' })(address) && !address.searchParams.has('color'),
      );
      await expectList(page, `${LIST}&size=L`, 'the list after going back');
      await expectNoOverflow(page, main(page), 'the list');

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test("a price band from the list's own prices, then a min–max range of the shopper's", async () => {
    const facets = await facetsApi('');
    expect(facets.price.bands.length, 'about five bands').toBeGreaterThanOrEqual(4);
    const total = facets.price.bands.reduce((sum, band) => sum + band.count, 0);
    for (const band of facets.price.bands)
      expect(band.count, `${band.label} holds a fair share, not half`).toBeLessThanOrEqual(
        Math.ceil(total * 0.3),
      );
    const band = facets.price.bands[1]!;

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/products');
      let drawer = await openFilters(page);
      const price = drawer.getByRole('group', { name: 'Price', exact: true });
      expect(await shownCounts(price, 'price')).toEqual(
        Object.fromEntries(facets.price.bands.map((item) => [item.id, item.count])),
      );
      await price.getByLabel(band.label, { exact: true }).check();
      await drawer.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(isAt('/products', { price: band.id }));
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => foundCount(page)).toBe(band.count);

      drawer = await openFilters(page);
      expect(await checkedValue(drawer, 'price')).toBe(band.id);
      await drawer.getByLabel('Min', { exact: true }).fill('30000');
      await drawer.getByLabel('Max', { exact: true }).fill('60000');
      expect(await checkedValue(drawer, 'price'), 'a typed range stands for the band').toBe('');
      await drawer.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(
        (address) =>
          isAt('/products', { minPrice: '30000', maxPrice: '60000' })(address) &&
          !address.searchParams.has('price'),
      );
      await expectList(page, 'minPrice=30000&maxPrice=60000', 'the typed range');
      drawer = await openFilters(page);
      expect(await drawer.getByLabel('Min', { exact: true }).inputValue()).toBe('30000');
      expect(await checkedValue(drawer, 'price'), 'a typed range is neither a band nor any price').toBeNull();
      await expectNoOverflow(page, drawer, 'the filter drawer with a typed range');
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

describe('size and colour filters in the sidebar (1280px)', () => {
  test('each choice applies at once, the address keeps it, the list and counts follow', async () => {
    const before = await facetsApi(LIST);
    const sized = await facetsApi(`${LIST}&size=M`);
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, `/products?${LIST}`);
      const sidebar = page.getByRole('complementary', { name: 'Filters' });
      expect(await shownCounts(sidebar.getByRole('group', { name: 'Size' }), 'size')).toEqual(
        sizesOf(before),
      );
      await expectNoOverflow(page, sidebar, 'the sidebar');

      await (await choice(sidebar, 'size', 'M')).click();
      await page.waitForURL(isAt('/products', { category: 'mens-wear', size: 'M' }));
      expect(await expectList(page, `${LIST}&size=M`, 'size M')).toBe(sizesOf(before).M);
      await expect
        .poll(() => shownCounts(sidebar.getByRole('group', { name: 'Colour' }), 'color'), {
          message: 'the colours count the pieces in size M',
        })
        .toEqual(coloursOf(sized));

      const colour = sized.colors.find((option) => option.count > 0 && option.count < sizesOf(before).M!)!;
      await (await choice(sidebar, 'color', colour.name)).click();
      await page.waitForURL(isAt('/products', { category: 'mens-wear', size: 'M', color: colour.name }));
      expect(
        await expectList(page, `${LIST}&size=M&color=${encodeURIComponent(colour.name)}`, colour.name),
      ).toBe(colour.count);
      expect(await checkedValue(sidebar, 'size')).toBe('M');
      expect(await checkedValue(sidebar, 'color')).toBe(colour.name);

      // 'Any' undoes the size; the colour stays.
      await sidebar.getByRole('group', { name: 'Size' }).getByText('Any', { exact: true }).click();
      await page.waitForURL(
        (address) => isAt('/products', { color: colour.name })(address) && !address.searchParams.has('size'),
      );
      await expectList(
        page,
        `${LIST}&color=${encodeURIComponent(colour.name)}`,
        `${colour.name} in any size`,
      );

      // A typed range applies with Go.
      await sidebar.getByLabel('Min', { exact: true }).fill('40000');
      await sidebar.getByRole('button', { name: 'Go' }).click();
      await page.waitForURL(isAt('/products', { color: colour.name, minPrice: '40000' }));
      await expectList(
        page,
        `${LIST}&color=${encodeURIComponent(colour.name)}&minPrice=40000`,
        'from ₦40,000',
      );
      await expectNoOverflow(page, sidebar, 'the sidebar with choices made');
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

interface PieceDetail {
  id: number;
  name: string;
  price: number;
  variants: {
    size: string | null;
    color: string | null;
    inStock: boolean;
    stockCount: number | null;
    price?: number;
  }[];
}

describe('the tag price is the price (375px)', () => {
  test('a shopper filters by size and colour, adds the piece in L and Navy, and checkout totals the tag price and its delivery, VAT inside it', async () => {
    const query = `${LIST}&size=L&color=Navy`;
    const listed = await getJson<{ items: { id: number }[] }>(`/api/products?${query}&pageSize=24`);
    const details = await Promise.all(
      listed.items.map((item) => getJson<PieceDetail>(`/api/products/${item.id}`)),
    );
    // The piece with the most L in Navy left (nothing is bought: the journey stops at checkout).
    const lNavy = (detail: PieceDetail) =>
      detail.variants.find((variant) => variant.size === 'L' && variant.color === 'Navy' && variant.inStock)
        ?.stockCount ?? 0;
    const piece = [...details].sort((a, b) => lNavy(b) - lNavy(a))[0];
    expect(piece && lNavy(piece), 'a men’s piece in L and Navy in stock').toBeGreaterThan(0);
    const priceKobo = Math.round(piece!.price * 100);
    const vatKobo = Math.round((priceKobo * 7.5) / 107.5);

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/products?${LIST}`);
      const drawer = await openFilters(page);
      await (await choice(drawer, 'size', 'L')).click();
      await (await choice(drawer, 'color', 'Navy')).click();
      await drawer.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(isAt('/products', { category: 'mens-wear', size: 'L', color: 'Navy' }));
      await drawer.waitFor({ state: 'hidden' });
      await expectList(page, query, 'size L in navy');

      await main(page).getByRole('link', { name: piece!.name, exact: true }).first().click();
      await page.waitForURL(pathIs(`/product/${piece!.id}`));
      await waitForHydration(page);
      const colours = main(page).locator('fieldset', { hasText: 'Colour' }).first();
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).first();
      await colours.locator('label[title="Navy"]').click();
      await sizes.locator('label').filter({ hasText: /^L$/ }).click();
      await main(page)
        .getByRole('button', { name: /^Add to cart$/i })
        .click();

      // The bag: the tag price, its VAT inside it, delivery still to come.
      await visit(page, '/cart');
      await expect
        .poll(() => main(page).getByTestId('order-total').first().textContent())
        .toBe(formatNaira(priceKobo));
      const bagVat = main(page).getByTestId('tax-included').first();
      expect((await bagVat.innerText()).replace(/\s+/g, ' ')).toBe(
        `incl. VAT (7.5%) ${formatNaira(vatKobo)}`,
      );

      await visit(page, '/checkout');
      const form = main(page);
      await form.getByLabel('Email').fill(`tag-price.${Date.now()}@example.ng`);
      await form.getByLabel('Phone').fill('+234 803 555 0142');
      await form.getByLabel('First name').fill('Ngozi');
      await form.getByLabel('Last name').fill('Eze');
      await form.getByLabel('Address').fill('21 Adeola Odeku Street');
      await form.getByLabel('City').fill('Victoria Island');
      await form.getByLabel('State').selectOption('Lagos');
      await form.getByLabel('Postal code').fill('101241');
      const summary = main(page).getByRole('complementary', { name: 'Order summary' });
      const quote = (await (
        await fetch(url('/api/cart/quote'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            items: [{ id: piece!.id, quantity: 1, selectedSize: 'L', selectedColor: 'Navy' }],
            country: 'Nigeria',
            state: 'Lagos',
            shippingMethod: 'standard',
          }),
        })
      ).json()) as { shipping: number; tax: number; total: number; taxIncluded: boolean };
      expect(quote).toMatchObject({ taxIncluded: true, tax: vatKobo / 100 });
      expect(Math.round(quote.total * 100)).toBe(priceKobo + Math.round(quote.shipping * 100));
      await expect
        .poll(() => summary.getByTestId('order-total').textContent())
        .toBe(formatNaira(Math.round(quote.total * 100)));
      expect((await summary.getByTestId('tax-included').innerText()).replace(/\s+/g, ' ')).toBe(
        `incl. VAT (7.5%) ${formatNaira(vatKobo)}`,
      );
      expect(await summary.innerText(), 'no tax added on top').not.toContain('Tax (');
      await expectNoOverflow(page, main(page), 'checkout');
      await summary.screenshot({ path: 'test-results/checkout-vat-included-375.png' });
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});
