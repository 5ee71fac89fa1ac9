import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import {
  closeBrowser,
  main,
  openAsAdmin,
  queryDatabase,
  signUpThroughApi,
  url,
  visit,
  withPage,
  WIDTHS,
} from './fixtures';

afterAll(closeBrowser);

interface Detail {
  id: number;
  name: string;
  sizes: string[];
  reviews: number;
  fitAdvice: { direction: string; message: string; basis: { returns: number; reviews: number } } | null;
}

const product = async (id: number) => (await (await fetch(url(`/api/products/${id}`))).json()) as Detail;

/** The demo's shirt whose reviewers say it runs small (seed/catalog-data.ts). */
async function demoShirt(): Promise<Detail> {
  const list = (await (
    await fetch(url(`/api/products?q=${encodeURIComponent('Poplin Dress Shirt')}&pageSize=5`))
  ).json()) as { items: { id: number; name: string }[] };
  const item = list.items.find((candidate) => candidate.name === 'Obi & Sons Poplin Dress Shirt');
  if (!item) throw new Error('the demo has the Obi & Sons Poplin Dress Shirt');
  return product(item.id);
}

/** A piece sold in sizes, and one sold in one size, neither with fit advice. */
async function plainPieces(): Promise<{ sized: Detail; oneSize: Detail }> {
  const list = (await (await fetch(url('/api/products?pageSize=48&sort=newest'))).json()) as {
    items: { id: number }[];
  };
  let sized: Detail | undefined;
  let oneSize: Detail | undefined;
  for (const item of list.items) {
    const detail = await product(item.id);
    if (!sized && detail.sizes.length > 1 && detail.fitAdvice === null) sized = detail;
    if (!oneSize && detail.sizes.length === 1) oneSize = detail;
    if (sized && oneSize) return { sized, oneSize };
  }
  throw new Error('the demo has a piece in sizes without advice and a piece in one size');
}

async function openReviewForm(page: Page) {
  await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Write a Review' }).click();
  await panel.getByRole('button', { name: 'Submit Review' }).waitFor();
  return panel;
}

describe('fit advice', () => {
  for (const width of WIDTHS) {
    test(`${width}px: the shirt reviewers say runs small says so under its sizes, without crowding Add to Cart`, async () => {
      const shirt = await demoShirt();
      expect(shirt.fitAdvice?.message).toBe('Runs small: most reviewers say to take one size up.');
      await withPage(width, async ({ page, problemReport }) => {
        await visit(page, `/product/${shirt.id}`);
        const line = main(page).getByTestId('fit-advice');
        await line.scrollIntoViewIfNeeded();
        expect((await line.innerText()).trim()).toBe(shirt.fitAdvice!.message);
        expect(await line.locator('svg').count(), 'the ruler').toBe(1);

        // Right under the size buttons, inside the column, on at most two lines.
        const sizes = (await main(page).getByRole('group', { name: /^Size/ }).boundingBox())!;
        const box = (await line.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(sizes.y + sizes.height - 1);
        expect(box.y - (sizes.y + sizes.height)).toBeLessThan(24);
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
        expect(box.height, 'two lines at most').toBeLessThan(48);

        // The purchase row keeps its one line and its full width.
        const purchase = main(page).getByTestId('purchase-row');
        const row = (await purchase.boundingBox())!;
        const add = (await purchase.getByRole('button', { name: 'Add to Cart' }).boundingBox())!;
        expect(add.height).toBeLessThanOrEqual(52);
        expect(add.x + add.width).toBeLessThanOrEqual(row.x + row.width);
        expect(row.x + row.width).toBeLessThanOrEqual(page.viewportSize()!.width);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          'nothing wider than the screen',
        ).toBe(true);

        await page.evaluate(() =>
          document.querySelector('[data-testid="fit-advice"]')!.scrollIntoView({ block: 'center' }),
        );
        await page.screenshot({ path: `/tmp/shots-fit-${width}.png` });
        expect(problemReport(), 'console errors and failed requests').toEqual([]);
      });
    });
  }

  test('375px: a piece without advice shows no line; one sold in one size asks no fit question', async () => {
    const { sized, oneSize } = await plainPieces();
    await withPage(375, async ({ page, problemReport }) => {
      await visit(page, `/product/${sized.id}`);
      expect(await main(page).getByTestId('fit-advice').count()).toBe(0);
      await signUpThroughApi(
        {
          name: 'Amaka Obi',
          email: `fit-${randomBytes(4).toString('hex')}@example.test`,
          password: 'Kente-Fit-2026',
        },
        page.context(),
      );
      await visit(page, `/product/${oneSize.id}`);
      const panel = await openReviewForm(page);
      expect(await panel.getByRole('group', { name: /How did it fit/ }).count()).toBe(0);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('375px: a reviewer says the piece runs small, and it is kept beside her review', async () => {
    const { sized } = await plainPieces();
    await withPage(375, async ({ page, problemReport }) => {
      await signUpThroughApi(
        {
          name: 'Halima Bello',
          email: `fit-${randomBytes(4).toString('hex')}@example.test`,
          password: 'Kente-Fit-2026',
        },
        page.context(),
      );
      await visit(page, `/product/${sized.id}`);
      const panel = await openReviewForm(page);
      const question = panel.getByRole('group', { name: /How did it fit/ });
      await question.getByText('Runs small', { exact: true }).click();
      expect(await question.getByRole('radio', { name: 'Runs small' }).isChecked()).toBe(true);
      // The three answers sit on one row of a phone's form.
      const answers = await Promise.all(
        ['Runs small', 'True to size', 'Runs large'].map(
          async (name) => (await question.getByText(name, { exact: true }).boundingBox())!.y,
        ),
      );
      expect(new Set(answers).size, 'one row').toBe(1);
      await question.scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/shots-fit-review-375.png' });
      await panel.getByRole('button', { name: '4 stars', exact: true }).click();
      const title = `Snug fit ${randomBytes(2).toString('hex')}`;
      await panel.getByLabel('Title', { exact: true }).fill(title);
      await panel
        .getByLabel('Comment', { exact: true })
        .fill('Lovely cloth, but I should have taken one size up.');
      await panel.getByRole('button', { name: 'Submit Review' }).click();
      await panel.getByRole('heading', { name: title }).waitFor();

      const rows = await queryDatabase<{ fit: string }>(
        'reading the fit answer kept with the review',
        `SELECT f.fit FROM review_fits f JOIN reviews r ON r.id = f.review_id WHERE r.title = $1`,
        [title],
      );
      expect(rows).toEqual([{ fit: 'small' }]);
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });

  test('1280px: the product editor says beside the sizes what the fit evidence says', async () => {
    const shirt = await demoShirt();
    const { sized } = await plainPieces();
    await withPage(1280, async ({ page, problemReport }) => {
      await openAsAdmin(page, `/admin/products/${shirt.id}`);
      const note = main(page).getByTestId('editor-fit');
      expect((await note.innerText()).trim()).toBe('Fit: runs small (4 reviews)');
      await visit(page, `/admin/products/${sized.id}`);
      expect((await main(page).getByTestId('editor-fit').innerText()).trim()).toMatch(
        /^(Not enough returns or reviews yet|Fit: .+)$/,
      );
      expect(problemReport(), 'console errors and failed requests').toEqual([]);
    });
  });
});
