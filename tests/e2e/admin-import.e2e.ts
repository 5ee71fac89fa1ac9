import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  main,
  openAsAdmin,
  signInAsAdmin,
  uniqueTag,
  visit,
  waitForHydration,
  withPage,
  type Width,
} from './fixtures';

afterAll(closeBrowser);

const HEADER = 'handle,name,description,category,price,size,colour,colour hex,sku,stock,variant price';

async function writeCsv(name: string, rows: string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-import-e2e-'));
  const file = path.join(dir, name);
  await fs.writeFile(file, `${[HEADER, ...rows].join('\r\n')}\r\n`, 'utf8');
  return file;
}

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

const flat = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ');

/** The product's sizes and colours as the shop's API answers them: "M / Navy in stock", "M / Orange sold out". */
async function variantsInShop(page: Page, productId: string): Promise<string[]> {
  const response = await page.request.get(`/api/products/${productId}`);
  expect(response.status()).toBe(200);
  const product = (await response.json()) as {
    variants: { size: string; color: string; inStock: boolean }[];
  };
  return product.variants.map((v) => `${v.size} / ${v.color} ${v.inStock ? 'in stock' : 'sold out'}`);
}

/**
 * The owner checks a file, fixes its bad row, sees which sizes × colours the full grid would add that the
 * file does not name (M and XL in Orange: the file has Orange in L only), and imports it with `variants`:
 * the rows alone (the default), or the full grid after choosing it and checking again.
 */
async function journey(width: Width, variants: 'rows' | 'grid') {
  const tag = uniqueTag(`import${width}`).toUpperCase();
  const name = `Adire Camp Shirt ${tag}`;
  const rows = (mediumStock: string) => [
    `${tag},${name},Hand-dyed adire cotton,Men's Shirts,32000,M,Navy,,${tag}-M,${mediumStock},`,
    `${tag},,,,,L,Navy,,${tag}-L,0,`,
    `${tag},,,,,XL,Navy,,${tag}-XL,2,34500`,
    `${tag},,,,,L,Orange,#E07A1F,${tag}-L-ORG,4,`,
  ];
  const bad = await writeCsv('adire-bad.csv', rows('-3'));
  const good = await writeCsv('adire.csv', rows('3'));

  await withPage(width, async ({ page, problemReport }) => {
    await openAsAdmin(page, '/admin/products/import');
    const panel = main(page);
    await panel.getByRole('heading', { name: 'Import products from a CSV file' }).waitFor();
    const importButton = panel.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);

    // A file with one bad row: the check names it, and Import stays off.
    await panel.getByTestId('import-file').setInputFiles(bad);
    await panel.getByRole('button', { name: 'Check file' }).click();
    const errors = panel.getByTestId('import-errors');
    await errors.waitFor();
    await expect.poll(() => errors.locator('tbody tr').count()).toBe(1);
    const problem = (await errors.locator('tbody tr').first().innerText()).replace(/\s+/g, ' ');
    expect(problem).toContain('2');
    expect(problem).toContain('stock');
    expect(problem).toContain('Stock cannot be below zero.');
    await panel.getByText('1 problem in adire-bad.csv').waitFor();
    expect(await importButton.isDisabled()).toBe(true);
    await noSideways(page);
    expect(await axeViolations(page)).toEqual([]);

    // The fixed file: a clean check shows what it would add, and Import is offered.
    await panel.getByTestId('import-file').setInputFiles(good);
    expect(await importButton.isDisabled()).toBe(true);
    const rowsOnly = panel.getByRole('radio', { name: /Only the rows in the file/ });
    const fullGrid = panel.getByRole('radio', { name: /The full grid/ });
    expect(await rowsOnly.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Check file' }).click();
    await panel.getByText('adire.csv is ready to import: nothing to fix.').waitFor();
    const preview = panel.getByTestId('import-products');
    expect(await flat(preview)).toContain(name);
    // The check names the combinations the full grid would add that no row names, and says they are left out.
    const grid = panel.getByTestId('import-grid');
    expect(await flat(grid)).toContain('2 sizes/colours the file does not name');
    expect(await flat(grid)).toContain(
      `${name} The full grid would add: M / Orange, XL / Orange — at 0 in stock`,
    );
    expect(await flat(grid)).toContain('Checked for only the rows in the file: importing leaves these out.');
    expect(await flat(panel)).toContain('4 sizes/colours would be added');
    await expect.poll(() => importButton.isDisabled()).toBe(false);
    await noSideways(page);

    if (variants === 'grid') {
      // Another choice asks for its own check before Import is offered again.
      await fullGrid.check();
      await expect.poll(() => importButton.isDisabled()).toBe(true);
      await panel.getByText('check the file again for “The full grid”').waitFor();
      await panel.getByRole('button', { name: 'Check file' }).click();
      await panel.getByText('Checked for the full grid: importing adds these at 0 in stock').waitFor();
      expect(await flat(grid)).toContain('The full grid would add: M / Orange, XL / Orange — at 0 in stock');
      expect(await flat(panel)).toContain('6 sizes/colours would be added');
      await expect.poll(() => importButton.isDisabled()).toBe(false);
      await noSideways(page);
    }
    expect(await axeViolations(page)).toEqual([]);

    await importButton.click();
    await panel.getByText(/adire\.csv is imported: 1 product added and 0 products updated/).waitFor();
    expect(await importButton.isDisabled()).toBe(true);
    expect(await flat(grid)).toContain(
      variants === 'grid'
        ? 'Added at 0 in stock: M / Orange, XL / Orange'
        : 'Left out: M / Orange, XL / Orange',
    );
    await panel.getByRole('link', { name }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/product/'));
    await waitForHydration(page);
    await main(page).getByRole('heading', { name, level: 1 }).waitFor();

    // The shop sells what the owner chose: the file's four rows, or the full grid of six.
    const productId = new URL(page.url()).pathname.split('/')[2]!;
    expect(await variantsInShop(page, productId)).toEqual(
      variants === 'rows'
        ? ['M / Navy in stock', 'L / Navy sold out', 'XL / Navy in stock', 'L / Orange in stock']
        : [
            'M / Navy in stock',
            'L / Navy sold out',
            'XL / Navy in stock',
            'M / Orange sold out',
            'L / Orange in stock',
            'XL / Orange sold out',
          ],
    );
    expect(problemReport()).toEqual([]);
  });
}

describe('importing products from a CSV file', () => {
  test('a guest is sent to sign in first, and comes back to the import page as the administrator', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin/products/import');
      await main(page).getByRole('heading', { name: 'Import products from a CSV file' }).waitFor();
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 1280px the owner checks a file, sees its bad row, fixes it, sees the sizes the full grid would add, imports only the rows and opens the product in the shop', async () => {
    await journey(1280, 'rows');
  });

  test('at 375px the same choosing the full grid, nothing spilling sideways; the template downloads with its header and two example rows', async () => {
    await journey(375, 'grid');
    await withPage(375, async ({ page }) => {
      await openAsAdmin(page, '/admin/products/import');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main(page).getByRole('link', { name: 'Download the template' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('rossy-products-template.csv');
      const text = await fs.readFile(await download.path(), 'utf8');
      const lines = text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^handle,product id,name,description,category/);
      expect(lines).toHaveLength(3);
      await visit(page, '/admin/products/import');
    });
  });
});
