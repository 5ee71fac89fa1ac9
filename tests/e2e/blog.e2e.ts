import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, test } from 'vitest';
import {
  axeViolations,
  closeBrowser,
  isAt,
  main,
  pathIs,
  signInAsAdmin,
  url,
  visit,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

const ACTION_PATHS = ['/admin', '/admin.data'];

async function noSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'horizontal overflow (px)').toBeLessThanOrEqual(0);
}

const cards = (page: Page) => main(page).getByTestId('blog-card');
const sidebar = (page: Page) => main(page).getByRole('complementary', { name: 'More from the Journal' });

describe('the Journal', () => {
  test('at 1280px a shopper goes from /blog to a post, to its category, then to a tag', async () => {
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/blog');
      expect(await main(page).locator('h1').textContent()).toBe('The Rossy Journal');
      expect(await cards(page).count()).toBe(6);
      expect(await page.getByText('No posts found.').count()).toBe(0);
      // Every card has a real picture (not the placeholder) and a dated byline.
      for (const image of await cards(page).locator('img').all())
        expect(await image.getAttribute('src')).toMatch(/^\/media\/blog\//);
      await expect
        .poll(() =>
          cards(page)
            .first()
            .getByText(/^By .+ · \d{1,2} \w+ \d{4}$/)
            .count(),
        )
        .toBe(1);

      // The sidebar: 3 recent posts, the 4 categories with counts adding up to 6, and tags.
      const side = sidebar(page);
      expect(await side.getByRole('region', { name: 'Recent Posts' }).getByRole('listitem').count()).toBe(3);
      const categoryLinks = side.getByRole('region', { name: 'Categories' }).getByRole('link');
      expect(await categoryLinks.count()).toBe(4);
      const categoryTexts = await categoryLinks.allTextContents();
      expect(categoryTexts.map((text) => text.replace(/\d+.*$/, '').trim())).toEqual([
        'Style Guides',
        'Care & Craft',
        'Lookbook',
        'Behind the Seams',
      ]);
      const total = categoryTexts.reduce((sum, text) => sum + Number(/(\d+)/.exec(text)?.[1] ?? 0), 0);
      expect(total).toBe(6);
      expect(await side.getByRole('region', { name: 'Tags' }).getByRole('link').count()).toBeGreaterThan(5);

      // Open the newest post.
      const firstTitle = (await cards(page).first().getByRole('heading').textContent())!.trim();
      await cards(page).first().getByRole('link', { name: firstTitle }).click();
      await page.waitForURL(pathIs(/^\/blog\/\d+$/));
      await main(page).locator('h1', { hasText: firstTitle }).waitFor();
      const postPath = new URL(page.url()).pathname;
      expect(await main(page).getByTestId('blog-body').locator('p').count()).toBeGreaterThan(3);
      expect(
        await main(page)
          .getByText(/min read/)
          .count(),
      ).toBe(1);
      const hero = main(page).locator('article img').first();
      expect(await hero.getAttribute('src')).toMatch(/^\/media\/blog\//);
      expect((await hero.getAttribute('alt'))?.length).toBeGreaterThan(10);
      // Links inside the post lead to the shop's pages, which exist.
      const bodyLinks = await main(page).getByTestId('blog-body').getByRole('link').all();
      expect(bodyLinks.length).toBeGreaterThan(0);
      for (const link of bodyLinks) {
        const href = (await link.getAttribute('href'))!;
        expect(href.startsWith('/')).toBe(true);
        expect((await fetch(url(href))).status, href).toBe(200);
      }
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').last().textContent()) ?? '{}',
      ) as Record<string, unknown>;
      expect(jsonLd['@type']).toBe('BlogPosting');
      expect(jsonLd.headline).toBe(firstTitle);
      expect(await page.title()).toContain(firstTitle);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(url(postPath));
      expect(
        await sidebar(page).getByRole('region', { name: 'Recent Posts' }).getByText(firstTitle).count(),
      ).toBe(0);

      // Its category, from the breadcrumb.
      const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').last();
      const categoryName = (await crumb.textContent())!.trim();
      await crumb.click();
      await page.waitForURL(pathIs(/^\/blog\/category\/[a-z-]+$/));
      await main(page).locator('h1', { hasText: categoryName }).waitFor();
      expect(await cards(page).count()).toBeGreaterThan(0);
      for (const eyebrow of await cards(page).locator('.eyebrow').allTextContents())
        expect(eyebrow).toBe(categoryName);
      expect(await cards(page).getByRole('heading', { name: firstTitle }).count()).toBe(1);

      // A tag from the sidebar.
      const tag = sidebar(page).getByRole('region', { name: 'Tags' }).getByRole('link').first();
      const tagName = (await tag.textContent())!.trim();
      await tag.click();
      await page.waitForURL(pathIs(/^\/blog\/tag\/[a-z0-9-]+$/));
      await main(page).locator('h1', { hasText: tagName }).waitFor();
      expect(await tag.getAttribute('aria-current')).toBe('page');
      expect(await cards(page).count()).toBeGreaterThan(1);

      expect(problemReport()).toEqual([]);
    });
  });

  test('unknown posts and categories are not found; an unused tag says No posts found.', async () => {
    await withPage(
      1280,
      async ({ page }) => {
        await visit(page, '/blog/999999', 404);
        expect(await main(page).locator('h1').textContent()).toBe('Post Not Found');
        await main(page).getByRole('link', { name: 'Back to the Journal' }).waitFor();
        await visit(page, '/blog/category/gossip', 404);
        expect(await main(page).locator('h1').textContent()).toBe('Category Not Found');
        await visit(page, '/blog/tag/no-such-tag');
        await main(page).getByText('No posts found.').waitFor();
        await visit(page, '/blog?page=2');
        await main(page).getByText('No posts found.').waitFor();
      },
      ['/blog/999999', '/blog/category/gossip'],
    );
  });

  test('axe finds nothing on /blog and on a post; at 375px both fit the screen', async () => {
    for (const width of [1280, 375] as const)
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, '/blog');
        expect(await axeViolations(page)).toEqual([]);
        await noSideways(page);
        const href = (await cards(page).first().getByRole('heading').getByRole('link').getAttribute('href'))!;
        await visit(page, href);
        expect(await axeViolations(page)).toEqual([]);
        await noSideways(page);
        expect(problemReport()).toEqual([]);
      });
  });
});

describe('the admin Blog tab', () => {
  test('an admin writes a post with a picture, previews the draft, publishes it and finds it on /blog', async () => {
    const title = `Ankara Weekends ${randomBytes(3).toString('hex')}`;
    const picture = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: '#7a5a32' },
    })
      .jpeg()
      .toBuffer();
    let postPath = '';

    await withPage(
      1280,
      async ({ page, problemReport }) => {
        await signInAsAdmin(page, '/admin?tab=blog');
        await main(page).getByRole('heading', { name: 'Blog', exact: true }).waitFor();
        expect(await main(page).getByTestId('admin-blog-row').count()).toBeGreaterThanOrEqual(6);
        await main(page).getByRole('link', { name: 'Write a post' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'blog', edit: 'new' }));
        await main(page).getByRole('heading', { name: 'Write a post' }).waitFor();

        // Too short: the form says which fields are wrong and keeps what was typed.
        await main(page).getByLabel('Title').fill(title);
        await main(page).getByLabel('Excerpt').fill('Too short');
        await main(page).getByLabel('Body').fill('Not enough words.');
        await main(page).getByLabel('Category').selectOption('lookbook');
        await main(page).getByRole('button', { name: 'Save draft' }).click();
        await main(page)
          .getByText('The post was not saved: please correct the fields marked below.')
          .waitFor();
        await main(page).getByText('Excerpt must be at least 20 characters', { exact: true }).waitFor();
        await main(page).getByText('Body must be at least 100 characters', { exact: true }).waitFor();
        expect(await main(page).getByLabel('Excerpt').getAttribute('aria-invalid')).toBe('true');
        expect(await main(page).getByLabel('Title').inputValue()).toBe(title);

        await main(page)
          .getByLabel('Excerpt')
          .fill('Bright prints for Saturday: how to wear ankara shirts with tailored trousers.');
        await main(page)
          .getByLabel('Body')
          .fill(
            'Ankara is the most joyful cloth in Lagos, and a short-sleeved print shirt is a weekend classic.\n\n' +
              '## Keep the rest quiet\n\nPair a bold print with plain [tailored trousers](/category/mens-trousers) in navy or stone.\n\n' +
              '- One print at a time\n- Leather sandals or loafers',
          );
        await main(page).getByLabel('Tags').fill('Ankara, Weekend, Lagos Style');
        await main(page).getByLabel('Upload a picture').setInputFiles({
          name: 'ankara.jpg',
          mimeType: 'image/jpeg',
          buffer: picture,
        });
        await main(page).getByLabel('Picture description').fill('An ankara shirt on a hanger');
        await main(page).getByRole('button', { name: 'Save draft' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'blog', notice: 'created' }));
        await main(page).getByRole('heading', { name: 'Edit post' }).waitFor();
        await main(page).getByText('Draft saved.', { exact: false }).waitFor();
        expect(await main(page).getByText('Draft', { exact: true }).count()).toBeGreaterThan(0);

        // Preview: the shopper's page, with a draft banner only the admin sees.
        await main(page).getByTestId('blog-preview-link').click();
        await page.waitForURL(pathIs(/^\/blog\/\d+$/));
        postPath = new URL(page.url()).pathname;
        await main(page).getByTestId('blog-preview-banner').waitFor();
        expect(await main(page).locator('h1').textContent()).toBe(title);
        expect(await main(page).getByRole('heading', { name: 'Keep the rest quiet' }).count()).toBe(1);
        expect(await main(page).getByRole('link', { name: 'tailored trousers' }).getAttribute('href')).toBe(
          '/category/mens-trousers',
        );
        expect(await main(page).locator('article img').first().getAttribute('src')).toMatch(
          /^\/media\/blog\//,
        );
        expect(await main(page).locator('article img').first().getAttribute('alt')).toBe(
          'An ankara shirt on a hanger',
        );

        // Not public yet.
        expect((await fetch(url(postPath))).status).toBe(404);
        const listed = await (await fetch(url('/blog'))).text();
        expect(listed).not.toContain(title);

        // Back to the editor and publish.
        await main(page).getByRole('link', { name: 'Back to the editor' }).click();
        await page.waitForURL(isAt('/admin', { tab: 'blog' }));
        await main(page).getByRole('heading', { name: 'Edit post' }).waitFor();
        await main(page)
          .getByRole('button', { name: `Publish "${title}"` })
          .click();
        await main(page)
          .getByRole('button', { name: `Unpublish "${title}"` })
          .waitFor();
        expect(await main(page).getByText('Published', { exact: true }).count()).toBeGreaterThan(0);

        expect(problemReport()).toEqual([]);
      },
      ACTION_PATHS,
    );

    // A shopper now finds it first on /blog and can read it.
    await withPage(1280, async ({ page, problemReport }) => {
      await visit(page, '/blog');
      expect((await cards(page).first().getByRole('heading').textContent())?.trim()).toBe(title);
      await visit(page, postPath);
      expect(await main(page).locator('h1').textContent()).toBe(title);
      expect(await main(page).getByTestId('blog-preview-banner').count()).toBe(0);
      await visit(page, '/blog/tag/ankara');
      expect(await cards(page).count()).toBe(1);
      expect(problemReport()).toEqual([]);
    });
  });
});
