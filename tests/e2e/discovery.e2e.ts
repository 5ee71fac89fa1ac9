import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  url,
  WIDTHS,
  withPage,
  refusedPosts,
  pathIs,
  isAt,
  visit,
  main,
  finishSignUpInBrowser,
} from './fixtures';

afterAll(closeBrowser);

/** Strong enough for the shop's policy (at least 8 characters, not a common password). */
const PASSWORD = 'Adire-Silk-2024';

const REVIEW_FIELDS_MISSING = 'Please fill in all review fields.';
const REVIEW_PUBLISHED = 'Thank you: your review is published.';

/**
 * A price band of /products (the bands follow the list's prices: core/catalog/price-bands.ts), its
 * label and what it means for /api/products: from ₦25,000 to below ₦35,000.
 */
const PRICE_BAND = { id: '25000-35000', label: '₦25,000 – ₦35,000', min: 25_000, max: 34_999.99 } as const;

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(url(path));
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

interface ApiSummary {
  id: number;
  name: string;
  price: number;
  originalPrice: number | null;
  discountPercent: number;
  reviews: number;
}

interface ApiPage {
  items: ApiSummary[];
  total: number;
  pageCount: number;
}

interface ApiDetail extends ApiSummary {
  colors: { name: string; hex: string }[];
  sizes: string[];
  specifications: Record<string, string>;
}

interface ApiCategory {
  id: string;
  name: string;
  parentId: string | null;
  featured: boolean;
  subcategories: { id: string; name: string }[];
}

const listApi = (query: string) => getJson<ApiPage>(`/api/products?${query}`);
const productApi = (id: number) => getJson<ApiDetail>(`/api/products/${id}`);

/** The first product of the catalog's first 48 that satisfies `fits`, with its details. */
async function findProduct(fits: (product: ApiDetail) => boolean, skip: number[] = []): Promise<ApiDetail> {
  const list = await listApi('pageSize=48');
  for (const item of list.items) {
    if (skip.includes(item.id)) continue;
    const detail = await productApi(item.id);
    if (fits(detail)) return detail;
  }
  throw new Error('No product in the first 48 of /api/products fits what this test needs');
}

const richProduct = () =>
  findProduct(
    (product) =>
      product.colors.length >= 2 &&
      product.sizes.length >= 2 &&
      Object.keys(product.specifications).length > 0,
  );

/** The 'N products found' figure of a listing page. */
const foundText = (page: Page) => main(page).getByText(/^\d+ products? found$/);

async function foundCount(page: Page): Promise<number> {
  const text = (await foundText(page).textContent()) ?? '';
  const match = /^(\d+) products? found$/.exec(text.trim());
  if (!match) throw new Error(`Unexpected count text: "${text}"`);
  return Number(match[1]);
}

const cards = (page: Page) => main(page).locator('article');

async function cardNames(page: Page): Promise<string[]> {
  return (await cards(page).locator('h3').allTextContents()).map((name) => name.trim());
}

/** The price each card shows now (the first naira figure of its price line), in naira. */
async function cardPrices(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => {
      const line = [...article.querySelectorAll('p')].filter((p) => p.textContent?.includes('₦')).pop();
      const figure = /₦\s?([\d,]+(?:\.\d+)?)/.exec(line?.textContent ?? '')?.[1];
      return figure === undefined ? Number.NaN : Number(figure.replace(/,/g, ''));
    }),
  );
}

/** Waits for a listing to settle on `total` products (count text and cards, never the loading skeleton). */
async function expectListing(page: Page, total: number, what: string): Promise<void> {
  await expect
    .poll(() => foundCount(page).catch(() => -1), { message: `the count text of ${what}` })
    .toBe(total);
  await expect.poll(() => cards(page).count(), { message: `the cards of ${what}` }).toBe(Math.min(total, 24));
}

/** The /api/products query that means what a listing page's address means (the price band as min/max). */
function apiQueryFor(address: URL): string {
  const query = new URLSearchParams();
  for (const [name, value] of address.searchParams) {
    if (value === '') continue;
    if (name === 'price') {
      if (value !== PRICE_BAND.id) throw new Error(`Unexpected price band in ${address.search}`);
      query.set('minPrice', String(PRICE_BAND.min));
      query.set('maxPrice', String(PRICE_BAND.max));
    } else query.set(name, value);
  }
  return query.toString();
}

/**
 * Waits until a listing shows what /api/products lists for the page's own address (count and names, in order),
 * so a check never reads the list of the previous address; returns that API page.
 */
async function expectListingOfAddress(page: Page, what: string): Promise<ApiPage> {
  const address = new URL(page.url());
  const expected = await listApi(apiQueryFor(address));
  await expectListing(page, expected.total, `${what} (${address.search || 'no query'})`);
  await expect
    .poll(() => cardNames(page), { message: `the cards of ${what} are those the API lists` })
    .toEqual(expected.items.map((item) => item.name));
  return expected;
}

/** Waits until the page's CSS transitions have finished (a slide-over and its backdrop fading in). */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function openFilters(page: Page): Promise<Locator> {
  await main(page)
    .getByRole('button', { name: /^Filters/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Filter & Sort' });
  await dialog.waitFor({ state: 'visible' });
  await settled(page);
  return dialog;
}

async function openMenu(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor({ state: 'visible' });
  return menu;
}

interface Account {
  name: string;
  email: string;
  password: string;
}

function newAccount(tag: string, name: string): Account {
  return {
    name,
    email: `${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.test`,
    password: PASSWORD,
  };
}

/** Creates the account through /register (as accounts.e2e.ts does); ends on /, signed in. */
async function register(page: Page, account: Account): Promise<void> {
  await visit(page, '/register');
  const form = main(page);
  await form.getByLabel('Full name', { exact: true }).fill(account.name);
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByLabel('Confirm password', { exact: true }).fill(account.password);
  await form.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await finishSignUpInBrowser(page, account.email);
}

const productTabs = (page: Page) =>
  page.getByRole('tablist', { name: 'Product information' }).getByRole('tab');

async function openReviewsTab(page: Page): Promise<Locator> {
  const tab = page.getByRole('tab', { name: /^Reviews \(\d+\)$/ });
  await tab.click();
  await expect
    .poll(() => tab.getAttribute('aria-selected'), { message: 'the Reviews tab is selected' })
    .toBe('true');
  return tab;
}

const reviewDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

describe('discovery on a phone (375px)', () => {
  test('filter and sort the list, share its address, go back, reset', async () => {
    const all = await listApi('');
    const filterQuery = `minPrice=${PRICE_BAND.min}&maxPrice=${PRICE_BAND.max}&rating=4&availability=in-stock`;
    const filtered = await listApi(`${filterQuery}&pageSize=48`);
    const sorted = await listApi(`${filterQuery}&sort=price-asc&pageSize=48`);
    expect(filtered.total, 'the chosen filters leave some products, but not all').toBeGreaterThan(0);
    expect(filtered.total).toBeLessThan(all.total);

    let sharedUrl = '';
    let sortedNames: string[] = [];
    let sortedTotal = 0;
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/products');
      await expectListing(page, all.total, '/products');

      const dialog = await openFilters(page);
      await dialog.getByLabel(PRICE_BAND.label, { exact: true }).check();
      await dialog.getByLabel('4 stars & up', { exact: true }).check();
      await dialog.getByLabel('In stock', { exact: true }).check();
      await dialog.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(
        isAt('/products', { price: PRICE_BAND.id, rating: '4', availability: 'in-stock' }),
      );
      expect(page.url(), 'the filters are in the address').toContain(
        `price=${PRICE_BAND.id}&rating=4&availability=in-stock`,
      );
      await dialog.waitFor({ state: 'hidden' });
      await expectListing(page, filtered.total, 'the filtered list');
      const filteredNames = await cardNames(page);
      expect(filteredNames, 'the filtered list shows what the API lists for the same filters').toEqual(
        filtered.items.map((item) => item.name),
      );
      const prices = await cardPrices(page);
      expect(
        prices.filter((price) => !(price >= PRICE_BAND.min && price <= PRICE_BAND.max)),
        `card prices outside ${PRICE_BAND.label}`,
      ).toEqual([]);
      // Soft: a wrong figure here should not hide what the rest of the journey finds.
      expect
        .soft(
          (
            await main(page)
              .getByRole('button', { name: /^Filters/ })
              .textContent()
          )?.trim(),
          `the Filters button counts the 3 active filters (address: ${new URL(page.url()).search})`,
        )
        .toBe('Filters (3)');
      const filteredUrl = page.url();

      // Sort: the filters must stay.
      const sort = main(page).getByLabel('Sort by');
      await sort.selectOption({ label: 'Price: Low to High' });
      await page.waitForURL(isAt('/products', { sort: 'price-asc' }));
      const sortedAddress = new URL(page.url());
      await expectListingOfAddress(page, 'the sorted list');
      const sortedPrices = await cardPrices(page);
      expect(sortedPrices, 'prices ascend').toEqual([...sortedPrices].sort((a, b) => a - b));
      // Soft, so the journey goes on to Back, the shared link and the resets when sorting loses the filters.
      expect
        .soft(
          {
            price: sortedAddress.searchParams.get('price'),
            rating: sortedAddress.searchParams.get('rating'),
            availability: sortedAddress.searchParams.get('availability'),
          },
          `sorting keeps the filters in the address (${sortedAddress.search})`,
        )
        .toEqual({ price: PRICE_BAND.id, rating: '4', availability: 'in-stock' });
      expect
        .soft(await foundCount(page), 'the sorted list still counts the filtered products')
        .toBe(sorted.total);
      sortedNames = await cardNames(page);
      expect
        .soft(sortedNames, 'the sorted list is the filtered products, cheapest first')
        .toEqual(sorted.items.map((item) => item.name));
      expect
        .soft(
          sortedPrices.filter((price) => !(price >= PRICE_BAND.min && price <= PRICE_BAND.max)),
          `sorted card prices outside ${PRICE_BAND.label}`,
        )
        .toEqual([]);
      sortedTotal = await foundCount(page);
      sharedUrl = page.url();

      // Back: the previous filters, the previous order, and the sort control agrees with the address.
      await page.goBack();
      await page.waitForURL((address) => address.href === filteredUrl);
      await expectListingOfAddress(page, 'the list after going back');
      expect(await cardNames(page), 'the order before sorting').toEqual(filteredNames);
      expect
        .soft(
          await sort.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent),
          "the 'Sort by' control shows the address's sort (none: Featured) after going back",
        )
        .toBe('Featured');

      // 'Reset All' in the dialog.
      const again = await openFilters(page);
      expect(
        await again.getByLabel(PRICE_BAND.label, { exact: true }).isChecked(),
        'the dialog shows the applied price band',
      ).toBe(true);
      await again.getByRole('link', { name: 'Reset All' }).click();
      await page.waitForURL((address) => address.pathname === '/products' && address.search === '');
      await again.waitFor({ state: 'hidden' });
      await expectListing(page, all.total, '/products after Reset All');

      // 'Clear All' beside the Filters button.
      await page.goBack();
      await page.waitForURL((address) => address.href === filteredUrl);
      await expectListingOfAddress(page, 'the filtered list, once more');
      await main(page).getByRole('link', { name: 'Clear All' }).click();
      await page.waitForURL((address) => address.pathname === '/products' && address.search === '');
      await expectListing(page, all.total, '/products after Clear All');
      expect(await main(page).getByRole('link', { name: 'Clear All' }).count()).toBe(0);

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });

    // The shared link, in a new browser context.
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, new URL(sharedUrl).pathname + new URL(sharedUrl).search);
      await expectListing(page, sortedTotal, 'the shared link');
      expect(await cardNames(page), 'the shared link shows the same products in the same order').toEqual(
        sortedNames,
      );
      expect(problemReport(), 'console errors and failed requests (shared link)').toEqual([]);
    });
  });

  test('search with a typo: pick a suggestion, or submit it', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      let menu = await openMenu(page);
      const box = menu.getByRole('combobox', { name: 'Search products' });
      await box.fill('handbg');
      const listbox = menu.getByRole('listbox', { name: 'Suggestions' });
      await listbox.waitFor({ state: 'visible' });
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const option = listbox.getByRole('option').filter({ hasText: 'Handbag' }).first();
      await option.waitFor({ state: 'visible' });
      const chosen = ((await option.textContent()) ?? '').trim();
      await option.click();
      await page.waitForURL(isAt('/search', { q: chosen }));
      await menu.waitFor({ state: 'hidden' });
      await expect
        .poll(() => main(page).locator('h1').textContent(), { message: 'the results heading' })
        .toBe(`Results for “${chosen}”`);
      await expect.poll(() => cards(page).count(), { message: 'search results' }).toBeGreaterThan(0);
      expect(await cardNames(page), `the results for "${chosen}" include it`).toContain(chosen);
      expect(await foundCount(page)).toBeGreaterThan(0);

      menu = await openMenu(page);
      expect(
        await menu.getByRole('combobox', { name: 'Search products' }).inputValue(),
        'the box is cleared',
      ).toBe('');

      // Submitting the typo itself.
      await menu.getByRole('combobox', { name: 'Search products' }).fill('handbg');
      await menu.getByRole('combobox', { name: 'Search products' }).press('Enter');
      await page.waitForURL(isAt('/search', { q: 'handbg' }));
      await expect
        .poll(() => main(page).locator('h1').textContent(), { message: 'the results heading' })
        .toBe('Results for “handbg”');
      await expect.poll(() => cards(page).count(), { message: "results for 'handbg'" }).toBeGreaterThan(0);
      const names = await cardNames(page);
      expect(
        names.filter((name) => /handbag/i.test(name)),
        `the results for 'handbg' include a handbag: ${names.join(', ')}`,
      ).not.toEqual([]);

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('product page: colour, size, wishlist, tabs, WhatsApp and zoom', async () => {
    const product = await richProduct();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${product.id}`);
      expect((await main(page).locator('h1').textContent())?.trim()).toBe(product.name);

      // Quantity, Add to Cart and the wishlist share one row; the button's words stay on one line.
      const row = main(page).getByTestId('purchase-row');
      const boxes = await row.evaluate((element) =>
        [...element.children].map((child) => {
          const box = child.getBoundingClientRect();
          return { bottom: Math.round(box.bottom), right: box.right };
        }),
      );
      expect(new Set(boxes.map((box) => box.bottom)).size, 'one row').toBe(1);
      // Within the page's 16 px margin: nothing pushed past the edge of the screen.
      expect(Math.max(...boxes.map((box) => box.right)), 'the row fits the screen').toBeLessThanOrEqual(
        375 - 16 + 0.5,
      );
      const addButton = row.getByRole('button', { name: 'Add to Cart' });
      expect(
        (await addButton.boundingBox())!.height,
        'Add to Cart on one line (two lines are 72 px)',
      ).toBeLessThan(60);
      expect(
        await addButton.evaluate((button) => button.scrollWidth <= button.clientWidth),
        'the words fit the button',
      ).toBe(true);

      // Colour and size.
      const colourLegend = main(page).locator('legend', { hasText: 'Colour:' });
      expect((await colourLegend.textContent())?.trim()).toBe(`Colour: ${product.colors[0]!.name}`);
      const second = product.colors[1]!.name;
      await main(page)
        .locator('label', { has: page.locator(`input[name="color"][value="${second}"]`) })
        .click();
      await expect
        .poll(async () => (await colourLegend.textContent())?.trim(), {
          message: 'the colour legend updates',
        })
        .toBe(`Colour: ${second}`);
      expect(await main(page).getByRole('radio', { name: second, exact: true }).isChecked()).toBe(true);
      const size = product.sizes[1]!;
      await main(page)
        .locator('label', { has: page.locator(`input[name="size"][value="${size}"]`) })
        .click();
      expect(await main(page).getByRole('radio', { name: size, exact: true }).isChecked()).toBe(true);
      expect((await main(page).locator('legend', { hasText: /^Size/ }).textContent())?.trim()).toBe(
        `Size: ${size}`,
      );

      // Tabs.
      const tabs = productTabs(page);
      expect((await tabs.allTextContents()).map((text) => text.trim())).toEqual([
        'Description',
        'Specifications',
        `Reviews (${product.reviews})`,
      ]);
      expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
      const panel = page.getByRole('tabpanel');
      expect(await panel.count(), 'one panel shows').toBe(1);
      await tabs.nth(1).click();
      await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('false');
      expect(await panel.getAttribute('aria-labelledby')).toBe(await tabs.nth(1).getAttribute('id'));
      const rows = await panel
        .locator('dl > div')
        .evaluateAll((items) =>
          items.map((item) => [
            item.querySelector('dt')?.textContent?.trim() ?? '',
            item.querySelector('dd')?.textContent?.trim() ?? '',
          ]),
        );
      expect(Object.fromEntries(rows), 'the specification rows are those of the API').toEqual(
        product.specifications,
      );
      expect(rows.length).toBe(Object.keys(product.specifications).length);

      // Arrow keys move between the tabs (and wrap).
      await tabs.nth(1).focus();
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => tabs.nth(2).getAttribute('aria-selected'), { message: 'ArrowRight → Reviews' })
        .toBe('true');
      expect(await tabs.nth(2).evaluate((tab) => tab === document.activeElement), 'focus follows').toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => tabs.nth(0).getAttribute('aria-selected'), { message: 'ArrowRight wraps to Description' })
        .toBe('true');
      await page.keyboard.press('ArrowLeft');
      await expect
        .poll(() => tabs.nth(2).getAttribute('aria-selected'), { message: 'ArrowLeft → Reviews' })
        .toBe('true');
      expect(await panel.getAttribute('aria-labelledby')).toBe(await tabs.nth(2).getAttribute('id'));

      // WhatsApp.
      const whatsapp = main(page).getByRole('link', { name: 'Order via WhatsApp' });
      const href = (await whatsapp.getAttribute('href')) ?? '';
      expect(href.startsWith('https://wa.me/'), `WhatsApp link ${href}`).toBe(true);
      expect(new URL(href).searchParams.get('text') ?? '').toContain(product.name);

      // Zoom.
      const zoom = main(page).getByRole('button', { name: 'Zoom in on the photo' });
      await zoom.click();
      const zoomed = main(page).getByRole('button', { name: 'Zoom out' });
      await expect
        .poll(() => zoomed.getAttribute('aria-pressed'), { message: 'the photo zooms in' })
        .toBe('true');
      expect(await zoomed.locator('img').evaluate((image) => getComputedStyle(image).transform)).not.toBe(
        'none',
      );

      // Wishlist.
      const wishlistLink = page
        .getByRole('navigation', { name: 'Bottom' })
        .getByRole('link', { name: /^Wishlist/ });
      expect((await wishlistLink.textContent())?.trim(), 'no count before saving').toBe('Wishlist');
      const save = main(page).getByRole('button', { name: 'Save to wishlist', exact: true });
      expect(await save.getAttribute('aria-pressed')).toBe('false');
      await save.click();
      const saved = main(page).getByRole('button', { name: 'Remove from wishlist', exact: true });
      await expect
        .poll(() => saved.getAttribute('aria-pressed'), { message: 'the wishlist button is pressed' })
        .toBe('true');
      // The bottom nav's Wishlist link shows a badge of 1 and says so to screen readers.
      const counted = page
        .getByRole('navigation', { name: 'Bottom' })
        .getByRole('link', { name: /^Wishlist\s*,\s*1 item$/ });
      await counted.waitFor({ state: 'visible' });
      expect((await counted.locator('span[aria-hidden="true"]').textContent())?.trim(), 'the badge').toBe(
        '1',
      );
      await counted.click();
      await page.waitForURL(pathIs('/wishlist'));
      await expect
        .poll(() => main(page).locator('h1').textContent(), { message: 'the wishlist heading' })
        .toBe('Wishlist');
      await main(page).getByRole('link', { name: product.name, exact: true }).waitFor({ state: 'visible' });
      expect(await main(page).getByRole('listitem').count(), 'one saved piece').toBe(1);

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('sign in and write a review; a guest is asked to sign in', async () => {
    const rich = await richProduct();
    const product = await findProduct((item) => item.id !== rich.id && item.reviews < 9, [rich.id]);
    const account = newAccount('review', 'Kemi Adebayo');
    const before = product.reviews;
    await withPage(
      375,
      async ({ page, problemReport }) => {
        const refused = refusedPosts(page);
        await register(page, account);
        await visit(page, `/product/${product.id}`);
        const tab = await openReviewsTab(page);
        expect((await tab.textContent())?.trim()).toBe(`Reviews (${before})`);
        const panel = page.getByRole('tabpanel');
        expect(await panel.getByRole('link', { name: 'Sign in to write a review' }).count()).toBe(0);

        await panel.getByRole('button', { name: 'Write a Review' }).click();
        await panel.getByRole('button', { name: 'Submit Review' }).click();
        const alert = panel.getByRole('alert').filter({ hasText: REVIEW_FIELDS_MISSING });
        await alert.waitFor({ state: 'visible' });

        await panel.getByRole('button', { name: '4 stars', exact: true }).click();
        await expect
          .poll(() =>
            panel.getByRole('button', { name: '4 stars', exact: true }).getAttribute('aria-pressed'),
          )
          .toBe('true');
        const title = `Lovely piece ${randomBytes(2).toString('hex')}`;
        const comment = 'Well made and arrived in Lagos in two days. The colour is true to the photos.';
        await panel.getByLabel('Title', { exact: true }).fill(title);
        await panel.getByLabel('Comment', { exact: true }).fill(comment);
        const submittedAt = new Date();
        await panel.getByRole('button', { name: 'Submit Review' }).click();
        await panel.getByRole('status').filter({ hasText: REVIEW_PUBLISHED }).waitFor({ state: 'visible' });

        const review = panel
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: title }) });
        await review.waitFor({ state: 'visible' });
        expect(await review.textContent()).toContain(
          `By ${account.name} on ${reviewDate.format(submittedAt)}`,
        );
        expect(await review.textContent()).toContain(comment);
        await expect
          .poll(async () => (await tab.textContent())?.trim(), {
            message: 'the Reviews tab counts the new review',
          })
          .toBe(`Reviews (${before + 1})`);
        expect((await productApi(product.id)).reviews, 'the API counts the new review').toBe(before + 1);

        expect(refused, 'the refused review form, with its status').toEqual([
          `400 /product/${product.id}.data`,
        ]);
        expect(problemReport(), 'console errors and unexpected failed requests').toEqual([]);
      },
      [`/product/${product.id}.data`],
    );

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${product.id}`);
      await openReviewsTab(page);
      const panel = page.getByRole('tabpanel');
      expect(await panel.getByRole('button', { name: 'Write a Review' }).count()).toBe(0);
      const signIn = panel.getByRole('link', { name: 'Sign in to write a review' });
      const href = new URL((await signIn.getAttribute('href')) ?? '', url('/'));
      expect(href.pathname).toBe('/login');
      expect(href.searchParams.get('redirectTo')).toBe(`/product/${product.id}`);
      await signIn.click();
      await page.waitForURL(isAt('/login', { redirectTo: `/product/${product.id}` }));
      expect(problemReport(), 'console errors and failed requests (guest)').toEqual([]);
    });
  });

  test('categories: Featured tab, category search, subcategory chips; an unknown category is a 404', async () => {
    const { categories } = await getJson<{ categories: ApiCategory[] }>('/api/categories');
    const featured = categories.filter((category) => category.featured);
    const department = categories.find((category) => category.subcategories.length > 3);
    if (!department) throw new Error('No department with more than 3 subcategories in /api/categories');

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/categories');
      const cardTitles = main(page).locator('li h2');
      expect(await cardTitles.count()).toBe(categories.length);
      const groups = page.getByRole('navigation', { name: 'Category groups' });
      await groups.getByRole('link', { name: 'Featured' }).click();
      await page.waitForURL(isAt('/categories', { tab: 'featured' }));
      await expect
        .poll(() => groups.getByRole('link', { name: 'Featured' }).getAttribute('aria-current'), {
          message: "the 'Featured' tab link becomes current",
        })
        .toBe('page');
      await expect
        .poll(() => cardTitles.count(), { message: 'cards on the Featured tab' })
        .toBe(featured.length);
      expect(featured.length).toBe(12);

      await groups.getByRole('link', { name: 'All' }).click();
      await page.waitForURL(
        (address) => address.pathname === '/categories' && !address.searchParams.has('tab'),
      );
      await expect.poll(() => cardTitles.count()).toBe(categories.length);

      const search = main(page).getByRole('searchbox', { name: 'Search categories' });
      await search.fill('Tote');
      await search.press('Enter');
      await page.waitForURL(isAt('/categories', { q: 'Tote' }));
      // A category matches by its own name or one of its subcategories' names.
      const toteMatches = categories
        .filter((category) =>
          [category.name, ...category.subcategories.map((sub) => sub.name)].some((name) =>
            name.toLowerCase().includes('tote'),
          ),
        )
        .map((category) => category.name);
      expect(toteMatches).toContain('Tote Bags');
      expect(toteMatches.length).toBeLessThan(categories.length);
      await expect
        .poll(async () => (await cardTitles.allTextContents()).map((name) => name.trim()), {
          message: "the categories matching 'Tote'",
        })
        .toEqual(toteMatches);

      await visit(page, '/categories');
      const card = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: department.name, exact: true }) });
      const chips = card.locator('ul li a');
      expect((await chips.allTextContents()).map((text) => text.trim())).toEqual([
        ...department.subcategories.slice(0, 3).map((sub) => sub.name),
        `+${department.subcategories.length - 3} more`,
      ]);
      expect(await chips.nth(0).getAttribute('href')).toBe(`/category/${department.subcategories[0]!.id}`);
      expect(await chips.nth(3).getAttribute('href')).toBe(`/category/${department.id}`);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });

    await withPage(
      375,
      async ({ page, problemReport }) => {
        await visit(page, '/category/nope', 404);
        expect((await main(page).locator('h1').textContent())?.trim()).toBe('Page Not Found');
        expect(problemReport()).toEqual([]);
      },
      ['/category/nope'],
    );
  });

  test('sale: only reduced pieces, with a ticking flash-sale countdown', async () => {
    const sale = await listApi('onSale=true');
    expect(sale.total).toBeGreaterThan(0);
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/sale');
      await expectListing(page, sale.total, '/sale');
      const report = await cards(page).evaluateAll((articles) =>
        articles.map((article) => {
          const name = article.querySelector('h3')?.textContent?.trim() ?? '';
          const badge = [...article.querySelectorAll('span')].some((span) =>
            /^-\d+%$/.test(span.textContent?.trim() ?? ''),
          );
          const struck = [...article.querySelectorAll('span')].some(
            (span) =>
              getComputedStyle(span).textDecorationLine.includes('line-through') &&
              /₦/.test(span.textContent ?? ''),
          );
          return { name, badge, struck };
        }),
      );
      expect(
        report.filter((card) => !card.badge || !card.struck),
        "cards without a '-N%' badge or a struck-through old price",
      ).toEqual([]);
      expect(await cardNames(page)).toEqual(sale.items.map((item) => item.name));

      const timer = page.getByRole('timer');
      await timer.waitFor({ state: 'visible' });
      const first = await timer.textContent();
      await expect
        .poll(() => timer.textContent(), {
          message: 'the countdown ticks within 2 s',
          timeout: 2_000,
          interval: 100,
        })
        .not.toBe(first);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

describe.each(WIDTHS)('category filters at %ipx', (width) => {
  test('/category/mens-wear: price slider, colours and sizes; a size filters the list', async () => {
    const all = await listApi('category=mens-wear');
    await withPage(width, async ({ page, problemReport }) => {
      await visit(page, '/category/mens-wear');
      await expectListing(page, all.total, '/category/mens-wear');
      const filters =
        width === 1280 ? page.getByRole('complementary', { name: 'Filters' }) : await openFilters(page);

      const slider = filters.getByRole('slider');
      expect(await slider.count(), 'one price slider').toBe(1);
      const sliderLabel = filters.locator(`label[for="${await slider.getAttribute('id')}"]`);
      expect((await sliderLabel.textContent())?.trim()).toMatch(/^Up to\s*₦[\d,]+$/);
      const colours = filters.getByRole('group', { name: 'Colour' }).getByRole('radio');
      expect(await colours.count(), 'colour swatches').toBeGreaterThan(1);
      const sizes = filters.getByRole('group', { name: 'Size' }).getByRole('radio');
      expect(await sizes.count(), 'sizes').toBeGreaterThan(1);
      if (width === 375) {
        expect(await filters.getByRole('button', { name: 'Apply Filters' }).isVisible()).toBe(true);
        expect(await filters.getByRole('link', { name: 'Reset All' }).isVisible()).toBe(true);
      }

      const size = width === 1280 ? 'M' : 'L';
      const expected = await listApi(`category=mens-wear&size=${size}`);
      expect(expected.total).toBeGreaterThan(0);
      expect(expected.total).toBeLessThan(all.total);
      await filters.locator('label', { has: page.locator(`input[name="size"][value="${size}"]`) }).click();
      if (width === 375) await filters.getByRole('button', { name: 'Apply Filters' }).click();
      await page.waitForURL(isAt('/category/mens-wear', { size }));
      await expectListing(page, expected.total, `size ${size}`);
      expect(await cardNames(page), `the products having size ${size}`).toEqual(
        expected.items.map((item) => item.name),
      );

      if (width === 375) {
        const dialog = await openFilters(page);
        await dialog.getByRole('link', { name: 'Reset All' }).click();
        await page.waitForURL(
          (address) => address.pathname === '/category/mens-wear' && address.search === '',
        );
        await expectListing(page, all.total, '/category/mens-wear after Reset All');
      }
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

describe('sidebar filters at 1280px', () => {
  test('a category chosen in the sidebar applies at once', async () => {
    const bags = await listApi('category=womens-bags');
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/products');
      const sidebar = page.getByRole('complementary', { name: 'Filters' });
      await sidebar.getByLabel("Women's Bags", { exact: true }).click();
      await page.waitForURL(isAt('/products', { category: 'womens-bags' }));
      await expectListing(page, bags.total, "Women's Bags");
      expect(await sidebar.getByLabel("Women's Bags", { exact: true }).isChecked()).toBe(true);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('header search: ArrowDown + Enter picks a suggestion, Escape and a click outside close the list', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/');
      const box = page.locator('header').getByRole('combobox', { name: 'Search products' });
      const listbox = page
        .locator('header')
        .getByRole('listbox', { name: 'Suggestions', includeHidden: true });
      const options = listbox.getByRole('option', { includeHidden: true });

      await box.fill('handbg');
      await listbox.waitFor({ state: 'visible' });
      const firstOption = ((await options.first().textContent()) ?? '').trim();
      await box.press('ArrowDown');
      await expect.poll(() => options.first().getAttribute('aria-selected')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
      await box.press('Enter');
      await page.waitForURL(isAt('/search', { q: firstOption }));
      await expect
        .poll(() => main(page).locator('h1').textContent(), { message: 'the results heading' })
        .toBe(`Results for “${firstOption}”`);
      await expect.poll(() => box.inputValue(), { message: 'the box is cleared' }).toBe('');
      await expect.poll(() => cards(page).count(), { message: 'search results' }).toBeGreaterThan(0);

      await box.fill('handbg');
      await listbox.waitFor({ state: 'visible' });
      await box.press('Escape');
      await listbox.waitFor({ state: 'hidden' });
      expect(await box.getAttribute('aria-expanded')).toBe('false');

      await box.fill('tote');
      await listbox.waitFor({ state: 'visible' });
      await main(page).locator('h1').click();
      await listbox.waitFor({ state: 'hidden' });
      await expect.poll(() => options.count(), { message: 'a click outside clears the suggestions' }).toBe(0);
      await box.focus();
      expect(await listbox.isVisible(), 'the list stays closed on focusing again').toBe(false);

      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

let reviewedProductId: number | undefined;

beforeAll(async () => {
  reviewedProductId = (await listApi('pageSize=1')).items[0]?.id;
});

const axePages: { name: string; path: () => string; reviews?: boolean; filters?: boolean }[] = [
  { name: 'categories', path: () => '/categories' },
  { name: "category Women's Bags", path: () => '/category/womens-bags' },
  { name: 'sale', path: () => '/sale' },
  { name: 'search for tote', path: () => '/search?q=tote' },
  {
    name: 'product page, Reviews tab open',
    path: () => {
      if (reviewedProductId === undefined) throw new Error('/api/products?pageSize=1 returned no product');
      return `/product/${reviewedProductId}`;
    },
    reviews: true,
  },
];

describe.each(WIDTHS)('discovery pages, axe (WCAG 2.2 AA) at %ipx', (width) => {
  test.each(axePages)('$name has no violations', async ({ path, reviews }) => {
    await withPage(width, async ({ page, problemReport }) => {
      const target = path();
      await visit(page, target);
      await page.waitForLoadState('load');
      if (reviews) await openReviewsTab(page);
      expect(await axeViolations(page), `axe violations on ${target} at ${width}px`).toEqual([]);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});

describe('filters dialog, axe (WCAG 2.2 AA) at 375px', () => {
  test('the open Filter & Sort dialog has no violations', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/products');
      await page.waitForLoadState('load');
      await openFilters(page);
      expect(await axeViolations(page), 'axe violations with the filters dialog open').toEqual([]);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});
