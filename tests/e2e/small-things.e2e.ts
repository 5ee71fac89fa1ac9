import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  isAt,
  main,
  mostStockedProducts,
  queryDatabase,
  shopperAddress,
  signUpThroughApi,
  uniqueEmail,
  url,
  visit,
  waitForHydration,
  withPage,
  WIDTHS,
} from './fixtures';

afterAll(closeBrowser);

const PASSWORD = 'Akwete-Weave-2026';
const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials.';
const LINK_AGAIN =
  'Just signed up? Your account opens once you confirm your e-mail address. If it is still waiting and your password was right, we have e-mailed you the confirmation link again (at most once every 10 minutes).';

async function signInThroughForm(page: Page, email: string, password: string, redirectTo?: string) {
  await visit(page, redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login');
  await main(page).getByLabel('Email', { exact: true }).fill(email);
  await main(page).getByLabel('Password', { exact: true }).fill(password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
}

/** What the sign-in form says after a refused attempt: every alert and status line, in order. */
async function signInAnswer(page: Page): Promise<string[]> {
  await main(page).getByRole('alert').waitFor();
  return (await main(page).locator('[role="alert"], [role="status"]').allTextContents()).map((text) =>
    text.trim(),
  );
}

describe('small things a shopper notices, on a phone (375 px) and, for the search, a desktop', () => {
  test("the home page's departments lead to a list with colour and size filters", async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/');
      const departments = page.locator('section[aria-labelledby="departments-title"] a');
      expect(await departments.count(), 'the home page shows both departments').toBe(2);
      for (const href of await departments.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href')),
      ))
        expect(href, 'a department opens its category page').toMatch(/^\/category\/[\w-]+$/);

      await page.locator('a[href="/category/mens-wear"]').first().click();
      await page.waitForURL(isAt('/category/mens-wear'));
      await waitForHydration(page);
      await main(page).getByRole('button', { name: 'Filters' }).click();
      const drawer = page.locator('#filters-drawer');
      await drawer.getByText('Colour', { exact: true }).waitFor({ state: 'visible' });
      await drawer.getByText('Size', { exact: true }).waitFor({ state: 'visible' });
      expect(await drawer.locator('input[name="size"]').count(), 'sizes to choose from').toBeGreaterThan(0);
      expect(await drawer.locator('input[name="color"]').count(), 'colours to choose from').toBeGreaterThan(
        0,
      );
      expect(problemReport()).toEqual([]);
    });
  });

  test.each(WIDTHS)(
    'an empty search offers suggestions and nothing to clear when no filter is set (%i px)',
    async (width) => {
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, '/search?q=zqxwvjk');
        await main(page).getByRole('heading', { name: 'No products found' }).waitFor();
        expect(
          await main(page)
            .getByRole('link', { name: /^Clear (Filters|All)$/ })
            .count(),
        ).toBe(0);
        const suggestions = main(page).getByRole('list', { name: 'Suggestions' });
        await suggestions.waitFor();
        expect(await axeViolations(page), 'the empty search').toEqual([]);
        expect(await suggestions.getByRole('link', { name: "Men's Wear" }).getAttribute('href')).toBe(
          '/category/mens-wear',
        );
        expect(await suggestions.getByRole('link', { name: "Women's Bags" }).getAttribute('href')).toBe(
          '/category/womens-bags',
        );
        await suggestions.getByRole('link', { name: "Men's Wear" }).click();
        await page.waitForURL(isAt('/category/mens-wear'));

        // With a filter set, clearing it is what helps.
        await visit(page, '/search?q=zqxwvjk&availability=out-of-stock');
        await main(page).getByRole('heading', { name: 'No products found' }).waitFor();
        expect(await main(page).getByRole('link', { name: 'Clear Filters' }).getAttribute('href')).toBe(
          '/search?q=zqxwvjk',
        );
        expect(problemReport()).toEqual([]);
      });
    },
  );

  test('a sign-in before the address is confirmed says the link was sent again, as an unknown address reads', async () => {
    const email = uniqueEmail('unconfirmed');
    const started = await fetch(url('/api/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...shopperAddress() },
      body: JSON.stringify({ name: 'Chiamaka Eze', email, password: PASSWORD }),
    });
    expect(started.status, 'POST /api/signup').toBe(202);
    const mails = async () =>
      Number(
        (
          await queryDatabase<{ count: string }>(
            'counting the confirmation e-mails',
            'SELECT count(*) AS count FROM outbox WHERE "to" = $1',
            [email],
          )
        )[0]?.count ?? 0,
      );
    await expect.poll(mails, { message: 'the first confirmation e-mail' }).toBe(1);

    await withPage(
      375,
      async ({ page, problemReport }) => {
        await signInThroughForm(page, email, PASSWORD);
        const unconfirmed = await signInAnswer(page);
        expect(unconfirmed).toEqual([SIGN_IN_FAILED, LINK_AGAIN]);
        expect(await axeViolations(page), 'the refused sign-in with its note').toEqual([]);
        await expect.poll(mails, { message: 'the link e-mailed again' }).toBe(2);

        await signInThroughForm(page, uniqueEmail('nobody'), PASSWORD);
        expect(await signInAnswer(page), 'an unknown address reads the same').toEqual(unconfirmed);
        await signInThroughForm(page, email, 'Wrong-Password-2026');
        expect(await signInAnswer(page), 'a wrong password reads the same').toEqual(unconfirmed);
        expect(problemReport()).toEqual([]);
      },
      ['/login.data'],
    );
  });

  test('the wishlist follows a signed-in shopper to another device, merged with what each browser saved', async () => {
    const email = uniqueEmail('wishlist');
    await signUpThroughApi({ name: 'Tobi Adeyemi', email, password: PASSWORD });

    /** Saves the nth piece of the list to the wishlist as a guest; answers its name. */
    const saveAsGuest = async (page: Page, index: number) => {
      await visit(page, '/products');
      const heart = main(page)
        .getByRole('button', { name: /^Save .+ to wishlist$/ })
        .nth(index);
      const label = (await heart.getAttribute('aria-label'))!;
      await heart.click();
      await main(page)
        .getByRole('button', {
          name: label.replace(/^Save /, 'Remove ').replace(/ to wishlist$/, ' from wishlist'),
        })
        .first()
        .waitFor();
      return label.replace(/^Save /, '').replace(/ to wishlist$/, '');
    };
    const listed = async (page: Page) =>
      (await main(page).locator('ul li a[href^="/product/"]').allTextContents()).map((text) => text.trim());

    await withPage(375, async (phone) => {
      await withPage(375, async (laptop) => {
        const first = await saveAsGuest(phone.page, 0);
        await signInThroughForm(phone.page, email, PASSWORD, '/wishlist');
        await phone.page.waitForURL(isAt('/wishlist'));
        await waitForHydration(phone.page);
        await expect.poll(() => listed(phone.page)).toEqual([first]);

        const second = await saveAsGuest(laptop.page, 1);
        expect(second).not.toBe(first);
        await signInThroughForm(laptop.page, email, PASSWORD, '/wishlist');
        await laptop.page.waitForURL(isAt('/wishlist'));
        await waitForHydration(laptop.page);
        await expect
          .poll(() => listed(laptop.page), { message: "the phone's piece joins the laptop's" })
          .toEqual([first, second]);

        // Removed on the laptop: gone on the phone at its next visit.
        await main(laptop.page)
          .getByRole('button', { name: `Remove ${first} from wishlist` })
          .click();
        await expect.poll(() => listed(laptop.page)).toEqual([second]);
        await expect
          .poll(async () => {
            await visit(phone.page, '/wishlist');
            return listed(phone.page);
          })
          .toEqual([second]);
        expect(phone.problemReport()).toEqual([]);
        expect(laptop.problemReport()).toEqual([]);
      });
    });
  });

  test('an unpaid order shows no "Track Package"; a shipped one does', async () => {
    const best = (await mostStockedProducts())[0]!;
    const detail = (await (await fetch(url(`/api/products/${best.id}`))).json()) as { sizes: string[] };
    const response = await fetch(url('/api/orders'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ id: best.id, quantity: 1, selectedSize: detail.sizes[0] ?? null }],
        shippingMethod: 'standard',
        paymentMethod: 'bank-transfer',
        email: uniqueEmail('unpaid'),
        phone: '+234 803 000 1111',
        shippingAddress: {
          firstName: 'Kelechi',
          lastName: 'Nwosu',
          address: '4 Awolowo Road',
          city: 'Ikoyi',
          state: 'Lagos',
          zipCode: '101233',
          country: 'Nigeria',
        },
      }),
    });
    const placed = (await response.json()) as { order: { id: string }; accessToken: string };
    expect(response.status, `POST /api/orders: ${JSON.stringify(placed)}`).toBe(201);
    const path = `/orderdetails/${placed.order.id}?key=${encodeURIComponent(placed.accessToken)}`;

    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, path);
      await main(page)
        .getByRole('heading', { name: `Order ${placed.order.id}` })
        .waitFor();
      expect(await main(page).getByRole('link', { name: 'Need Help' }).count()).toBe(1);
      expect(await main(page).getByRole('link', { name: 'Track Package' }).count(), 'unpaid').toBe(0);

      await queryDatabase(
        'moving the order to Shipped',
        `UPDATE orders SET status = 'shipped', payment_status = 'paid', carrier = 'GIG Logistics',
           tracking_number = 'GIG-40418', updated_at = now() WHERE number = $1`,
        [placed.order.id],
      );
      await visit(page, path);
      await main(page).getByRole('link', { name: 'Track Package' }).click();
      await page.waitForURL((address) => address.hash === '#tracking');
      expect(problemReport()).toEqual([]);
    });
  });
});
