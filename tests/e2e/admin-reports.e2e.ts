import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import {
  axeViolations,
  closeBrowser,
  getBrowser,
  isAt,
  main,
  signInAsAdmin,
  uniqueEmail,
  url,
  visit,
  waitForHydration,
  withPage,
  signUpThroughApi,
} from './fixtures';

afterAll(closeBrowser);

/** An ordinary desktop Chrome: counted as a page view (HeadlessChrome, the tests' default, is not). */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
/** The server writes counted page views every 5 s. */
const FLUSH_WAIT_MS = 15_000;

/** The admin API, with the signed-in browser's session cookie. */
async function adminApi<T>(page: Page, path: string): Promise<T> {
  const response = await page.context().request.get(url(path));
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

interface VariantFigure {
  name: string;
  sku: string;
  size: string | null;
  color: string | null;
  stock: number;
  status: string;
}

interface OverviewBody {
  today: string;
  revenue: { id: string; revenue: number; orders: number }[];
  ordersByStatus: { status: string; orders: number }[];
  newCustomers: { last7Days: number; last30Days: number };
  lowStock: VariantFigure[];
  lowStockCount: number;
  outOfStockCount: number;
  lowStockProducts: number;
  outOfStockProducts: number;
}

interface ReportBody {
  range: { from: string; to: string; days: number };
  sales: { revenue: number; orders: number };
  traffic: { views: number; topPages: { path: string; views: number }[] };
  inventory: {
    outOfStockVariants: number;
    lowStockVariants: number;
    lowest: (VariantFigure & { productStock: number })[];
  };
}

/** 'M / Olive', 'M', 'Olive' or '—', as the cards write a size and colour. */
const optionText = (row: { size: string | null; color: string | null }) =>
  [row.size, row.color].filter(Boolean).join(' / ') || '—';

const text = async (page: Page, testId: string) =>
  ((await main(page).getByTestId(testId).textContent()) ?? '').trim();

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

/** Loads a page in a fresh context with the given user agent, as a shopper arriving would. */
async function visitAs(userAgent: string, path: string, times = 1): Promise<void> {
  const browser = await getBrowser();
  const context = await browser.newContext({ userAgent, baseURL: url('/') });
  try {
    const page = await context.newPage();
    for (let index = 0; index < times; index += 1) {
      const response = await page.goto(path);
      expect(response?.status(), `GET ${path}`).toBe(200);
    }
  } finally {
    await context.close();
  }
}

const pageViewsOf = (report: ReportBody, path: string) =>
  report.traffic.topPages.find((row) => row.path === path)?.views ?? 0;

/**
 * The API's answer at `address` for a page drawn with nothing changing around it. Other journeys
 * place and pay orders meanwhile, so the page is drawn again (`redraw`) between two reads of the API
 * until the two agree on what orders move (`part`): the page then shows what the answer says.
 */
async function settledWithPage<Body>(
  page: Page,
  address: string,
  part: (body: Body) => unknown,
  redraw: () => Promise<void>,
): Promise<Body> {
  let body = await adminApi<Body>(page, address);
  await expect
    .poll(async () => {
      const before = JSON.stringify(part(body));
      await redraw();
      body = await adminApi<Body>(page, address);
      return before === JSON.stringify(part(body));
    })
    .toBe(true);
  return body;
}

describe('admin overview and reports', () => {
  test('at 1280px the overview matches the API, and the reports page charts a chosen range', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin');
      await main(page).getByRole('heading', { name: 'Revenue' }).waitFor();

      // The overview's figures are the API's (and so the database's), read once no other journey's
      // order changed them between the page and the API.
      const overview = await settledWithPage<OverviewBody>(
        page,
        '/api/admin/overview',
        (body) => body,
        async () => {
          await page.reload();
          await main(page).getByRole('heading', { name: 'Revenue' }).waitFor();
        },
      );
      for (const figure of overview.revenue)
        expect(await text(page, `revenue-${figure.id}-value`), figure.id).toBe(
          formatNaira(nairaToKobo(figure.revenue)),
        );
      for (const row of overview.ordersByStatus) {
        const link = main(page).getByTestId(`status-${row.status}`);
        expect((await link.textContent())?.replace(/\s+/g, ' '), row.status).toContain(String(row.orders));
        expect(await link.getAttribute('href')).toBe(`/admin?tab=orders&status=${row.status}`);
      }
      expect(await text(page, 'customers-30d-value')).toBe(String(overview.newCustomers.last30Days));
      // The demo shop has paid orders in the last 30 days.
      expect(overview.revenue.find((figure) => figure.id === '30d')?.revenue).toBeGreaterThan(0);

      // Low stock lists sizes and colours, each with its SKU, as the API counts them; the demo shop
      // has sold-out sizes.
      expect(overview.outOfStockCount).toBeGreaterThan(0);
      const variants = main(page).getByTestId('low-stock-variant');
      expect(await variants.count()).toBe(overview.lowStock.length);
      for (const [index, variant] of overview.lowStock.entries()) {
        const shown = ((await variants.nth(index).textContent()) ?? '').replace(/\s+/g, ' ');
        expect(shown, variant.sku).toContain(variant.name);
        expect(shown, variant.sku).toContain(variant.sku);
        if (variant.size || variant.color) expect(shown, variant.sku).toContain(optionText(variant));
        expect(shown, variant.sku).toContain(variant.stock <= 0 ? 'Sold out' : `${variant.stock} left`);
      }
      expect(await text(page, 'low-stock-count')).toContain(
        `${overview.lowStockCount.toLocaleString('en-NG')} `,
      );
      if (overview.outOfStockProducts > 0)
        expect(await main(page).getByTestId('out-of-stock-products').getAttribute('href')).toBe(
          '/admin?tab=products&stock=out_of_stock',
        );

      // Quick action to the reports.
      await main(page)
        .getByRole('link', { name: /View Reports/ })
        .click();
      await page.waitForURL(isAt('/admin/reports'));
      await main(page).getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      await waitForHydration(page);
      expect(await text(page, 'report-range')).toContain('30 days');

      // A preset: the last 7 days.
      await main(page).getByRole('link', { name: 'Last 7 days' }).click();
      await page.waitForURL(
        (address) => address.pathname === '/admin/reports' && address.searchParams.has('from'),
      );
      await main(page)
        .getByRole('link', { name: 'Last 7 days', exact: true })
        .and(page.locator('[aria-current="page"]'))
        .waitFor();
      expect(await text(page, 'report-range')).toContain('7 days');

      // Dates typed in: the figures are the API's for the same range.
      const to = overview.today;
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - 59 * 86_400_000).toISOString().slice(0, 10);
      await main(page).getByLabel('From', { exact: true }).fill(from);
      await main(page).getByLabel('To', { exact: true }).fill(to);
      await main(page).getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(isAt('/admin/reports', { from, to }));
      await main(page).getByTestId('report-range').getByText('60 days', { exact: false }).waitFor();
      const report = await settledWithPage<ReportBody>(
        page,
        `/api/admin/reports?from=${from}&to=${to}`,
        (body) => [body.sales, body.inventory],
        async () => {
          await page.reload();
          await main(page).getByTestId('report-range').getByText('60 days', { exact: false }).waitFor();
        },
      );
      expect(await text(page, 'sales-revenue-value')).toBe(formatNaira(nairaToKobo(report.sales.revenue)));
      expect(await text(page, 'sales-orders-value')).toBe(String(report.sales.orders));

      // The inventory counts sizes and colours, and lists the emptiest with their SKUs, sold out first.
      expect(await text(page, 'inventory-out-value')).toBe(
        report.inventory.outOfStockVariants.toLocaleString('en-NG'),
      );
      expect(await text(page, 'inventory-low-value')).toBe(
        report.inventory.lowStockVariants.toLocaleString('en-NG'),
      );
      const lowest = await main(page)
        .getByTestId('inventory-lowest')
        .locator('tbody tr')
        .evaluateAll((rows) =>
          rows.map((row) => [
            ...['inventory-product', 'inventory-option', 'inventory-sku'].map(
              (id) => row.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '',
            ),
            ...[...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent?.trim() ?? ''),
          ]),
        );
      expect(lowest).toEqual(
        report.inventory.lowest.map((row) => [
          row.name,
          optionText(row),
          row.sku,
          row.stock <= 0 ? 'Sold out' : row.stock.toLocaleString('en-NG'),
          row.productStock.toLocaleString('en-NG'),
        ]),
      );
      expect(report.inventory.lowest[0]?.status).toBe('out_of_stock');

      // The revenue chart draws (an SVG in its figure) and its table of the same days is there.
      const figure = main(page).getByTestId('revenue-chart-figure');
      await figure.locator('svg.recharts-surface').first().waitFor();
      const table = main(page).getByTestId('revenue-chart-table');
      await table.locator('summary').click();
      expect(await table.locator('tbody tr').count()).toBe(60);
      await main(page).getByTestId('views-chart-figure').locator('svg.recharts-surface').first().waitFor();

      // A start after the end is refused with a message, and the default range shown.
      await visit(page, `/admin/reports?from=${to}&to=${from}`);
      expect(await main(page).getByTestId('admin-notice').textContent()).toContain(
        'The start date must be on or before the end date.',
      );
      expect(await text(page, 'report-range')).toContain('30 days');

      expect(await axeViolations(page)).toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });

  test('page views are counted for shoppers, not for headless browsers, and show in the traffic card', async () => {
    await withPage(1280, async ({ page }) => {
      await signInAsAdmin(page, '/admin');
      const today = (await adminApi<OverviewBody>(page, '/api/admin/overview')).today;
      const reportPath = `/api/admin/reports?from=${today}&to=${today}`;
      const before = await adminApi<ReportBody>(page, reportPath);

      await visitAs(DESKTOP_CHROME, '/about?utm_source=newsletter', 2);
      // The test browser's own user agent (HeadlessChrome) is not a shopper.
      const headless = await page.goto('/about');
      expect(headless?.status()).toBe(200);

      let after = before;
      const deadline = Date.now() + FLUSH_WAIT_MS;
      while (Date.now() < deadline && pageViewsOf(after, '/about') < pageViewsOf(before, '/about') + 2) {
        await page.waitForTimeout(500);
        after = await adminApi<ReportBody>(page, reportPath);
      }
      expect(pageViewsOf(after, '/about') - pageViewsOf(before, '/about')).toBe(2);
      // A little longer: the headless visit never arrives.
      await page.waitForTimeout(6_000);
      after = await adminApi<ReportBody>(page, reportPath);
      expect(pageViewsOf(after, '/about') - pageViewsOf(before, '/about')).toBe(2);

      await visit(page, `/admin/reports?from=${today}&to=${today}`);
      expect(await text(page, 'traffic-views-value')).toBe(after.traffic.views.toLocaleString('en-NG'));
      await main(page)
        .getByRole('table', { name: 'Most viewed pages' })
        .getByText('/about', { exact: true })
        .waitFor();
    });
  });

  test('at 375px the reports fit the screen', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page, '/admin/reports');
      await main(page).getByTestId('revenue-chart-figure').locator('svg.recharts-surface').first().waitFor();
      await noSideways(page);
      await visit(page, '/admin');
      await main(page).getByRole('heading', { name: 'Revenue' }).waitFor();
      await noSideways(page);
      expect(problemReport()).toEqual([]);
    });
  });

  test('a customer opening /admin/reports is sent home', async () => {
    const email = uniqueEmail('reports');
    const password = 'Shopper-Pass-2026';
    await signUpThroughApi({ name: 'Ife Adeyemi', email, password });
    await withPage(1280, async ({ page }) => {
      await page.goto('/login');
      await waitForHydration(page);
      await main(page).getByLabel('Email', { exact: true }).fill(email);
      await main(page).getByLabel('Password', { exact: true }).fill(password);
      await main(page).getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((address) => address.pathname !== '/login');
      await page.goto('/admin/reports');
      await page.waitForURL(isAt('/'));
      expect(new URL(page.url()).pathname).toBe('/');
    });
  });

  test("a shopper's pages do not load the charts", async () => {
    await withPage(1280, async ({ page }) => {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await visit(page, '/');
      await visit(page, '/products');
      await main(page).getByRole('link').first().hover();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((path) => /admin/.test(path))).toEqual([]);
      const bodies = await Promise.all(
        scripts.map(async (path) => (await (await fetch(url(path))).text()).includes('recharts')),
      );
      expect(scripts.filter((_, index) => bodies[index])).toEqual([]);
    });
  });
});
