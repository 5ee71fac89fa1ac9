import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  axeViolations,
  closeBrowser,
  isAt,
  main,
  openAsAdmin,
  queryDatabase,
  requireDatabase,
  uniqueEmail,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

/*
 * A shirt that was too small: on her phone the shopper asks to exchange it for one size up; staff
 * approve, receive the parcel and ship the new size; her order page then says "Exchange sent" with
 * the parcel's tracking number. The order is placed, paid, shipped and delivered through the shop's
 * own API, as staff would move it.
 */

type Shirt = {
  id: number;
  name: string;
  sizes: string[];
  colour: string;
};

/** A shirt with three sizes or more: its first two sizes in stock in its first colour, its last sold out. */
async function shirtWithSizes(): Promise<Shirt & { ordered: string; upOne: string; soldOut: string }> {
  requireDatabase('choosing a shirt and setting its sizes’ stock');
  const [shirt] = await queryDatabase<Shirt>(
    'choosing a shirt with sizes',
    `SELECT id, name, sizes, colors->0->>'name' AS colour FROM products
      WHERE status = 'active' AND name ILIKE '%shirt%' AND cardinality(sizes) >= 3 AND jsonb_array_length(colors) >= 1
      ORDER BY id DESC LIMIT 1`,
  );
  expect(shirt, 'the seed has a shirt with three sizes').toBeTruthy();
  const [ordered, upOne] = shirt!.sizes as [string, string];
  const soldOut = shirt!.sizes.at(-1)!;
  await queryDatabase(
    'setting the stock of the sizes the journey uses',
    `UPDATE product_variants SET stock = CASE WHEN size = $3 THEN 0 ELSE 6 END
      WHERE product_id = $1 AND color = $2`,
    [shirt!.id, shirt!.colour, soldOut],
  );
  return { ...shirt!, ordered, upOne, soldOut };
}

const unitsOf = async (productId: number, size: string, colour: string) =>
  Number(
    (
      await queryDatabase<{ stock: number }>(
        'reading one size’s stock',
        'SELECT stock FROM product_variants WHERE product_id = $1 AND size = $2 AND color = $3',
        [productId, size, colour],
      )
    )[0]?.stock,
  );

async function api(method: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(url(path), {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await response.json();
  expect(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

/** A guest's order of the shirt, paid by transfer (confirmed by staff), shipped and delivered. */
async function deliveredOrder(shirt: Shirt & { ordered: string }, email: string) {
  const placed = (await api('POST', '/api/orders', {
    items: [{ id: shirt.id, quantity: 1, selectedSize: shirt.ordered, selectedColor: shirt.colour }],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email,
    phone: '+234 803 555 0164',
    shippingAddress: {
      firstName: 'Ngozi',
      lastName: 'Eze',
      address: '7 Adeola Odeku Street',
      city: 'Victoria Island',
      state: 'Lagos',
      zipCode: '101241',
      country: 'Nigeria',
    },
  })) as { order: { id: string }; accessToken: string };
  const number = placed.order.id;
  const token = await adminApiToken();
  await api('POST', `/api/admin/orders/${number}/confirm-transfer`, {}, token);
  await api(
    'PATCH',
    `/api/admin/orders/${number}/status`,
    { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-RET-1001' },
    token,
  );
  await api('PATCH', `/api/admin/orders/${number}/status`, { status: 'delivered' }, token);
  return { number, key: placed.accessToken };
}

async function noSideways(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${where} (px)`).toBeLessThanOrEqual(0);
}

/** Staff see the notice of their last move; every move answers on the same page. */
const notice = (page: Page) => main(page).getByTestId('admin-notice');

describe('returns and exchanges', () => {
  test('375px: a shopper exchanges a delivered shirt for one size up; staff approve, receive and ship it; her order shows "Exchange sent"', async () => {
    const shirt = await shirtWithSizes();
    const email = uniqueEmail('return-exchange');
    const { number, key } = await deliveredOrder(shirt, email);
    const orderPage = `/orders/${number}?key=${encodeURIComponent(key)}`;
    const upOneBefore = await unitsOf(shirt.id, shirt.upOne, shirt.colour);
    let returnNumber = '';

    await withPage(
      375,
      async ({ page, problemReport }) => {
        await visit(page, orderPage);
        const returns = main(page).getByRole('region', { name: 'Returns & exchanges' });
        await returns.waitFor();
        await returns.getByRole('link', { name: 'Return or exchange' }).click();
        await page.waitForURL(isAt(`/orders/${number}/return`, { key }));
        await main(page).getByRole('heading', { name: 'Return or exchange', level: 1 }).waitFor();
        await main(page).getByText('Window closes on').waitFor();

        // Her one shirt is chosen already; she says why, and that she wants one size up.
        const line = main(page).getByTestId('return-line');
        expect(await line.count()).toBe(1);
        expect(await line.innerText()).toContain(shirt.name);
        expect(await line.locator('img').count(), 'the shirt’s picture').toBe(1);
        expect(await line.getByLabel('How many').inputValue()).toBe('1');

        // Sent without a reason: the error sits by the field, and nothing is lost.
        await main(page)
          .getByRole('radio', { name: /Another size or colour/ })
          .check();
        await main(page).getByRole('button', { name: 'Send my request' }).click();
        await line.getByRole('alert').filter({ hasText: 'Choose a reason.' }).waitFor();
        expect(
          await main(page)
            .getByRole('radio', { name: /Another size or colour/ })
            .isChecked(),
        ).toBe(true);

        await line.getByLabel('Why it is coming back').selectOption({ label: 'Too small' });
        const picker = main(page).getByTestId('exchange-picker');
        await picker.waitFor();
        const soldOut = picker.getByRole('radio', { name: `${shirt.soldOut}, sold out` });
        expect(await soldOut.getAttribute('aria-disabled')).toBe('true');
        expect(
          await picker
            .locator('label[data-sold-out]')
            .first()
            .locator('span')
            .first()
            .evaluate((element) => getComputedStyle(element).textDecorationLine),
        ).toContain('line-through');
        await picker.locator('label', { hasText: new RegExp(`^${shirt.upOne}$`) }).click();
        expect(await picker.getByRole('radio', { name: shirt.upOne, exact: true }).isChecked()).toBe(true);
        // Each error went as its field was put right.
        expect(await main(page).getByRole('alert').count(), 'errors left once put right').toBe(0);
        await noSideways(page, 'the return form');
        await page.screenshot({ path: '/tmp/shots-return-form-375.png', fullPage: true });
        expect(await axeViolations(page), 'axe on the return form').toEqual([]);

        await main(page).getByRole('button', { name: 'Send my request' }).click();
        const confirmation = main(page).getByTestId('return-confirmation');
        await confirmation.waitFor();
        returnNumber = (await confirmation.locator('strong.font-mono').innerText()).trim();
        expect(returnNumber).toMatch(/^RET-\d+$/);
        expect(await confirmation.innerText()).toContain('What happens next');
        await page.screenshot({ path: '/tmp/shots-return-sent-375.png', fullPage: true });

        // The new size is held for her at once.
        expect(await unitsOf(shirt.id, shirt.upOne, shirt.colour)).toBe(upOneBefore - 1);

        await confirmation.getByRole('link', { name: 'Back to my order' }).click();
        await page.waitForURL(isAt(`/orders/${number}`, { key }));
        const entry = main(page).getByTestId('order-return');
        await entry.waitFor();
        expect(await entry.getByTestId('return-status').innerText()).toBe('Requested');
        expect(problemReport()).toEqual([]);
      },
      [`/orders/${number}/return`, `/orders/${number}/return.data`],
    );

    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=returns&status=requested');
      const row = main(page).getByTestId('admin-return-row').filter({ hasText: returnNumber });
      await row.waitFor();
      expect(await row.innerText()).toMatch(/Too small/);
      expect(await row.innerText()).toContain('Another size or colour');
      await row.getByRole('link', { name: returnNumber }).click();
      await page.waitForURL(isAt('/admin', { tab: 'returns', return: returnNumber }));
      const panel = main(page).getByTestId('admin-return-panel');
      await panel.waitFor();
      expect(await panel.getByTestId('admin-return-item').innerText()).toContain(`Size ${shirt.upOne}`);

      // Approve with the shop's own words, prefilled.
      const instructions = panel.getByLabel('Instructions for the customer');
      expect(await instructions.inputValue()).toContain(returnNumber);
      await page.screenshot({ path: '/tmp/shots-return-admin-1280.png', fullPage: true });
      await panel.getByRole('button', { name: 'Approve' }).click();
      await notice(page)
        .filter({ hasText: `Return ${returnNumber} approved` })
        .waitFor();

      await panel.getByRole('checkbox', { name: /Back in stock/ }).waitFor();
      await panel.getByRole('button', { name: 'Mark received' }).click();
      await notice(page)
        .filter({ hasText: `Return ${returnNumber} received` })
        .waitFor();

      // The owner's carriers, as the order's ship form offers them.
      await panel.getByLabel('Carrier').selectOption({ label: 'GIG Logistics' });
      await panel.getByLabel('Tracking number').fill('GIG-EXCH-2207');
      await panel.getByRole('button', { name: 'Ship exchange' }).click();
      await notice(page).filter({ hasText: 'is on its way' }).waitFor();
      await panel.getByTestId('admin-return-status').filter({ hasText: 'Exchange sent' }).waitFor();
      await page.screenshot({ path: '/tmp/shots-return-admin-done-1280.png', fullPage: true });
      expect(await axeViolations(page), 'axe on the return panel').toEqual([]);

      // The reports count it: one unit back, too small, against the shirt's size.
      await visit(page, '/admin/reports');
      const card = main(page).getByTestId('report-returns');
      await card.waitFor();
      expect(Number(await card.getByTestId('returns-count-value').innerText())).toBeGreaterThanOrEqual(1);
      const sizes = card.getByTestId('returns-sizes');
      const sizeRow = sizes
        .getByRole('row')
        .filter({ hasText: shirt.name })
        .filter({ hasText: `Size ${shirt.ordered}` });
      expect(await sizeRow.innerText()).toMatch(/Too small \d/);
      await card.screenshot({ path: '/tmp/shots-return-report-1280.png' });
      expect(problemReport()).toEqual([]);
    });

    // On a phone the Returns tab lists it as cards, nothing wider than the screen.
    await withPage(375, async ({ page, problemReport }) => {
      await openAsAdmin(page, '/admin?tab=returns');
      const card = main(page).getByTestId('admin-return-card').filter({ hasText: returnNumber });
      await card.waitFor();
      expect(await card.getByTestId('admin-return-status').innerText()).toBe('Exchange sent');
      await noSideways(page, 'the Returns tab');
      await page.screenshot({ path: '/tmp/shots-return-admin-list-375.png', fullPage: true });
      expect(problemReport()).toEqual([]);
    });

    // The returned shirt went back on sale; the new size stayed with her.
    expect(await unitsOf(shirt.id, shirt.ordered, shirt.colour)).toBe(6);
    expect(await unitsOf(shirt.id, shirt.upOne, shirt.colour)).toBe(upOneBefore - 1);

    for (const width of [375, 1280] as const) {
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, orderPage);
        const entry = main(page).getByTestId('order-return').filter({ hasText: returnNumber });
        await entry.waitFor();
        expect(await entry.getByTestId('return-status').innerText()).toBe('Exchange sent');
        expect(await entry.getByTestId('exchange-tracking').innerText()).toContain('GIG-EXCH-2207');
        await noSideways(page, 'the order page');
        await page.screenshot({ path: `/tmp/shots-return-order-${width}.png`, fullPage: true });
        expect(problemReport()).toEqual([]);
      });
    }
  });

  test('375px: an order not yet delivered cannot be returned, and without its link the page does not exist', async () => {
    const shirt = await shirtWithSizes();
    const placed = (await api('POST', '/api/orders', {
      items: [{ id: shirt.id, quantity: 1, selectedSize: shirt.ordered, selectedColor: shirt.colour }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: uniqueEmail('return-early'),
      phone: '+234 803 555 0165',
      shippingAddress: {
        firstName: 'Ife',
        lastName: 'Adeyemi',
        address: '3 Bode Thomas Street',
        city: 'Surulere',
        state: 'Lagos',
        zipCode: '101283',
        country: 'Nigeria',
      },
    })) as { order: { id: string }; accessToken: string };
    const number = placed.order.id;
    const path = `/orders/${number}/return`;
    await withPage(
      375,
      async ({ page, problemReport }) => {
        await visit(page, `${path}?key=${encodeURIComponent(placed.accessToken)}`);
        await main(page).getByText('This order cannot be returned now.').waitFor();
        expect(await main(page).getByTestId('return-form').count(), 'no form before delivery').toBe(0);
        await noSideways(page, 'the closed return page');
        await page.screenshot({ path: '/tmp/shots-return-closed-375.png', fullPage: true });

        await visit(page, path, 404);
        await main(page).getByRole('heading', { name: 'Order Not Found' }).waitFor();
        expect(problemReport()).toEqual([]);
      },
      [path],
    );
  });
});
