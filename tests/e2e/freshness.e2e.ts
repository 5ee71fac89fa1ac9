import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, main, pathIs, uniqueTag, url, visit, withPage, asAdmin } from './fixtures';

afterAll(closeBrowser);

/**
 * A returning shopper sees today's price (decision 0039): the browser is told to ask the shop again
 * before it uses a page, its data or the catalogue API (public, no-cache with an ETag), and the
 * service worker revalidates rather than serve what the browser kept. These journeys run with the
 * worker on, as a shopper's second visit does.
 */

/** The shop's service worker installed and in charge of the page. */
async function underServiceWorker(page: Page): Promise<void> {
  await visit(page, '/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await visit(page, '/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A piece of this test's own, so changing its price or deleting it touches no other journey. */
async function newProduct(tag: string): Promise<{ id: number; name: string }> {
  const seeded = (await (await fetch(url('/api/products?pageSize=1'))).json()) as {
    items: { image: { url: string } }[];
  };
  const name = `Adire Silk Scarf ${tag}`;
  const created = await asAdmin('/api/admin/products', 'POST', {
    name,
    description: 'A hand-dyed adire silk scarf.',
    price: 18500,
    stock: 4,
    category: 'clutch-bags',
    sizes: ['One Size'],
    imageUrl: url(seeded.items[0]!.image.url),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, name };
}

const OLD_PRICE = '₦18,500';
const NEW_PRICE = '₦21,750';

describe('a returning shopper sees what the shop says now, with the service worker on', () => {
  test('375px: the owner changes a price: the next client-side visit and the next full load show the new one; a deleted piece no longer opens', async () => {
    const tag = uniqueTag('fresh').replace(/[^a-z0-9]/gi, '');
    const product = await newProduct(tag);
    const productPath = `/product/${product.id}`;
    const searchPath = `/search?q=${encodeURIComponent(tag)}`;
    const card = (page: Page) => main(page).getByRole('link', { name: product.name }).first();

    await withPage(
      375,
      async ({ page }) => {
        await underServiceWorker(page);
        // The shopper looks at the piece and at the list it is in: the browser and the worker keep both.
        await visit(page, productPath);
        await main(page).getByRole('heading', { name: product.name }).first().waitFor();
        await main(page).getByText(OLD_PRICE, { exact: true }).first().waitFor();
        await visit(page, searchPath);
        await card(page).waitFor();
        await main(page).getByText(OLD_PRICE, { exact: true }).first().waitFor();

        // A minute later the owner changes the price.
        const changed = await asAdmin(`/api/admin/products/${product.id}`, 'PATCH', { price: 21750 });
        expect(changed.status, await changed.clone().text()).toBe(200);

        // Her next tap (a client-side navigation) shows the new price, never the kept one.
        await card(page).click();
        await page.waitForURL(pathIs(productPath));
        await main(page).getByRole('heading', { name: product.name }).first().waitFor();
        await main(page).getByText(NEW_PRICE, { exact: true }).first().waitFor();
        expect(await main(page).getByText(OLD_PRICE, { exact: true }).count()).toBe(0);

        // So does a full load of the piece and of the list.
        for (const path of [productPath, searchPath]) {
          await visit(page, path);
          await main(page).getByText(NEW_PRICE, { exact: true }).first().waitFor();
          expect(await main(page).getByText(OLD_PRICE, { exact: true }).count(), path).toBe(0);
        }

        // The owner deletes it: a tap on the list she still has open, and a full load, say it is gone.
        await card(page).waitFor();
        const deleted = await asAdmin(`/api/admin/products/${product.id}`, 'DELETE');
        expect(deleted.status, await deleted.clone().text()).toBe(200);
        await card(page).click();
        await page.waitForURL(pathIs(productPath));
        await main(page).getByRole('heading', { name: 'Product Not Found' }).waitFor();
        expect(await main(page).getByRole('heading', { name: product.name }).count()).toBe(0);
        const response = await page.goto(productPath);
        expect(response?.status()).toBe(404);
        await main(page).getByRole('heading', { name: 'Product Not Found' }).waitFor();
        expect(await main(page).getByRole('heading', { name: product.name }).count()).toBe(0);
      },
      [productPath, `${productPath}.data`],
      { serviceWorkers: 'allow' },
    );
  });
});
