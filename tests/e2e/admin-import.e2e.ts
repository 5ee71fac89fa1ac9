import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
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

const HEADER = 'handle,name,description,category,price,size,colour,sku,stock,variant price';

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

async function journey(width: Width) {
  const tag = uniqueTag(`import${width}`).toUpperCase();
  const name = `Adire Camp Shirt ${tag}`;
  const rows = (mediumStock: string) => [
    `${tag},${name},Hand-dyed adire cotton,Men's Shirts,32000,M,Navy,${tag}-M,${mediumStock},`,
    `${tag},,,,,L,Navy,${tag}-L,0,`,
    `${tag},,,,,XL,Navy,${tag}-XL,2,34500`,
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
    await panel.getByRole('button', { name: 'Check file' }).click();
    await panel.getByText('adire.csv is ready to import: nothing to fix.').waitFor();
    const preview = panel.getByTestId('import-products');
    expect((await preview.innerText()).replace(/\s+/g, ' ')).toContain(name);
    await expect.poll(() => importButton.isDisabled()).toBe(false);
    await noSideways(page);

    await importButton.click();
    await panel.getByText(/adire\.csv is imported: 1 product added and 0 products updated/).waitFor();
    expect(await importButton.isDisabled()).toBe(true);
    await panel.getByRole('link', { name }).click();
    await page.waitForURL((address) => address.pathname.startsWith('/product/'));
    await waitForHydration(page);
    await main(page).getByRole('heading', { name, level: 1 }).waitFor();
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

  test('at 1280px the owner checks a file, sees its bad row, fixes it, imports it and opens the product in the shop', async () => {
    await journey(1280);
  });

  test('at 375px the same, nothing spilling sideways; the template downloads with its header and two example rows', async () => {
    await journey(375);
    await withPage(375, async ({ page }) => {
      await openAsAdmin(page, '/admin/products/import');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        main(page).getByRole('link', { name: 'Download the template' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('rossy-products-template.csv');
      const text = await fs.readFile((await download.path())!, 'utf8');
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
