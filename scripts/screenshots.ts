import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/e2e/browser';

/** `npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /products /product/1001`: full-page PNGs at 375 and 1280 px. */
const [base = 'http://localhost:3000', outDir = '/tmp/shots', ...paths] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of [375, 1280]) {
  const page = await browser.newPage({
    viewport: { width, height: width === 375 ? 812 : 900 },
    deviceScaleFactor: 1,
  });
  for (const path of paths.length > 0 ? paths : ['/']) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = path.replace(/[^a-z0-9]+/gi, '_') || 'home';
    await page.screenshot({ path: `${outDir}/${width}${name}.png`, fullPage: process.env.FULL === '1' });
  }
  await page.close();
}
await browser.close();
