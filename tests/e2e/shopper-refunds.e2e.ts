import { afterAll, describe, expect, test } from 'vitest';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import {
  adminApiToken,
  axeViolations,
  closeBrowser,
  main,
  openAsAdmin,
  orderableProduct,
  queryDatabase,
  signUpThroughApi,
  uniqueEmail,
  url,
  visit,
  WIDTHS,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

/*
 * A shopper given part of her money back: her orders list and her order's page say "Partly refunded",
 * and the page lists what came back, what is on its way, and when.
 */
describe.each(WIDTHS)("the shopper's refunds at %ipx", (width) => {
  test('the order page lists each refund and the orders list names the payment partly refunded', async () => {
    await withPage(width, async ({ page, context, problemReport }) => {
      const email = uniqueEmail(`refunds-${width}`);
      await signUpThroughApi({ name: 'Kemi Bello', email, password: 'Adire-Silk-2024' }, context);
      const product = await orderableProduct();
      const placed = await context.request.post('/api/orders', {
        data: {
          items: [{ id: product.id, quantity: 2, selectedSize: product.size }],
          shippingMethod: 'standard',
          paymentMethod: 'flutterwave',
          email,
          phone: '+234 803 555 0177',
          shippingAddress: {
            firstName: 'Kemi',
            lastName: 'Bello',
            address: '12 Allen Avenue',
            city: 'Ikeja',
            state: 'Lagos',
            zipCode: '100271',
            country: 'Nigeria',
          },
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const number = ((await placed.json()) as { order: { id: string } }).order.id;

      // Paid, delivered, and given part back: ₦10,000 refunded, ₦2,500 on its way.
      const [order] = await queryDatabase<{ id: number }>(
        'marking the order paid and refunded in part',
        `UPDATE orders SET status = 'delivered', payment_status = 'partially_refunded', paid_at = now() - interval '3 days',
                delivered_at = now() - interval '1 day', stock_held_until = NULL
          WHERE number = $1 RETURNING id`,
        [number],
      );
      // The pending one was just asked: the follow-up job fails a pending refund the provider never
      // gave an id for only ten minutes on.
      await queryDatabase(
        'recording the refunds',
        `INSERT INTO refunds (order_id, provider, amount_kobo, status, reason, completed_at, created_at)
         VALUES ($1, 'flutterwave', 1000000, 'completed', 'Too small', now() - interval '2 hours', now() - interval '1 day'),
                ($1, 'flutterwave', 250000, 'pending', 'Delivery charge', NULL, now())`,
        [order!.id],
      );

      await visit(page, '/orders');
      const row = main(page).getByTestId('order-row').filter({ hasText: number });
      expect(await row.getByTestId('order-refund-status').textContent()).toBe('Partly refunded');
      // The profile's My Orders tab says the same.
      await visit(page, '/profile?tab=orders');
      const latest = main(page).getByRole('link', { name: new RegExp(number) });
      expect(await latest.getByTestId('order-refund-status').textContent()).toBe('Partly refunded');

      await visit(page, `/orders/${number}`);
      const view = main(page);
      await view.getByRole('heading', { name: 'Refunds' }).waitFor();
      await page.screenshot({ path: `/tmp/shots-shopper-refund-${width}.png`, fullPage: true });
      await view
        .getByRole('region', { name: 'Refunds' })
        .screenshot({ path: `/tmp/shots-shopper-refund-${width}-block.png` });
      const refunds = view.getByTestId('order-refund');
      expect(await refunds.count()).toBe(2);
      expect(await refunds.nth(0).innerText()).toMatch(/₦10,000[\s\S]*Refunded on \d+ \w+ \d{4}\./);
      expect(await refunds.nth(0).innerText()).toContain('Too small');
      expect(await refunds.nth(1).innerText()).toMatch(
        /₦2,500[\s\S]*On its way: usually 5–10 working days to your card\./,
      );
      const payment = view.getByRole('region', { name: 'Payment' });
      await payment.getByText('Partly refunded').waitFor();
      expect(await payment.innerText()).toMatch(/Refunded\s+₦10,000/);
      expect(await payment.innerText()).toMatch(/Refund on its way\s+₦2,500/);

      expect(await axeViolations(page), 'axe on a partly refunded order').toEqual([]);
      expect(problemReport()).toEqual([]);
    });
  });
});

/** A refund the figures must count: completed an hour ago on a paid order placed through the API. */
async function completedRefundToday(): Promise<void> {
  const product = await orderableProduct();
  const placed = await fetch(url('/api/orders'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
      shippingMethod: 'standard',
      paymentMethod: 'flutterwave',
      email: uniqueEmail('refund-figures'),
      phone: '+234 803 555 0177',
      shippingAddress: {
        firstName: 'Kemi',
        lastName: 'Bello',
        address: '12 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        zipCode: '100271',
        country: 'Nigeria',
      },
    }),
  });
  expect(placed.status).toBe(201);
  const number = ((await placed.json()) as { order: { id: string } }).order.id;
  const [order] = await queryDatabase<{ id: number }>(
    'marking the order paid and refunded in part',
    `UPDATE orders SET status = 'processing', payment_status = 'partially_refunded', paid_at = now() - interval '2 hours',
            stock_held_until = NULL WHERE number = $1 RETURNING id`,
    [number],
  );
  await queryDatabase(
    'recording the refund',
    `INSERT INTO refunds (order_id, provider, amount_kobo, status, reason, completed_at)
     VALUES ($1, 'flutterwave', 500000, 'completed', 'Goodwill', now() - interval '1 hour')`,
    [order!.id],
  );
}

interface Figures {
  revenue: { id: string; revenue: number; refunded: number; refunds: number }[];
}
interface SalesFigures {
  sales: { revenue: number; grossRevenue: number; refunds: { count: number; amount: number } };
}

test('the overview and the sales report show revenue net of refunds, and the refunds', async () => {
  await completedRefundToday();
  await withPage(1280, async ({ page, problemReport }) => {
    const headers = { authorization: `Bearer ${await adminApiToken()}` };
    await openAsAdmin(page, '/admin');
    const overview = (await (await fetch(url('/api/admin/overview'), { headers })).json()) as Figures;
    const today = overview.revenue.find((figure) => figure.id === 'today')!;
    expect(today.refunds).toBeGreaterThan(0);
    const card = main(page).getByTestId('revenue-today');
    expect(await card.getByTestId('revenue-today-value').textContent()).toBe(
      formatNaira(nairaToKobo(today.revenue)),
    );
    expect(await card.getByTestId('revenue-today-refunds').textContent()).toContain(
      `${formatNaira(nairaToKobo(today.refunded))} refunded`,
    );
    await main(page)
      .getByTestId('report-overview-revenue')
      .screenshot({ path: '/tmp/shots-admin-overview-refunds.png' });

    await visit(page, '/admin/reports');
    const report = (await (await fetch(url('/api/admin/reports'), { headers })).json()) as SalesFigures;
    expect(report.sales.refunds.count).toBeGreaterThan(0);
    expect(report.sales.revenue).toBeCloseTo(report.sales.grossRevenue - report.sales.refunds.amount, 2);
    const sales = main(page);
    expect(await sales.getByTestId('sales-revenue-value').textContent()).toBe(
      formatNaira(nairaToKobo(report.sales.revenue)),
    );
    expect(await sales.getByTestId('sales-refunds-value').textContent()).toBe(
      formatNaira(nairaToKobo(report.sales.refunds.amount)),
    );
    await main(page).getByTestId('report-sales').screenshot({ path: '/tmp/shots-admin-sales-refunds.png' });
    expect(await axeViolations(page), 'axe on the reports').toEqual([]);
    expect(problemReport()).toEqual([]);
  });
});
