import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/e2e/browser';
const [base, email, password] = process.argv.slice(2);
const browser = await chromium.launch(chromiumLaunchOptions());
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/login`);
  await page.screenshot({ path: `/tmp/shots/${width}-login.png` });
  await page.fill('input[name=email]', email!);
  await page.fill('input[name=password]', password!);
  await page.click('main button[type=submit]');
  await page.waitForURL(/admin|profile/);
  await page.goto(`${base}/profile`);
  await page.screenshot({ path: `/tmp/shots/${width}-profile.png`, fullPage: true });
  await page.goto(`${base}/register`);
  await page.close();
}
await browser.close();
