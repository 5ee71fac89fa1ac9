import { afterAll, describe, expect, test } from 'vitest';
import { stockAlertTexts } from '../../contracts/stock-alerts';
import {
  closeBrowser,
  main,
  openAsAdmin,
  queryDatabase,
  requireDatabase,
  shopperAddress,
  uniqueEmail,
  url,
  visit,
  waitForHydration,
  WIDTHS,
  withPage,
} from './fixtures';

afterAll(closeBrowser);

interface Variant extends Record<string, unknown> {
  id: number;
  product_id: number;
  size: string;
  color: string;
  stock: number;
}

/** Two sizes of one product, the last products first (the journeys that order take the most stocked). */
async function twoSizes(offset: number): Promise<[Variant, Variant]> {
  const rows = await queryDatabase<Variant>(
    'choosing two sizes of a product',
    `SELECT v.id, v.product_id, v.size, v.color, v.stock FROM product_variants v
       JOIN products p ON p.id = v.product_id
      WHERE p.status = 'active' AND cardinality(p.sizes) >= 3
        AND p.id = (SELECT id FROM products WHERE status = 'active' AND cardinality(sizes) >= 3
                     ORDER BY id DESC OFFSET $1 LIMIT 1)
      ORDER BY v.position LIMIT 2`,
    [offset],
  );
  return [rows[0]!, rows[1]!];
}

const setStock = (variant: Variant, stock: number) =>
  queryDatabase(
    'setting a size’s stock, as an import does',
    'UPDATE product_variants SET stock = $2 WHERE id = $1',
    [variant.id, stock],
  );

const mailsTo = (to: string) =>
  queryDatabase<{ subject: string; text: string } & Record<string, unknown>>(
    'reading the back in stock e-mails',
    'SELECT subject, text FROM outbox WHERE "to" = $1 ORDER BY id',
    [to],
  );

async function askFor(variant: Variant, email: string) {
  const response = await fetch(url(`/api/products/${variant.product_id}/stock-alerts`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...shopperAddress() },
    body: JSON.stringify({ email, size: variant.size || null, color: variant.color || null }),
  });
  return { status: response.status, body: await response.text() };
}

describe.each(WIDTHS)('back in stock at %ipx', (width) => {
  test('a watcher confirms by the link mailed to her, is e-mailed once when her size is back, and her link stops the rest of her alerts', async () => {
    requireDatabase('restocking a size and reading the e-mail');
    const [first, second] = await twoSizes(width === 375 ? 0 : 1);
    const email = uniqueEmail(`alert${width}`);
    await setStock(first, 0);
    await setStock(second, 0);
    try {
      const asked = await askFor(first, email);
      expect(asked.status).toBe(202);
      expect(JSON.parse(asked.body)).toEqual({ ok: true, message: stockAlertTexts.accepted });
      expect(JSON.parse(asked.body).message).toMatch(/^Check your e-mail to confirm/);
      expect(await askFor(first, email), 'asking again answers the same').toEqual(asked);
      expect((await askFor(second, email)).status).toBe(202);

      // One mail for both sizes: the second joined the link of the first, unanswered that day.
      const [confirmation, ...more] = await mailsTo(email);
      expect(more).toEqual([]);
      expect(confirmation!.subject).toMatch(/^Confirm your stock alert: /);
      const confirmLink = /https?:\/\/\S+\/stock-alerts\/confirm\?token=[\w-]+/.exec(confirmation!.text)?.[0];
      expect(confirmLink).toBeDefined();

      // The link shows what it confirms; the button confirms it (a mere visit does not).
      await withPage(width, async ({ page, problemReport }) => {
        const link = new URL(confirmLink!);
        await visit(page, `${link.pathname}${link.search}`);
        await main(page).getByRole('heading', { name: 'Confirm your stock alert' }).waitFor();
        expect(await main(page).getByText('waiting for you to confirm', { exact: false }).count()).toBe(2);
        expect(
          await queryDatabase(
            'counting the confirmed alerts before the button',
            'SELECT id FROM stock_alerts WHERE email = $1 AND confirmed_at IS NOT NULL',
            [email],
          ),
        ).toEqual([]);
        await waitForHydration(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, 'nothing runs off the side').toBe(false);
        await page.screenshot({ path: `test-results/stock-alert-confirm-${width}.png`, fullPage: true });
        await main(page).getByRole('button', { name: 'Confirm my alert' }).click();
        await main(page)
          .getByRole('status')
          .getByText('Done: we will e-mail you when it is back.', { exact: false })
          .waitFor();
        await main(page).getByRole('heading', { name: 'Your stock alert is on' }).waitFor();
        expect(await main(page).getByRole('button', { name: 'Confirm my alert' }).count()).toBe(0);
        expect(problemReport()).toEqual([]);
      });

      // The owner's editor counts who waits beside each size and colour.
      await withPage(width, async ({ page }) => {
        await openAsAdmin(page, `/admin/products/${first.product_id}`);
        const waitingCells = page.getByTestId('variant-waiting');
        await expect
          .poll(
            async () =>
              (await waitingCells.allTextContents()).filter((text) => /\d+ waiting/.test(text)).length,
          )
          .toBeGreaterThanOrEqual(2);
      });

      // The first size comes back (an import, the owner's grid): one e-mail, at once.
      await setStock(first, 4);
      await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(2);
      const [, mail] = await mailsTo(email);
      expect(mail!.subject).toMatch(/^Back in stock: /);
      const productLink = /https?:\/\/\S+\/product\/\d+\S*/.exec(mail!.text)?.[0];
      const stopLink = /https?:\/\/\S+\/stock-alerts\/unsubscribe\?\S+/.exec(mail!.text)?.[0];
      expect(productLink).toBeDefined();
      expect(stopLink).toBeDefined();

      await withPage(width, async ({ page, problemReport }) => {
        const product = new URL(productLink!);
        await visit(page, `${product.pathname}${product.search}`);

        const stop = new URL(stopLink!);
        await visit(page, `${stop.pathname}${stop.search}`);
        await main(page).getByRole('heading', { name: 'Stop your stock alerts?' }).waitFor();
        await main(page).getByText('That alert is done.', { exact: false }).waitFor();
        await main(page).getByText('is waiting for 1 size or colour in all', { exact: false }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow, 'nothing runs off the side').toBe(false);
        await page.screenshot({ path: `test-results/stock-alert-unsubscribe-${width}.png`, fullPage: true });

        await main(page).getByRole('button', { name: 'Stop all my stock alerts' }).click();
        await main(page)
          .getByRole('status')
          .getByText('Done: we will not send you any more stock alerts.')
          .waitFor();
        await main(page).getByRole('heading', { name: 'No stock alerts are waiting' }).waitFor();
        expect(
          await queryDatabase(
            'counting the alerts still waiting',
            'SELECT id FROM stock_alerts WHERE email = $1 AND notified_at IS NULL',
            [email],
          ),
        ).toEqual([]);

        // A link whose token was changed shows nothing of the address.
        stop.searchParams.set('token', 'x'.repeat(43));
        await visit(page, `${stop.pathname}${stop.search}`);
        await main(page).getByRole('heading', { name: 'This link is not valid' }).waitFor();
        expect(await main(page).textContent()).not.toContain(email);
        await waitForHydration(page);
        expect(problemReport()).toEqual([]);
      });

      // The second size comes back after she stopped it, and the first again: no more e-mail.
      await setStock(second, 3);
      await setStock(first, 0);
      await setStock(first, 2);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await mailsTo(email)).toHaveLength(2);
    } finally {
      await setStock(first, first.stock);
      await setStock(second, second.stock);
    }
  });
});
