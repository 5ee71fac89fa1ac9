import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  adminApiToken,
  asAdmin,
  axeViolations,
  closeBrowser,
  main,
  signInAsAdmin,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

/** The dashboard's form posts; a refused save answers 400 there on purpose. */
const ACTION_PATHS = ['/admin', '/admin.data'];

async function settingsApi(token: string, method: 'GET' | 'PATCH', body?: unknown) {
  const response = await fetch(url('/api/admin/settings'), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, `${method} /api/admin/settings`).toBe(200);
  return (await response.json()) as { taxRates: Record<string, number> };
}

/** One in-stock piece in the browser's cart (the cart lives in local storage). */
async function cartWithOnePiece(page: Page) {
  const list = (await (await fetch(url('/api/products?pageSize=24&availability=in-stock'))).json()) as {
    items: { id: number }[];
  };
  const product = (await (await fetch(url(`/api/products/${list.items[0]!.id}`))).json()) as {
    id: number;
    name: string;
    price: number;
    image: string | null;
    sizes: string[];
  };
  await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
    id: product.id,
    name: product.name,
    price: product.price,
    image: product.image ?? null,
    category: '',
    quantity: 1,
    selectedColor: null,
    selectedSize: product.sizes[0] ?? null,
  });
}

interface Location {
  id: number;
  name: string;
  fulfilsOnline: boolean;
  pickup: boolean;
}
async function locations(): Promise<Location[]> {
  const response = await asAdmin('/api/admin/locations', 'GET');
  expect(response.status, 'GET /api/admin/locations').toBe(200);
  return ((await response.json()) as { items: Location[] }).items;
}

const saveBar = (page: Page) => main(page).getByRole('button', { name: 'Save Settings' });
const notice = (page: Page) => main(page).getByTestId('admin-notice');

describe('admin settings', () => {
  test("at 1280px a refused tax rate keeps what was typed; a saved one is checkout's tax at once", async () => {
    // Asia-Pacific (Australia) is a region no other journey checks out to; restored whatever happens.
    const token = await adminApiToken();
    const original = (await settingsApi(token, 'GET')).taxRates.asia!;
    const chosen = original === 13.5 ? 12.5 : 13.5;
    try {
      await withPage(
        1280,
        async ({ page, problemReport }) => {
          await signInAsAdmin(page);
          await visit(page, '/admin?tab=settings');
          const asia = main(page).getByLabel('Asia-Pacific (%)');
          expect(await asia.inputValue()).toBe(String(original));
          expect(await axeViolations(page), 'axe on Settings').toEqual([]);

          // 101 is refused beside the field; nothing typed is lost and nothing is saved.
          const hours = main(page).getByLabel('Business hours');
          const hoursBefore = await hours.inputValue();
          await asia.fill('101');
          await hours.fill('Monday to Saturday, 10am to 6pm');
          await saveBar(page).click();
          await notice(page)
            .getByText(/^Settings were not saved/)
            .waitFor();
          await main(page).getByText('Enter a rate from 0 to 100', { exact: true }).waitFor();
          expect(await asia.getAttribute('aria-invalid')).toBe('true');
          expect(await asia.inputValue()).toBe('101');
          expect(await hours.inputValue()).toBe('Monday to Saturday, 10am to 6pm');
          expect((await settingsApi(token, 'GET')).taxRates.asia).toBe(original);

          // A valid rate saves, with SPEC's message (business hours put back first).
          await asia.fill(String(chosen));
          await hours.fill(hoursBefore);
          await saveBar(page).click();
          await notice(page).getByText('Settings saved successfully!', { exact: true }).waitFor();
          expect((await settingsApi(token, 'GET')).taxRates.asia).toBe(chosen);

          // Checkout to Australia shows the new rate.
          await cartWithOnePiece(page);
          await visit(page, '/checkout');
          await main(page).getByLabel('Country').selectOption('AUS');
          await main(page).getByText(`incl. VAT (${chosen}%)`).first().waitFor();
          expect(problemReport()).toEqual([]);
        },
        ACTION_PATHS,
      );
    } finally {
      await settingsApi(token, 'PATCH', { taxRates: { asia: original } });
    }
  });

  test('at 375px the settings form fits the screen', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await signInAsAdmin(page);
      await visit(page, '/admin?tab=settings');
      await saveBar(page).waitFor();
      expect(await saveBar(page).isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
      expect(problemReport()).toEqual([]);
    });
  });
  test('at 375px the owner adds a store room, a taken name is refused beside it, and the pickup point moves there and stays', async () => {
    // The pickup point goes back to where it was whatever happens: other journeys collect pickup orders.
    const pickupBefore = (await locations()).find((location) => location.pickup);
    try {
      await withPage(
        375,
        async ({ page, problemReport }) => {
          await signInAsAdmin(page);
          await visit(page, '/admin?tab=settings');
          const section = () => main(page).getByRole('region', { name: 'Locations' });
          const row = (name: string) =>
            section()
              .getByTestId('location-row')
              .filter({ has: page.getByRole('heading', { name, exact: true }) });
          await expect
            .poll(() => section().getByTestId('pickup-location').textContent())
            .toMatch(new RegExp(`^Pickup point: ${pickupBefore?.name ?? ''}\\.`));

          // A store room that keeps stock out of what sells online.
          const add = section().getByRole('form', { name: 'Add a location' });
          await add.getByLabel('Name').fill('Store room');
          await add.getByLabel('Address').fill('2 Oba Street, Lagos Island');
          expect(await add.getByLabel('Sells online').isChecked()).toBe(false);
          await add.getByRole('button', { name: 'Add location' }).click();
          await add.getByText('Store room added.', { exact: true }).waitFor();
          await row('Store room').getByText('Not sold online', { exact: true }).waitFor();
          await row('Store room')
            .getByText(/^0 units held · Order \d+$/)
            .waitFor();
          expect(await add.getByLabel('Name').inputValue()).toBe('');

          // The same name again, in other case: refused beside the name, nothing typed lost.
          await add.getByLabel('Name').fill('store room');
          await add.getByLabel('Address').fill('Behind the shop');
          await add.getByRole('button', { name: 'Add location' }).click();
          await add.getByText('A location has that name', { exact: true }).waitFor();
          expect(await add.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
          expect(await add.getByLabel('Name').inputValue()).toBe('store room');
          expect(await add.getByLabel('Address').inputValue()).toBe('Behind the shop');
          expect(await axeViolations(page), 'axe on Settings → Locations with a refusal').toEqual([]);
          expect((await locations()).filter((location) => /^store room$/i.test(location.name))).toHaveLength(
            1,
          );

          // The pickup point must sell online: refused beside the tick, then both ticked and saved.
          await row('Store room').getByRole('button', { name: 'Edit' }).click();
          const edit = section().getByRole('form', { name: 'Change Store room' });
          await edit.getByLabel('Pickup point').check();
          await edit.getByRole('button', { name: 'Save location' }).click();
          await edit.getByText(/^Pickup orders take their units from what sells online/).waitFor();
          expect(await edit.getByLabel('Pickup point').isChecked()).toBe(true);
          await edit.getByLabel('Sells online').check();
          await edit.getByRole('button', { name: 'Save location' }).click();
          await row('Store room').getByText('Store room saved.', { exact: true }).waitFor();

          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);

          // After a reload the store room sells online and hands over pickup orders; the shop no longer does.
          await visit(page, '/admin?tab=settings');
          await row('Store room').getByText('Pickup point', { exact: true }).waitFor();
          await row('Store room').getByText('Sells online', { exact: true }).waitFor();
          if (pickupBefore)
            expect(await row(pickupBefore.name).getByText('Pickup point', { exact: true }).count()).toBe(0);
          expect(await section().getByTestId('pickup-location').textContent()).toMatch(
            /^Pickup point: Store room\./,
          );
          // Shoppers are still told the pickup address; the owner may copy the store room's into it.
          await main(page)
            .getByTestId('pickup-location-address')
            .getByText(/2 Oba Street/)
            .waitFor();
          expect(problemReport()).toEqual([]);
        },
        ACTION_PATHS,
      );
    } finally {
      const now = await locations();
      const room = now.find((location) => location.name === 'Store room');
      if (pickupBefore) await asAdmin(`/api/admin/locations/${pickupBefore.id}`, 'PATCH', { pickup: true });
      if (room)
        await asAdmin(`/api/admin/locations/${room.id}`, 'PATCH', { pickup: false, fulfilsOnline: false });
    }
  });
});
