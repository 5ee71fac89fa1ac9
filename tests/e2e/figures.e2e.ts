import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { closeBrowser, mostStockedProducts, openAsAdmin, visit, withPage } from './fixtures';

afterAll(closeBrowser);

/**
 * Every element showing a digit in its own text, with the figures its font draws: lining
 * everywhere (Cormorant's old-style "1" reads as "I"), tabular in the display serif.
 */
function figures(page: Page) {
  return page.evaluate(() => {
    const shown: { text: string; serif: boolean; features: string; numeric: string }[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
      if (!/\d/.test(own) || element.getClientRects().length === 0) continue;
      const style = getComputedStyle(element);
      shown.push({
        text: own.slice(0, 40),
        serif: style.fontFamily.includes('Cormorant'),
        features: style.fontFeatureSettings,
        numeric: style.fontVariantNumeric,
      });
    }
    return shown;
  });
}

/** Figures drawn old-style anywhere, or proportional in the display serif. */
const oldStyle = (shown: Awaited<ReturnType<typeof figures>>) =>
  shown
    .filter(
      ({ features, numeric, serif }) =>
        !features.includes('lnum') ||
        (serif && !features.includes('tnum') && !numeric.includes('tabular-nums')),
    )
    .map(({ text, features, numeric }) => `${text} (${features}; ${numeric})`);

describe('figures', () => {
  test('numbers are lining and tabular on the shop floor and in the admin, in the display serif too', async () => {
    const [best] = await mostStockedProducts();
    await withPage(1280, async ({ page }) => {
      let serifFigures = 0;
      for (const path of ['/', '/products', `/product/${best!.id}`, '/sale']) {
        await visit(page, path);
        const shown = await figures(page);
        expect(shown.length, `figures on ${path}`).toBeGreaterThan(0);
        expect(oldStyle(shown), `old-style or proportional figures on ${path}`).toEqual([]);
        serifFigures += shown.filter(({ serif }) => serif).length;
      }
      await openAsAdmin(page, '/admin');
      const overview = await figures(page);
      expect(oldStyle(overview), 'old-style or proportional figures on the admin Overview').toEqual([]);
      serifFigures += overview.filter(({ serif }) => serif).length;
      expect(serifFigures, 'numbers in the display serif were checked').toBeGreaterThan(0);
    });
  });
});
