import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatNaira } from '../../contracts/money';
import {
  adminApiToken,
  axeViolations,
  closeBrowser,
  main,
  pathIs,
  signInAsAdmin,
  url,
  visit,
  waitForHydration,
  withPage,
} from './fixtures';

let photoDir: string;

beforeAll(async () => {
  photoDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-e2e-photos-'));
  // Two distinct photos (the shop names stored files by content): a PNG and a JPEG.
  const front = sharp({ create: { width: 900, height: 1100, channels: 3, background: '#8a5a34' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="900" height="1100"><rect x="200" y="300" width="500" height="560" rx="40" fill="#3b2414"/></svg>`,
        ),
      },
    ])
    .png();
  await front.toFile(path.join(photoDir, 'front.png'));
  await sharp({ create: { width: 900, height: 1100, channels: 3, background: '#2b3a55' } })
    .jpeg({ quality: 85 })
    .toFile(path.join(photoDir, 'side.jpg'));
});

afterAll(async () => {
  await closeBrowser();
  await fs.rm(photoDir, { recursive: true, force: true });
});

const unique = () => randomBytes(3).toString('hex');
const notice = (page: Page) => main(page).getByTestId('admin-notice');

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('admin products', () => {
  test('at 1280px an admin adds a product with two photos and finds it in the shop', async () => {
    const name = `Ebun Croc Tote ${unique()}`;
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await signInAsAdmin(page, '/admin?tab=products');
        // The dashboard offers Add Product right after All Products.
        const tabs = page.getByRole('navigation', { name: 'Admin sections' });
        const labels = await tabs.getByRole('link').allTextContents();
        expect(labels.slice(labels.indexOf('All Products'), labels.indexOf('All Products') + 2)).toEqual([
          'All Products',
          'Add Product',
        ]);
        await tabs.getByRole('link', { name: 'Add Product' }).click();
        await page.waitForURL(pathIs('/admin/products/new'));
        const form = main(page).getByTestId('add-product-form');
        await form.getByRole('heading', { name: 'Add Product' }).waitFor();
        await waitForHydration(page);
        expect(await tabs.getByRole('link', { name: 'Add Product' }).getAttribute('aria-current')).toBe(
          'page',
        );

        // An empty form is refused with SPEC.md's message.
        await form.getByRole('button', { name: 'Add Product' }).click();
        await notice(page).filter({ hasText: 'Please fill in all required fields' }).waitFor();
        expect((await notice(page).textContent())?.trim()).toBe(
          'Please fill in all required fields and ensure stock is greater than zero.',
        );

        await form.getByLabel('Name', { exact: true }).fill(name);
        await form
          .getByLabel('Description', { exact: true })
          .fill('A structured tote in croc-embossed leather with a suede lining.');
        await form.getByLabel('Price (₦)', { exact: true }).fill('61500');
        await form.getByLabel('Stock', { exact: true }).fill('7');
        // The shop's own categories; the sizes and colours follow the chosen one.
        expect(await form.getByRole('group', { name: 'Sizes' }).count()).toBe(0);
        await form.getByLabel('Category', { exact: true }).selectOption({ label: 'Tote Bags' });
        const sizes = form.getByRole('group', { name: 'Sizes' });
        expect(
          await sizes
            .getByRole('checkbox')
            .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value)),
        ).toEqual(['Small', 'Medium', 'Large']);
        await sizes.getByLabel('Medium', { exact: true }).check();
        const colours = form.getByRole('group', { name: 'Colours' });
        await colours.getByLabel('Cognac', { exact: true }).check();
        // Beside the category's, a size and a colour (with its shade) of the shop's own.
        await sizes.getByLabel('Or a size of your own', { exact: true }).fill('Weekender 60 cm');
        await sizes.getByRole('button', { name: 'Add size' }).click();
        await colours.getByLabel('Shade of the new colour', { exact: true }).fill('#2b3a67');
        await colours.getByLabel('Or a colour of your own', { exact: true }).fill('Adire Indigo');
        await colours.getByLabel('Or a colour of your own', { exact: true }).press('Enter');
        await colours.getByRole('button', { name: 'Remove Adire Indigo' }).waitFor();
        // Two sizes × two colours: the stock goes by size and colour.
        const grid = form.getByTestId('variant-grid');
        await grid.getByLabel('Stock of Medium / Cognac', { exact: true }).fill('4');
        await grid.getByLabel('Stock of Weekender 60 cm / Adire Indigo', { exact: true }).fill('3');
        await page.screenshot({ path: 'test-results/admin-product-new-1280.png', fullPage: true });
        await form.getByLabel('Brand', { exact: true }).selectOption({ label: 'Maison Ebele' });

        // Two photos at once, each with a progress bar until it is in.
        await form
          .getByTestId('product-photo-input')
          .setInputFiles([path.join(photoDir, 'front.png'), path.join(photoDir, 'side.jpg')]);
        const photos = form.getByTestId('product-photo');
        await form.locator('[data-testid="product-photo"][data-state="done"]').nth(1).waitFor();
        expect(await photos.count()).toBe(2);
        expect(await photos.nth(0).textContent()).toContain('front.png');

        // Reordered with the keyboard: focus stays with the photo that moved.
        await form.getByRole('button', { name: 'Move side.jpg earlier' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => photos.nth(0).textContent()).toContain('side.jpg');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
          'Move side.jpg later',
        );
        const order = await form
          .locator('input[name="images"]')
          .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        expect(order).toHaveLength(2);
        expect(await axeViolations(page), 'axe on Add Product').toEqual([]);

        await form.getByRole('button', { name: 'Add Product' }).click();
        await notice(page).filter({ hasText: 'is now live in the shop' }).waitFor();
        expect(
          await form.getByLabel('Name', { exact: true }).inputValue(),
          'the form is empty for the next product',
        ).toBe('');

        await notice(page)
          .getByRole('link', { name: `View ${name} in the shop` })
          .click();
        await page.waitForURL(pathIs(/^\/product\/\d+$/));
        await main(page).getByRole('heading', { level: 1, name }).waitFor();
        const pictures = await main(page)
          .locator('img[srcset*="/media/products/"]')
          .evaluateAll((images) =>
            images.map((image) => (image as HTMLImageElement).getAttribute('srcset') ?? ''),
          );
        expect(pictures.some((srcset) => srcset.includes(order[0]!))).toBe(true);
        expect(pictures.some((srcset) => srcset.includes(order[1]!))).toBe(true);
        // The cover is the photo moved first.
        expect(pictures[0]).toContain(order[0]!);
        expect(await main(page).textContent()).toContain(formatNaira(6_150_000));
        const productId = /\/product\/(\d+)$/.exec(new URL(page.url()).pathname)![1];
        const sold = (await (await fetch(url(`/api/products/${productId}`))).json()) as {
          colors: { name: string; hex: string }[];
          variants: { size: string | null; color: string | null; inStock: boolean }[];
        };
        expect(sold.colors).toEqual([
          expect.objectContaining({ name: 'Cognac' }),
          { name: 'Adire Indigo', hex: '#2B3A67' },
        ]);
        expect(sold.variants.filter((row) => row.inStock).map((row) => [row.size, row.color])).toEqual([
          ['Medium', 'Cognac'],
          ['Weekender 60 cm', 'Adire Indigo'],
        ]);

        // Findable by the shop's search.
        await visit(page, `/search?q=${encodeURIComponent(name)}`);
        await main(page)
          .getByRole('link', { name: new RegExp(name) })
          .first()
          .waitFor();

        expect(problemReport()).toEqual([]);
      },
      ['/admin/products/new', '/admin/products/new.data'],
    );
  });

  test('at 1280px an admin edits a price inline and the shop follows', async () => {
    const list = (await (await fetch(url('/api/products?category=mens-shirts&pageSize=1'))).json()) as {
      items: { id: number; name: string; price: number }[];
    };
    const product = list.items[0]!;
    const newPrice = product.price + 1234.5;
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await signInAsAdmin(page, `/admin?tab=products&q=${product.id}`);
        const row = main(page).locator(`[data-testid="admin-product-row"][data-product-id="${product.id}"]`);
        await row.waitFor();
        await row.getByRole('button', { name: `Edit ${product.name}` }).click();
        // Cancel leaves it as it was.
        await row.getByRole('button', { name: 'Cancel' }).click();
        await row.getByRole('button', { name: `Edit ${product.name}` }).click();
        await row.getByLabel('Price (₦)', { exact: true }).fill('');
        await row.getByRole('button', { name: 'Save' }).click();
        await notice(page)
          .filter({ hasText: 'Please fill in required fields: name, price, stock.' })
          .waitFor();

        await row.getByLabel('Price (₦)', { exact: true }).fill(String(newPrice));
        await row.getByRole('button', { name: 'Save' }).click();
        await notice(page)
          .filter({ hasText: `${product.name} saved.` })
          .waitFor();
        await row
          .getByTestId('product-price')
          .filter({ hasText: formatNaira(newPrice * 100) })
          .waitFor();
        expect(await row.getByRole('button', { name: 'Save' }).count(), 'back to the row view').toBe(0);

        await visit(page, `/product/${product.id}`);
        await main(page).getByRole('heading', { level: 1, name: product.name }).waitFor();
        expect(await main(page).textContent()).toContain(formatNaira(newPrice * 100));
        expect(problemReport()).toEqual([]);
      },
      ['/admin', '/admin.data'],
    );
  });

  test('at 1280px Delete asks first, then removes a product that was never ordered', async () => {
    const apiToken = await adminApiToken();
    const token = unique();
    const name = `Temi Straw Clutch ${token}`;
    // Set up through the API, with a photo from a URL the shop itself serves.
    const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
      items: { image: { url: string } }[];
    };
    const created = await fetch(url('/api/admin/products'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
      body: JSON.stringify({
        name,
        description: 'A woven straw clutch with a magnetic flap.',
        price: 18500,
        stock: 3,
        category: 'clutch-bags',
        sizes: ['One Size'],
        imageUrl: url(seeded.items[0]!.image.url),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    await withPage(1280, async ({ page, problemReport }) => {
      await signInAsAdmin(page, `/admin?tab=products&q=${token}`);
      const row = main(page).locator(`[data-testid="admin-product-row"][data-product-id="${id}"]`);
      await row.waitFor();
      // Three in stock is low: the shop's own rule, shown with a tag.
      expect(await row.getByTestId('product-stock').textContent()).toContain('Low!');

      await row.getByRole('button', { name: `Delete ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Are you sure you want to delete this product?');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await row.count()).toBe(1);

      await row.getByRole('button', { name: `Delete ${name}` }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await notice(page)
        .filter({ hasText: `${name} was deleted.` })
        .waitFor();
      await main(page).getByText('No products found.').waitFor();
      expect(await row.count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
    expect((await fetch(url(`/api/products/${id}`))).status).toBe(404);
  });

  test('at 375px the products list and Add Product fit the phone', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin?tab=products');
      const rows = main(page).getByTestId('admin-product-row');
      await rows.first().waitFor();
      await noSideways(page);
      await rows
        .first()
        .getByRole('button', { name: /^Edit / })
        .click();
      await rows.first().getByRole('button', { name: 'Save' }).waitFor();
      await noSideways(page);
      expect(await axeViolations(page), 'axe on All Products at 375px').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-products-375.png', fullPage: true });

      await visit(page, '/admin/products/new');
      await main(page).getByTestId('add-product-form').waitFor();
      await main(page).getByLabel('Category', { exact: true }).selectOption({ label: "Men's Suits" });
      const suitSizes = main(page).getByRole('group', { name: 'Sizes' });
      await suitSizes.getByLabel('50', { exact: true }).waitFor();
      await noSideways(page);
      // Two sizes: the stock goes by size, in a grid that scrolls inside its own box.
      await suitSizes.getByLabel('50', { exact: true }).check();
      await suitSizes.getByLabel('52', { exact: true }).check();
      await main(page).getByTestId('variant-grid').waitFor();
      expect(await main(page).getByLabel('Stock', { exact: true }).count(), 'no single stock field').toBe(0);
      // A size and a colour of the shop's own fit the phone too, and join the grid.
      await suitSizes.getByLabel('Or a size of your own', { exact: true }).fill('54 Long Tall');
      await suitSizes.getByRole('button', { name: 'Add size' }).click();
      const suitColours = main(page).getByRole('group', { name: 'Colours' });
      await suitColours.getByLabel('Or a colour of your own', { exact: true }).fill('Midnight Aso-Oke Blue');
      await suitColours.getByRole('button', { name: 'Add colour' }).click();
      await main(page)
        .getByTestId('variant-grid')
        .getByLabel('Stock of 54 Long Tall / Midnight Aso-Oke Blue', { exact: true })
        .waitFor();
      await noSideways(page);
      expect(await axeViolations(page), 'axe on Add Product at 375px').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-product-new-375.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });
  });

  /** A shirt in S, M, L × Black, Olive with 5 of each, one photo, made through the API. */
  async function shirtForTheEditor(name: string): Promise<{ id: number; otherSku: string }> {
    const apiToken = await adminApiToken();
    const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
      items: { image: { url: string } }[];
    };
    const created = await fetch(url('/api/admin/products'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
      body: JSON.stringify({
        name,
        description: 'A linen shirt with a camp collar, cut for the Lagos heat.',
        price: 28000,
        stock: 30,
        category: 'mens-shirts',
        sizes: ['S', 'M', 'L'],
        colors: ['Black', 'Olive'],
        imageUrl: url(seeded.items[0]!.image.url),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const others = (await (
      await fetch(url('/api/admin/products?category=mens-shirts&pageSize=5'), {
        headers: { authorization: `Bearer ${apiToken}` },
      })
    ).json()) as { items: { id: number; variants: { sku: string }[] }[] };
    const other = others.items.find((item) => item.id !== id)!;
    return { id, otherSku: other.variants[0]!.sku };
  }

  test("at 1280px the owner sets one size's stock and price in the grid, ties a photo to a colour, and the shop follows", async () => {
    const token = unique();
    const name = `Agege Camp Shirt ${token}`;
    const { id, otherSku } = await shirtForTheEditor(name);
    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await signInAsAdmin(page, `/admin?tab=products&q=${token}`);
        const row = main(page).locator(`[data-testid="admin-product-row"][data-product-id="${id}"]`);
        await row.waitFor();
        // Six sizes and colours of 5 each: in stock, nothing low.
        expect(await row.getByTestId('product-low-variants').count()).toBe(0);
        await row
          .getByRole('link', { name: `Open ${name} in the editor: photos, sizes, colours and stock` })
          .click();
        await page.waitForURL(pathIs(`/admin/products/${id}`));
        const editor = main(page).getByTestId('product-editor');
        await editor.getByRole('heading', { name: `Edit ${name}` }).waitFor();
        await waitForHydration(page);
        const grid = editor.getByTestId('variant-grid');
        expect(await grid.getByTestId('variant-row').count()).toBe(6);
        const save = editor.getByTestId('save-product-bottom');

        // A negative stock is stopped next to its cell before anything is sent.
        await grid.getByLabel('Stock of S / Black', { exact: true }).fill('-2');
        await save.click();
        await notice(page).filter({ hasText: 'Check the grid' }).waitFor();
        expect(await grid.locator('[data-variant="S / Black"]').getByRole('alert').textContent()).toBe(
          'Stock cannot be below zero.',
        );
        await grid.getByLabel('Stock of S / Black', { exact: true }).fill('5');

        // A SKU another product uses is refused by the shop, named by its cell.
        await grid.getByLabel('SKU of L / Black', { exact: true }).fill(otherSku.toLowerCase());
        await save.click();
        const skuError = grid.locator('[data-variant="L / Black"]').getByRole('alert');
        await skuError.waitFor();
        expect(await skuError.textContent()).toMatch(new RegExp(`^${otherSku} is already used by .+\\.$`));
        await grid.getByLabel('SKU of L / Black', { exact: true }).fill('');

        // One size's stock and price.
        await grid.getByLabel('Stock of M / Olive', { exact: true }).fill('3');
        await grid.getByLabel('Price of M / Olive (₦)', { exact: true }).fill('31500');
        expect(await grid.getByTestId('grid-total').textContent()).toBe('28 in stock in all');

        // A new photo, tied to Olive.
        await editor.getByTestId('product-photo-input').setInputFiles(path.join(photoDir, 'side.jpg'));
        await editor.locator('[data-testid="product-photo"][data-state="done"]').nth(1).waitFor();
        await editor.getByLabel('Colour shown by side.jpg', { exact: true }).selectOption('Olive');
        expect(await axeViolations(page), 'axe on the product editor').toEqual([]);

        await save.click();
        await notice(page)
          .filter({ hasText: `${name} saved.` })
          .waitFor();
        // The editor reloads the saved product: the generated SKU is back in its cell.
        await expect
          .poll(async () => grid.getByLabel('SKU of L / Black', { exact: true }).inputValue())
          .toBe(`ROS-${id}-L-BLC`);
        await page.screenshot({ path: 'test-results/admin-product-editor-1280.png', fullPage: true });

        const shop = (await (await fetch(url(`/api/products/${id}`))).json()) as {
          images: { url: string; color: string | null }[];
        };
        const olivePhoto = shop.images.find((image) => image.color === 'Olive');
        expect(olivePhoto, 'a photo shows Olive').toBeTruthy();
        const oliveKey = /\/media\/(products\/[0-9a-f]{16})-/.exec(olivePhoto!.url)![1]!;

        await visit(page, `/product/${id}`);
        await main(page).getByRole('heading', { level: 1, name }).waitFor();
        await waitForHydration(page);
        await main(page)
          .locator('fieldset', { hasText: 'Colour' })
          .first()
          .locator('label', { hasText: 'Olive' })
          .click();
        await main(page)
          .locator('fieldset', { hasText: 'Size' })
          .first()
          .locator('label', { hasText: /^M$/ })
          .click();
        await main(page).getByTestId('low-stock').filter({ hasText: 'Only 3 left in M / Olive' }).waitFor();
        // M / Olive's own price, where the product's was ₦28,000.
        await expect.poll(async () => main(page).textContent()).toContain(formatNaira(3_150_000));
        const shown = main(page)
          .getByRole('button', { name: /Zoom in on the photo/ })
          .locator('img');
        await expect.poll(async () => shown.getAttribute('srcset')).toContain(oliveKey);
        expect(problemReport()).toEqual([]);
      },
      [`/admin/products/${id}`, `/admin/products/${id}.data`],
    );
  });

  test('at 1280px leaving the editor with unsaved changes asks first: stay keeps them, leave opens the list', async () => {
    const token = unique();
    const name = `Yaba Linen Shirt ${token}`;
    const { id } = await shirtForTheEditor(name);
    await withPage(1280, async ({ page, problemReport }) => {
      await signInAsAdmin(page, `/admin/products/${id}`);
      const editor = main(page).getByTestId('product-editor');
      await editor.getByRole('heading', { name: `Edit ${name}` }).waitFor();
      await waitForHydration(page);
      const stock = editor.getByLabel('Stock of M / Olive', { exact: true });
      const allProducts = editor.getByRole('link', { name: 'All Products' });
      /** Whether closing or reloading the tab now would ask first. */
      const tabAsks = () =>
        page.evaluate(() => {
          const event = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(event);
          return event.defaultPrevented;
        });
      expect(await tabAsks(), 'nothing changed yet: the tab closes without a question').toBe(false);

      await stock.fill('2');
      expect(await tabAsks(), 'a changed cell: closing the tab asks').toBe(true);
      await allProducts.click();
      const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(`Your changes to ${name} are not saved yet.`);
      await page.screenshot({ path: 'test-results/admin-product-editor-leave-1280.png' });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: 'test-results/admin-product-editor-leave-375.png' });
      await page.setViewportSize({ width: 1280, height: 900 });
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe(`/admin/products/${id}`);
      expect(await stock.inputValue(), 'the change is still there').toBe('2');

      // Putting the value back is no change at all.
      await stock.fill('5');
      expect(await tabAsks()).toBe(false);
      await stock.fill('2');

      await allProducts.click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL(pathIs('/admin'));
      expect(new URL(page.url()).searchParams.get('tab')).toBe('products');
      await main(page).locator(`[data-testid="admin-product-row"][data-product-id="${id}"]`).waitFor();
      // Nothing was saved.
      const shop = (await (await fetch(url(`/api/products/${id}`))).json()) as {
        variants: { size: string | null; color: string | null; stockCount: number }[];
      };
      const mOlive = shop.variants.find((variant) => variant.size === 'M' && variant.color === 'Olive');
      expect(mOlive?.stockCount).toBe(5);

      // Saved changes leave without a question.
      await visit(page, `/admin/products/${id}`);
      await editor.getByRole('heading', { name: `Edit ${name}` }).waitFor();
      await waitForHydration(page);
      await stock.fill('4');
      await editor.getByTestId('save-product-bottom').click();
      await notice(page)
        .filter({ hasText: `${name} saved.` })
        .waitFor();
      expect(await tabAsks()).toBe(false);
      await allProducts.click();
      await page.waitForURL(pathIs('/admin'));
      expect(await dialog.count()).toBe(0);
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the editor fits the phone: the grid scrolls inside its own box', async () => {
    const name = `Ojota Linen Shirt ${unique()}`;
    const { id } = await shirtForTheEditor(name);
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page, `/admin/products/${id}`);
      const editor = main(page).getByTestId('product-editor');
      await editor.getByRole('heading', { name: `Edit ${name}` }).waitFor();
      await noSideways(page);
      const box = editor.getByTestId('variant-grid-scroll');
      const widths = await box.evaluate((element) => ({
        client: element.clientWidth,
        scroll: element.scrollWidth,
      }));
      expect(widths.scroll, 'the grid is wider than the phone and scrolls').toBeGreaterThan(widths.client);
      expect(await axeViolations(page), 'axe on the product editor at 375px').toEqual([]);
      await page.screenshot({ path: 'test-results/admin-product-editor-375.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });
  });
});
