import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { adminCredentials, closeBrowser, main, queryDatabase, url, visit, withPage } from './fixtures';

afterAll(closeBrowser);

/**
 * Runs `body` with some shop settings changed in the database, then puts back just those keys: other
 * browser tests run at the same time and may change other settings, which must not be undone here.
 * Only copy is changed (policy values), never what checkout prices with.
 */
async function withSettings(changes: Record<string, unknown>, body: () => Promise<void>): Promise<void> {
  const purpose = 'changing the shop settings the policy pages quote';
  const [before] = await queryDatabase<{ value: Record<string, unknown> }>(
    purpose,
    "SELECT value FROM settings WHERE key = 'shop'",
  );
  await queryDatabase(
    purpose,
    `INSERT INTO settings (key, value) VALUES ('shop', $1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = settings.value || $1::jsonb`,
    [JSON.stringify(changes)],
  );
  try {
    await body();
  } finally {
    const kept = Object.fromEntries(
      Object.keys(changes)
        .filter((key) => before?.value && key in before.value)
        .map((key) => [key, before!.value[key]]),
    );
    const dropped = Object.keys(changes).filter((key) => !(key in kept));
    await queryDatabase(
      purpose,
      "UPDATE settings SET value = (value - $2::text[]) || $1::jsonb WHERE key = 'shop'",
      [JSON.stringify(kept), dropped],
    );
  }
}

const text = (page: Page) => main(page).innerText();

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

describe('static pages agree with the settings', () => {
  test('returns days and warranty months come from the settings on every page, with the free-delivery threshold', async () => {
    await withSettings({ returnsDays: 21, warrantyMonths: 18 }, async () => {
      await withPage(1280, async ({ page, problemReport }) => {
        await visit(page, '/shipping');
        const shipping = await text(page);
        expect(shipping).toContain('21 days of delivery');
        expect(shipping).toContain('Free over ₦15,000, or when every piece ships free');
        expect(shipping).toMatch(/Standard\s+Delivery in 3-5 business days\s+₦1,500/);
        expect(shipping).not.toContain('30 days');

        await visit(page, '/terms');
        const terms = await text(page);
        expect(terms).toContain('within 21 days of delivery');
        expect(terms).toContain('18-month warranty');
        expect(terms).toContain('30 days’ notice');
        expect(terms).toContain('governed by the laws of the Federal Republic of Nigeria');

        await visit(page, '/warranty-support');
        expect(await text(page)).toContain('18 months from the purchase date');

        await visit(page, '/faq');
        await main(page).getByText('What is your returns policy?').click();
        await expect
          .poll(() =>
            main(page)
              .getByText(/within 21 days of delivery/)
              .isVisible(),
          )
          .toBe(true);

        await visit(page, '/help');
        expect(await text(page)).toContain('free on orders over ₦15,000');
        expect(await text(page)).toContain('18 months');
        expect(problemReport()).toEqual([]);
      });
    });
  });

  test("the privacy policy has SPEC.md's sections in order, what the shop really stores, and a real date", async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/privacy');
      const headings = (await main(page).locator('h2, h3').allInnerTexts()).map((heading) => heading.trim());
      expect(headings).toEqual([
        'Introduction',
        'Information we collect',
        'How we use your information',
        'Cookies',
        'Essential',
        'Analytics',
        'Preferences',
        'Data security',
        'Your rights',
        'Access and update',
        'Portability',
        'Deletion',
        'Opt-out',
        'Contact us',
        'Policy updates',
      ]);
      const body = await text(page);
      expect(body).toContain('rossy_session');
      expect(body).toContain('local storage');
      expect(body).toMatch(/Last updated:? \d{1,2} [A-Z][a-z]+ 20\d\d/);
      for (const [name, href] of [
        ['Terms', '/terms'],
        ['Contact', '/contact'],
        ['Help', '/help'],
      ])
        expect(await main(page).getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('the sitemap', () => {
  test('lists the real categories and shows the Admin Panel only to an admin', async () => {
    const response = await fetch(url('/api/categories'));
    const { categories } = (await response.json()) as { categories: { id: string; name: string }[] };
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/sitemap');
      const groups = await main(page).locator('h2').allInnerTexts();
      expect(groups).toEqual([
        'Main Pages',
        'User Account',
        'Shopping',
        'Customer Support',
        'Legal & Policies',
      ]);
      const shopping = main(page).getByRole('region', { name: 'Shopping' });
      for (const category of categories)
        expect(
          await shopping.getByRole('link', { name: category.name, exact: true }).getAttribute('href'),
        ).toBe(`/category/${category.id}`);
      expect(await main(page).locator('a[href^="/admin"]').count()).toBe(0);
      expect(await main(page).getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(
        '/contact',
      );
      expect(await main(page).getByRole('link', { name: 'Help Center' }).getAttribute('href')).toBe('/help');

      const admin = adminCredentials();
      expect((await page.context().request.post('/api/login', { data: admin })).status()).toBe(200);
      await visit(page, '/sitemap');
      const adminPanel = main(page).getByRole('region', { name: 'Admin Panel' });
      expect(
        await adminPanel
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual(['/admin', '/admin/products/new', '/admin/users', '/admin/reports']);
      expect(problemReport()).toEqual([]);
    });
  });
});

describe('header and footer', () => {
  test('at 1280px the header turns compact and shadowed past 50 px without moving the page, and the top bar shows the support contacts', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/terms');
      const header = page.locator('header').first();
      const topBar = page.locator('a[href^="mailto:"]').first();
      await expect.poll(() => topBar.isVisible()).toBe(true);
      const shadow = () => header.evaluate((element) => getComputedStyle(element).boxShadow);
      expect(await shadow()).toBe('none');
      const heightBefore = (await header.boundingBox())?.height;
      const h1Before = await main(page)
        .locator('h1')
        .evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      await page.mouse.wheel(0, 40);
      await page.waitForTimeout(400);
      expect(await shadow(), 'no shadow at 40 px').toBe('none');
      await page.mouse.wheel(0, 200);
      await expect.poll(shadow).not.toBe('none');
      expect((await header.boundingBox())?.height).toBe(heightBefore);
      expect(
        await main(page)
          .locator('h1')
          .evaluate((element) => element.getBoundingClientRect().top + window.scrollY),
      ).toBe(h1Before);

      const quick = page
        .locator('footer')
        .getByRole('heading', { name: 'Quick Access' })
        .locator('xpath=following-sibling::ul[1]');
      expect(
        await quick.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual(['/cart', '/wishlist', '/orders', '/help', '/contact', '/sitemap']);
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the slide-in menu closes by its close button, the backdrop, and choosing any link', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, '/faq');
      await noSideways(page);
      expect(await page.locator('a[href^="mailto:"]').first().isVisible()).toBe(false);
      const menu = page.getByRole('dialog', { name: 'Menu' });
      const open = async () => {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect.poll(() => menu.isVisible()).toBe(true);
      };
      const closed = () =>
        expect
          .poll(() => page.locator('#mobile-menu').evaluate((el) => el.getBoundingClientRect().right <= 0))
          .toBe(true);

      await open();
      await page.getByRole('button', { name: 'Close menu' }).click();
      await closed();

      await open();
      await page.mouse.click(360, 400); // the backdrop, right of the panel
      await closed();

      await open();
      await menu.getByRole('link', { name: 'Help & FAQs' }).click();
      await page.waitForURL((address) => address.pathname === '/help');
      await closed();

      // A link to the page already shown changes nothing in the address, and still closes the menu.
      await open();
      await menu.getByRole('link', { name: 'Help & FAQs' }).click();
      await closed();
      expect(problemReport()).toEqual([]);
    });
  });

  test('at 375px the policy pages fit the screen', async () => {
    await withPage(375, async ({ page, problemReport }) => {
      for (const path of [
        '/shipping',
        '/terms',
        '/privacy',
        '/about',
        '/sitemap',
        '/warranty-support',
        '/help',
      ]) {
        await visit(page, path);
        await noSideways(page);
      }
      expect(problemReport()).toEqual([]);
    });
  });
});
