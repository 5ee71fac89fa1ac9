import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../fixtures/csv';
import {
  adminApiToken,
  adminCredentials,
  axeViolations,
  closeBrowser,
  isAt,
  main,
  openAsAdmin,
  orderableProduct,
  uniqueEmail,
  uniqueTag,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

const ACTION_PATHS = ['/admin', '/admin.data'];

async function placeGuestOrder(email: string, quantity: number): Promise<{ number: string; key: string }> {
  const product = await orderableProduct();
  const response = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: product.id, quantity, selectedSize: product.size }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '+234 803 555 0101',
      shippingAddress: {
        firstName: 'Adaeze',
        lastName: 'Okafor',
        address: '12 Admiralty Way, Lekki Phase 1',
        city: 'Lekki',
        state: 'Lagos',
        zipCode: '106104',
        country: 'Nigeria',
      },
    }),
  });
  const body = (await response.json()) as { order: { id: string }; accessToken: string };
  expect(response.status, `POST /api/orders: ${JSON.stringify(body)}`).toBe(201);
  return { number: body.order.id, key: body.accessToken };
}

/** '₦25,500.50' → '25500.50' and '₦25,500' → '25500.00', as the file writes money: always two decimals. */
const plainNaira = (shown: string) => Number(shown.replace(/[^\d.]/g, '')).toFixed(2);

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('admin exports and the activity log', () => {
  test('at 1280px an admin exports the filtered orders as CSV, and the export is in the activity log', async () => {
    const tag = uniqueTag('export');
    const placed = [
      await placeGuestOrder(`${tag}-a@example.test`, 1),
      await placeGuestOrder(`${tag}-b@example.test`, 2),
    ];

    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, `/admin?tab=orders&q=${tag}`);
      const rows = main(page).getByTestId('admin-order-row');
      await expect.poll(() => rows.count()).toBe(2);
      const shown = new Map<string, string>();
      for (const row of await rows.all()) {
        const number = (await row.locator('td').first().getByRole('link').textContent())!.trim();
        const total = (await row.locator('td').nth(3).textContent())!.trim();
        shown.set(number, total);
      }
      expect([...shown.keys()].sort()).toEqual(placed.map((order) => order.number).sort());

      const link = main(page).getByRole('link', { name: 'Export CSV' });
      expect(await link.getAttribute('href')).toBe(`/api/admin/export/orders.csv?q=${tag}`);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^rossy-orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await download.path();
      const bytes = await fs.readFile(file);
      // The UTF-8 byte-order mark that makes Excel read ₦ and accents right.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8'));
      const orderAt = header!.indexOf('Order');
      const totalAt = header!.indexOf('Total (NGN)');
      const addressAt = header!.indexOf('Address');
      expect(records).toHaveLength(2);
      for (const record of records) {
        const number = record[orderAt]!;
        expect(shown.has(number), `${number} is in the list`).toBe(true);
        expect(record[totalAt]).toBe(plainNaira(shown.get(number)!));
        expect(record[addressAt]).toBe('12 Admiralty Way, Lekki Phase 1');
      }

      // The export carries personal data: it is logged with its filters.
      await visit(page, '/admin?tab=audit&entityType=export');
      const entry = main(page).getByTestId('audit-entry').filter({ hasText: tag }).first();
      await entry.waitFor();
      expect(await entry.getByTestId('audit-action').textContent()).toBe('export.orders');
      await entry.getByText('1 change').click();
      const change = entry.getByTestId('audit-change');
      await change.first().waitFor();
      expect(await change.first().locator('th').textContent()).toBe('q');
      expect(await change.first().locator('td').last().textContent()).toBe(tag);

      expect(problemReport()).toEqual([]);
    });
  });

  test('at 1280px the products export has a row for every size and colour of the listed product, with its SKU', async () => {
    // A product sold in several sizes and colours, as the storefront describes it.
    const token = await adminApiToken();
    const listed = (await (
      await fetch(url('/api/admin/products?pageSize=100'), { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { id: number }[] };
    let product:
      | {
          id: number;
          name: string;
          variants: { sku: string; size: string | null; color: string | null; stockStatus: string }[];
        }
      | undefined;
    for (const item of listed.items) {
      const detail = (await (await fetch(url(`/api/products/${item.id}`))).json()) as NonNullable<
        typeof product
      >;
      if (detail.variants.length > 2 && detail.variants.some((variant) => variant.color)) {
        product = detail;
        break;
      }
    }
    expect(product, 'a product in several sizes and colours').toBeDefined();
    const { id, variants } = product!;

    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, `/admin?tab=products&q=${id}`);
      const link = main(page).getByRole('link', { name: 'Export CSV' });
      expect(await link.getAttribute('href')).toMatch(
        new RegExp(`^/api/admin/export/products\\.csv\\?q=${id}(&|$)`),
      );
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^rossy-products-\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = await fs.readFile(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...records] = parseCsv(bytes.subarray(3).toString('utf8'));
      const at = (name: string) => header!.indexOf(name);
      const rows = records.filter((record) => record[at('Product ID')] === String(id));
      // One row per size and colour, in the shop's order, each with its SKU and its own status.
      const statusNames: Record<string, string> = {
        in_stock: 'In stock',
        low_stock: 'Low stock',
        out_of_stock: 'Out of stock',
      };
      expect(
        rows.map((row) => [row[at('SKU')], row[at('Size')], row[at('Colour')], row[at('Stock status')]]),
      ).toEqual(
        variants.map((variant) => [
          variant.sku,
          variant.size ?? '',
          variant.color ?? '',
          statusNames[variant.stockStatus],
        ]),
      );
      // The product's total is the sum of its sizes and colours.
      const total = rows.reduce((sum, row) => sum + Number(row[at('Stock')]), 0);
      for (const row of rows) expect(row[at('Product stock')]).toBe(String(total));
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 1280px a confirmed bank transfer shows in the activity log with before → after', async () => {
    const order = await placeGuestOrder(uniqueEmail('audit'), 1);
    const token = await adminApiToken();
    const confirm = await fetch(url(`/api/admin/orders/${order.number}/confirm-transfer`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(confirm.status, 'confirm-transfer').toBe(200);

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await openAsAdmin(page, '/admin?tab=audit');
        await main(page).getByRole('heading', { name: 'Activity Log' }).waitFor();
        await main(page).getByLabel('Search the log').fill(order.number);
        await main(page).getByLabel('Record').selectOption('order');
        await main(page).getByRole('button', { name: 'Search' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'audit', q: order.number, entityType: 'order' }));
        const entries = main(page).getByTestId('audit-entry');
        await expect.poll(() => entries.count()).toBe(1);
        const entry = entries.first();
        expect(await entry.getByTestId('audit-action').textContent()).toBe('payment.confirm-transfer');
        expect(await entry.getByTestId('audit-summary').textContent()).toContain(
          `${order.number}: bank transfer`,
        );
        await entry.getByText(adminCredentials().email).waitFor();
        await entry.getByText('2 changes').click();
        const changes = entry.getByTestId('audit-change');
        await changes.first().waitFor();
        const table = await changes.evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim())),
        );
        expect(table).toEqual([
          ['status', 'awaiting_payment', '', 'processing'],
          ['paymentStatus', 'pending', '', 'paid'],
        ]);
        // The record links to the order.
        expect(await entry.getByRole('link', { name: order.number }).getAttribute('href')).toBe(
          `/admin?tab=orders&order=${order.number}`,
        );
        expect(await axeViolations(page), 'axe on the activity log').toEqual([]);
        await page.screenshot({ path: 'test-results/admin-audit-1280.png', fullPage: true });

        // Payments exports what it shows: the confirmed transfer, with the dates on screen.
        await visit(page, `/admin?tab=payments&q=${order.number}`);
        await main(page).getByTestId('transaction-row').first().waitFor();
        const amount = (await main(page)
          .getByTestId('transaction-row')
          .locator('td')
          .nth(3)
          .textContent())!.trim();
        const paymentsLink = main(page).getByRole('link', { name: 'Export CSV' });
        expect(await paymentsLink.getAttribute('href')).toMatch(
          new RegExp(
            `^/api/admin/export/transactions\\.csv\\?q=${order.number}&from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}$`,
          ),
        );
        const [download] = await Promise.all([page.waitForEvent('download'), paymentsLink.click()]);
        expect(download.suggestedFilename()).toMatch(/^rossy-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
        const [header, ...records] = parseCsv(
          (await fs.readFile(await download.path())).toString('utf8').slice(1),
        );
        expect(records).toHaveLength(1);
        expect(records[0]![header!.indexOf('Order')]).toBe(order.number);
        expect(records[0]![header!.indexOf('Status')]).toBe('successful');
        expect(records[0]![header!.indexOf('Amount (NGN)')]).toBe(plainNaira(amount));

        // A date range that excludes today finds nothing.
        await visit(page, `/admin?tab=audit&q=${order.number}&from=2020-01-01&to=2020-01-02`);
        await main(page).getByText('No activity found.').waitFor();
        expect(problemReport()).toEqual([]);
      },
      ACTION_PATHS,
    );
  });

  test('at 375px the activity log fits the phone', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=audit');
      await main(page).getByTestId('audit-entry').first().waitFor();
      await main(page).getByTestId('audit-entry').first().locator('summary').click();
      await noSideways(page);
      await page.screenshot({ path: 'test-results/admin-audit-375.png', fullPage: true });
      expect(await axeViolations(page), 'axe on the activity log at 375px').toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });
});
