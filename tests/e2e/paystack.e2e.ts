import fs from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFlutterwaveStandIn, type FlutterwaveStandIn } from '../fixtures/flutterwave-stand-in';
import {
  PAYSTACK_BANKS,
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackEvent,
  type PaystackStandIn,
} from '../fixtures/paystack-stand-in';
import {
  createScratchDatabase,
  startShop,
  SYSTEM_ADMIN,
  type ScratchDatabase,
  type ShopProcess,
} from '../fixtures/shop-process';
import { closeBrowser, getBrowser, VIEWPORTS, waitForHydration, type Width } from './fixtures';

/**
 * Paying with Paystack in the browser, on a shop of its own: the shared e2e server runs in TEST MODE,
 * so this file starts the production build with Paystack's keys pointing at the Paystack stand-in and
 * Flutterwave's at the Flutterwave stand-in (the owner can switch between them). Paystack's inline
 * script and its checkout frame are played in the browser by `page.route`: the fake script defines
 * `PaystackPop` and opens a frame at https://checkout.paystack.com whose card form charges through
 * the stand-in (POST /test/pay). So the shop's real CSP and its real client code run.
 */

const SHOTS = '/tmp/shots';
const PAYSTACK = 'Paystack (card, bank, USSD)';
const FLUTTERWAVE = 'Flutterwave (card, bank, USSD)';
const DECLINED_CARD = '4000 0000 0000 0002';

/**
 * Paystack Inline v2 as the shop uses it: `new PaystackPop().resumeTransaction(accessCode, callbacks)`
 * opens Paystack's checkout in a frame over the page. This one reports every charge attempt to
 * onSuccess, declined or not: what the popup says is a hint only, and the shop must verify.
 */
const FAKE_INLINE_JS = `
window.PaystackPop = function PaystackPop() {};
window.PaystackPop.prototype.resumeTransaction = function (accessCode, callbacks) {
  var frame = document.createElement('iframe');
  frame.src = 'https://checkout.paystack.com/test/popup?access_code=' + encodeURIComponent(accessCode);
  frame.title = 'Paystack checkout';
  frame.setAttribute('style', 'position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647');
  function answer(event) {
    if (event.origin !== 'https://checkout.paystack.com' || event.source !== frame.contentWindow) return;
    window.removeEventListener('message', answer);
    frame.remove();
    var said = event.data || {};
    if (said.kind === 'cancel') callbacks.onCancel();
    else if (said.kind === 'charged') callbacks.onSuccess({ reference: said.reference, status: said.status });
    else callbacks.onError({ message: said.message || 'Something went wrong' });
  }
  window.addEventListener('message', answer);
  document.body.appendChild(frame);
};
`;

/** Paystack's checkout frame: a card number, Pay and Cancel; the charge goes to the stand-in. */
const FAKE_POPUP_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack checkout</title></head>
<body style="margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,0.55);font-family:sans-serif">
<form id="pay" style="background:#fff;padding:20px;border-radius:8px;width:min(320px,88vw);box-sizing:border-box">
  <h1 style="font-size:18px;margin:0 0 12px">Pay with Paystack</h1>
  <label for="card" style="display:block;font-size:14px">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="off" style="width:100%;box-sizing:border-box;margin:6px 0 12px;padding:8px">
  <button type="submit">Pay</button>
  <button type="button" id="cancel">Cancel</button>
</form>
<script>
  var code = new URLSearchParams(location.search).get('access_code');
  document.getElementById('cancel').onclick = function () { parent.postMessage({ kind: 'cancel' }, '*'); };
  document.getElementById('pay').onsubmit = function (event) {
    event.preventDefault();
    fetch('/test/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_code: code, card_number: document.getElementById('card').value }),
    })
      .then(function (response) { return response.json(); })
      .then(function (body) {
        var data = body.data || {};
        parent.postMessage({ kind: 'charged', reference: data.reference, status: data.status }, '*');
      })
      .catch(function (error) { parent.postMessage({ kind: 'error', message: String(error) }, '*'); });
  };
</script>
</body></html>`;

let paystack: PaystackStandIn;
let flutterwave: FlutterwaveStandIn;
let database: ScratchDatabase;
let shop: ShopProcess;
let bag: { id: number; name: string; size: string; colour: string };

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  flutterwave = await startFlutterwaveStandIn();
  database = await createScratchDatabase('paystack');
  shop = await startShop({
    databaseUrl: database.url,
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_PUBLIC_KEY: paystack.publicKey,
      PAYSTACK_API_BASE: paystack.url,
      FLW_PUBLIC_KEY: 'FLWPUBK_TEST-standin0public0key-X',
      FLW_SECRET_KEY: flutterwave.secretKey,
      FLW_API_BASE: flutterwave.url,
      FLW_WEBHOOK_HASH: 'paystack-journey-webhook-hash',
    },
  });
  // A bag from the shop's own seed, in its first colour and size, with plenty of that in stock.
  const [found] = await database.query<{ id: number; name: string; size: string; colour: string }>(
    `SELECT p.id, p.name, p.sizes[1] AS size, p.colors->0->>'name' AS colour
       FROM products p
       JOIN product_variants v ON v.product_id = p.id AND v.size = p.sizes[1] AND v.color = p.colors->0->>'name'
      WHERE p.status = 'active' AND p.category_id LIKE '%bag%' AND v.stock >= 10
      ORDER BY v.stock DESC, p.id LIMIT 1`,
  );
  expect(found, 'the seed has a bag with plenty in stock').toBeTruthy();
  bag = found!;
}, 300_000);

afterAll(async () => {
  await closeBrowser();
  await shop?.stop();
  await database?.drop();
  await paystack?.close();
  await flutterwave?.close();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  /** console errors (a CSP refusal among them) and uncaught exceptions. */
  problems: string[];
}

/** A fresh browser on this file's shop, with Paystack's script and checkout frame played locally. */
async function open(width: Width): Promise<Opened> {
  const browser = await getBrowser();
  const context = await browser.newContext({
    baseURL: shop.url,
    viewport: VIEWPORTS[width],
    isMobile: width === 375,
    hasTouch: width === 375,
    deviceScaleFactor: 1,
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.route('https://js.paystack.co/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_INLINE_JS }),
  );
  await context.route('https://checkout.paystack.com/**', async (route) => {
    const address = new URL(route.request().url());
    if (address.pathname === '/test/popup')
      return route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_POPUP_HTML });
    if (address.pathname === '/test/pay') {
      const charged = await fetch(`${paystack.url}/test/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: route.request().postData() ?? '{}',
      });
      return route.fulfill({
        status: charged.status,
        contentType: 'application/json',
        body: await charged.text(),
      });
    }
    return route.fulfill({ status: 404, body: 'Not found' });
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    problems.push(`console.error: ${message.text()}${where ? ` (at ${new URL(where).pathname})` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  return { page, context, problems };
}

const main = (page: Page) => page.locator('main');

async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `GET ${path}`).toBe(200);
  await waitForHydration(page);
}

/** The path the current document was loaded at: its CSP is that page's, whatever the address bar says. */
const documentPath = (page: Page) =>
  page.evaluate(() => new URL(performance.getEntriesByType('navigation')[0]!.name).pathname);

async function fillDetails(page: Page, email: string) {
  const form = main(page);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('+234 803 555 0142');
  await form.getByLabel('First name').fill('Ngozi');
  await form.getByLabel('Last name').fill('Adeyemi');
  await form.getByLabel('Address').fill('22 Awolowo Road');
  await form.getByLabel('City').fill('Ikoyi');
  await form.getByLabel('State').selectOption('Lagos');
  await form.getByLabel('Postal code').fill('101233');
}

/** The bag in local storage, then the checkout loaded as a document. */
async function checkoutWithTheBag(page: Page) {
  await visit(page, '/');
  await page.evaluate((line) => localStorage.setItem('rossy.cart', JSON.stringify([line])), {
    id: bag.id,
    name: bag.name,
    price: 0,
    image: null,
    category: '',
    quantity: 1,
    selectedColor: bag.colour,
    selectedSize: bag.size,
  });
  await visit(page, '/checkout');
  await main(page)
    .getByRole('button', { name: /^Place Order · ₦/ })
    .waitFor();
}

async function placeOrder(page: Page) {
  const button = main(page).getByRole('button', { name: /^Place Order · ₦/ });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

/** The shopper's side of Paystack's window: a card number, then Pay. */
async function payInPaystack(page: Page, card: string) {
  const frame = page.frameLocator('iframe[title="Paystack checkout"]');
  await frame.getByLabel('Card number').fill(card);
  await frame.getByRole('button', { name: 'Pay' }).click();
}

const orderRow = async (where: string, value: string) =>
  (
    await database.query<{ number: string; payment_status: string; status: string; payment_method: string }>(
      `SELECT number, payment_status, status, payment_method FROM orders WHERE ${where} = $1`,
      [value],
    )
  )[0];

/** Nothing wider than the phone: no sideways scroll. */
async function expectNoOverflow(page: Page, what: string) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${what}: nothing wider than the screen`).toBeLessThanOrEqual(widths.view);
}

/**
 * Every price and button in the main column (or in `within`, with `extra` elements too) is on screen
 * width and not covered by anything.
 */
async function expectNothingCovered(page: Page, what: string, within: Locator = main(page), extra = '') {
  const selector = ['button', 'a[class*="button"]', '[data-testid*="price"]', '.tabular-nums', extra]
    .filter(Boolean)
    .join(', ');
  const covered = await within.evaluate((root, targets) => {
    const found: string[] = [];
    for (const element of root.querySelectorAll<HTMLElement>(targets)) {
      if (element.getClientRects().length === 0) continue;
      // Where the shopper would scroll to read it: the middle of the screen.
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < -1 || box.right > document.documentElement.clientWidth + 1)
        found.push(`off screen: ${element.textContent?.trim()}`);
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (y < 0 || y > window.innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && top !== element && !element.contains(top) && !top.contains(element))
        found.push(
          `covered: ${element.textContent?.trim()} by <${top.tagName.toLowerCase()} class="${top.className}">`,
        );
    }
    return found;
  }, selector);
  expect(covered, `${what}: prices and buttons are visible`).toEqual([]);
}

/** Nothing inside a box reaches past its edges. */
async function expectInside(box: Locator, what: string) {
  const sticking = await box.evaluate((element) => {
    const edges = element.getBoundingClientRect();
    const found: string[] = [];
    for (const child of element.querySelectorAll<HTMLElement>('*')) {
      const rect = child.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right > edges.right + 0.5 || rect.left < edges.left - 0.5)
        found.push(`<${child.tagName.toLowerCase()}> "${(child.textContent ?? '').trim().slice(0, 40)}"`);
    }
    return found;
  });
  expect(sticking, `${what}: nothing sticks out`).toEqual([]);
}

/** The owner signs in through the form the guard sends a guest to, then sees `target`. */
async function signInAsOwner(page: Page, target: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(target)}`);
  await waitForHydration(page);
  await main(page).getByLabel('Email', { exact: true }).fill(SYSTEM_ADMIN.email);
  await main(page).getByLabel('Password', { exact: true }).fill(SYSTEM_ADMIN.password);
  await main(page).getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((address) => address.pathname === '/admin');
  await waitForHydration(page);
  const landed = new URL(page.url());
  if (`${landed.pathname}${landed.search}` !== target) await visit(page, target);
}

/** An event Paystack signs with the secret key, posted to this shop's webhook. */
async function paystackWebhook(event: PaystackEvent): Promise<{ status: number; body: unknown }> {
  const { body, signature } = paystack.signedWebhook(event.event, event.data);
  const response = await fetch(`${shop.url}/api/payments/paystack/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    body,
  });
  return { status: response.status, body: await response.json() };
}

/** The owner picks who takes cards in Settings → Payments, at 1280 px. */
async function ownerTakesCardsWith(provider: 'Flutterwave' | 'Paystack') {
  const { page, context, problems } = await open(1280);
  try {
    await signInAsOwner(page, '/admin?tab=settings');
    const payments = page.locator('section[aria-labelledby="settings-payments"]');
    const choice = payments.getByRole('group', { name: 'Card payments' });
    await choice.waitFor();
    await choice.getByRole('radio', { name: provider }).check();
    // The provider checkout's switch names the provider that will take the payments.
    await payments.getByText(`${provider} checkout (card, bank, USSD)`).waitFor();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    const [saved] = await database.query<{ value: { cardProvider?: string } }>(
      `SELECT value FROM settings WHERE key = 'shop'`,
    );
    expect(saved?.value.cardProvider).toBe(provider.toLowerCase());
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('paying with Paystack', () => {
  let paidOrder = '';
  /** The guest's key to her order's page, from her success page's address. */
  let paidOrderKey = '';

  test('375px: a shopper adds a bag, checks out with Paystack and pays with the test card; the success page says Paystack verified it', async () => {
    await ownerTakesCardsWith('Paystack');
    const { page, context, problems } = await open(375);
    try {
      await visit(page, `/product/${bag.id}`);
      const sizes = main(page).locator('fieldset', { hasText: 'Size' }).first();
      await sizes
        .locator('label', { hasText: new RegExp(`^\\s*${bag.size}\\s*$`) })
        .first()
        .click();
      await main(page).getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await main(page)
        .getByRole('button', { name: /Added to cart/ })
        .first()
        .waitFor();
      await visit(page, '/cart');
      await main(page).getByTestId('cart-line').first().waitFor();
      // The product page's policy keeps Paystack out; the checkout is loaded as its own document.
      expect(await documentPath(page)).toBe('/cart');
      await main(page).getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL((address) => address.pathname === '/checkout');
      await waitForHydration(page);
      expect(await documentPath(page), 'the checkout runs under its own CSP').toBe('/checkout');

      const email = `ngozi.${Date.now()}@example.ng`;
      await fillDetails(page, email);
      const methods = main(page).getByRole('radio', { name: /\(card, bank, USSD\)$/ });
      expect(await methods.count(), 'one provider checkout is offered').toBe(1);
      await main(page).getByRole('radio', { name: PAYSTACK }).check();
      await main(page).getByTestId('card-payment-note').getByText("Paystack's secure window opens").waitFor();
      fs.mkdirSync(SHOTS, { recursive: true });
      await expectNoOverflow(page, 'the checkout');
      await expectNothingCovered(page, 'the checkout');
      await main(page).getByRole('radio', { name: PAYSTACK }).scrollIntoViewIfNeeded();
      await main(page)
        .getByTestId('card-payment-note')
        .evaluate((note) => note.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.screenshot({ path: `${SHOTS}/paystack-checkout-375.png` });
      await main(page)
        .getByRole('button', { name: /^Place Order · ₦/ })
        .evaluate((button) => button.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.screenshot({ path: `${SHOTS}/paystack-checkout-total-375.png` });
      await page.screenshot({ path: `${SHOTS}/paystack-checkout-full-375.png`, fullPage: true });

      await placeOrder(page);
      await payInPaystack(page, PAYSTACK_TEST_CARD);
      await page.waitForURL((address) => address.pathname === '/order-success', { timeout: 20_000 });
      await main(page).getByText('Paystack Payment Verified').waitFor();
      expect(await page.locator('iframe[title="Paystack checkout"]').count(), 'the window is gone').toBe(0);
      expect(await main(page).getByTestId('pay-now').count(), 'nothing left to pay').toBe(0);
      await expectNoOverflow(page, 'the success page');
      await expectNothingCovered(page, 'the success page');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/paystack-success-375.png` });
      await main(page)
        .getByRole('link', { name: /view order details/i })
        .evaluate((link) => link.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.screenshot({ path: `${SHOTS}/paystack-success-buttons-375.png` });

      paidOrder = new URL(page.url()).searchParams.get('order') ?? '';
      paidOrderKey = new URL(page.url()).searchParams.get('key') ?? '';
      const row = await orderRow('number', paidOrder);
      expect(row).toMatchObject({ payment_method: 'paystack', payment_status: 'paid', status: 'processing' });
      const reference = paystack.requests.find((request) => request.path === '/transaction/initialize');
      expect(reference, 'the shop initialized the transaction with Paystack').toBeTruthy();
      expect(
        paystack.requests.some((request) => request.path.startsWith('/transaction/verify/')),
        'and verified it with Paystack before the order counted as paid',
      ).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('375px: a declined card says "Payment failed: …" and the order stays unpaid', async () => {
    const { page, context, problems } = await open(375);
    try {
      await checkoutWithTheBag(page);
      const email = `tunde.${Date.now()}@example.ng`;
      await fillDetails(page, email);
      await main(page).getByRole('radio', { name: PAYSTACK }).check();
      await placeOrder(page);
      await payInPaystack(page, DECLINED_CARD);
      await main(page)
        .getByText(/^Payment failed: /)
        .waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).pathname, 'the shopper stays at the checkout').toBe('/checkout');
      await main(page).getByRole('button', { name: 'Try payment again' }).waitFor();
      const row = await orderRow('email', email);
      expect(row).toMatchObject({
        payment_method: 'paystack',
        payment_status: 'pending',
        status: 'awaiting_payment',
      });
      await expectNoOverflow(page, 'the failed payment');
      // The shop's verify refused the payment (422): the one error the browser logs.
      expect(problems).toEqual([
        'console.error: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity) (at /api/payments/paystack/verify)',
      ]);
    } finally {
      await context.close();
    }
  });

  test('the owner switches card payments to Flutterwave: the next checkout offers Flutterwave, and the Paystack order stays paid', async () => {
    expect(paidOrder, 'the Paystack order of the first journey').toMatch(/\S/);
    await ownerTakesCardsWith('Flutterwave');
    const { page, context, problems } = await open(375);
    try {
      await checkoutWithTheBag(page);
      await main(page).getByRole('radio', { name: FLUTTERWAVE }).waitFor();
      expect(await main(page).getByRole('radio', { name: PAYSTACK }).count()).toBe(0);
      await main(page).getByRole('radio', { name: FLUTTERWAVE }).check();
      await main(page)
        .getByTestId('card-payment-note')
        .getByText("Flutterwave's secure window opens")
        .waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    expect(await orderRow('number', paidOrder)).toMatchObject({
      payment_method: 'paystack',
      payment_status: 'paid',
    });
  });

  test("375px: the owner refunds the Paystack order in full; the card cannot take it back, so it goes to the shopper's bank account: nine digits are refused beside the field, ten reach Paystack once, and the shopper reads it was sent to her bank account", async () => {
    expect(paidOrder, 'the Paystack order of the first journey').toMatch(/\S/);
    expect(paidOrderKey, "the guest's key to her order").toMatch(/\S/);
    const target = `/admin?tab=orders&order=${paidOrder}`;
    const retries = () =>
      paystack.requests.filter((request) => request.path.startsWith('/refund/retry_with_customer_details/'));
    const refundRow = async () =>
      (
        await database.query<{ status: string; provider: string; provider_refund_id: string | null }>(
          `SELECT r.status, r.provider, r.provider_refund_id
             FROM refunds r JOIN orders o ON o.id = r.order_id
            WHERE o.number = $1`,
          [paidOrder],
        )
      )[0];
    // Paystack queues the refund, then finds the card cannot take it back.
    paystack.refundScripts = [{ then: 'needs-attention' }];

    const { page, context, problems } = await open(375);
    try {
      await signInAsOwner(page, target);
      const panel = main(page).getByTestId('admin-order-panel');
      await panel.waitFor();
      await main(page).getByRole('button', { name: 'Refund', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: `Refund ${paidOrder}` });
      await dialog.waitFor();
      // In full: every line and the delivery charge, which is all the order took.
      for (const line of await dialog.getByTestId('refund-line').all()) {
        const more = line.getByRole('button', { name: /^One more of / });
        while (await more.isEnabled()) await more.click();
      }
      const delivery = dialog.getByLabel(/^Include delivery/);
      if ((await delivery.count()) > 0) await delivery.check();
      const remaining = ((await dialog.getByTestId('refund-remaining').textContent()) ?? '').replace(
        / remains refundable$/,
        '',
      );
      expect(remaining).toMatch(/^₦[\d,]+(?:\.\d\d)?$/);
      expect(await dialog.getByTestId('refund-amount').textContent(), 'the whole payment').toBe(remaining);
      // Paystack's test keys answer for themselves: the sandbox's outcome picker is not offered.
      expect(await dialog.getByLabel('TEST MODE outcome').count()).toBe(0);
      await dialog.getByLabel('Reason').fill('The strap came loose on the first day');
      await dialog.getByRole('button', { name: `Refund ${remaining}` }).click();
      await main(page)
        .getByTestId('admin-notice')
        .getByText(
          `Refund of ${remaining} on ${paidOrder} is on its way: the provider is still processing it.`,
        )
        .waitFor();
      const asked = await refundRow();
      expect(asked, 'asked of Paystack, and pending at Paystack').toMatchObject({
        provider: 'paystack',
        status: 'pending',
      });
      expect(asked?.provider_refund_id).toMatch(/^\d+$/);
      const paystackRefund = asked!.provider_refund_id!;

      // Paystack tells the shop the refund needs attention; the shop reads it again and waits for staff.
      const attention = paystack.refundEvent(paystackRefund);
      expect(attention.event).toBe('refund.needs-attention');
      expect(await paystackWebhook(attention)).toEqual({ status: 200, body: { received: true } });
      expect((await refundRow())?.status).toBe('needs_attention');

      await visit(page, target);
      const refunds = panel.getByRole('region', { name: 'Refunds' });
      const refund = refunds.getByTestId('admin-order-refund');
      await refund.waitFor();
      expect(await refund.getByTestId('refund-status').textContent()).toBe('Needs bank details');
      expect(await refund.getByTestId('admin-order-refund-amount').textContent()).toBe(remaining);
      await refund
        .getByTestId('admin-order-refund-attention')
        .getByText(/The card cannot take this refund back/)
        .waitFor();
      const form = refund.getByTestId('refund-bank-account');
      const bank = form.getByLabel("Shopper's bank");
      expect(await bank.locator('option').allTextContents(), "Paystack's banks").toEqual([
        'Choose the bank',
        ...PAYSTACK_BANKS.map((item) => item.name),
      ]);
      const send = form.getByRole('button', { name: `Send the refund of ${remaining} to this account` });
      await form.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/paystack-refund-needs-bank-375.png` });
      await refunds.screenshot({ path: `${SHOTS}/paystack-refund-needs-bank-panel-375.png` });
      await expectNoOverflow(page, 'the Needs bank details panel');
      await expectInside(refunds, 'the Refunds panel');
      await expectNothingCovered(
        page,
        'the Needs bank details panel',
        refunds,
        'select, input:not([type=hidden])',
      );

      // Nine digits: refused beside the field, and Paystack is not asked.
      await bank.selectOption({ label: 'Zenith Bank' });
      const account = form.getByLabel('Account number');
      await account.fill('012345678');
      await send.click();
      await form.getByRole('alert').getByText('A 10-digit account number', { exact: true }).waitFor();
      expect(await account.getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByRole('alert').count(), 'said once, beside the field').toBe(1);
      expect(retries(), 'nothing sent to Paystack').toEqual([]);
      expect((await refundRow())?.status).toBe('needs_attention');
      await expectNoOverflow(page, 'the refused account number');
      await expectInside(refunds, 'the Refunds panel with its refusal');
      await form.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.screenshot({ path: `${SHOTS}/paystack-refund-bank-refused-375.png` });

      // Ten digits and the bank: on its way to her account, Paystack asked once with it.
      expect(await bank.inputValue(), 'the bank stays chosen').toBe('22');
      await account.fill('0123456789');
      await send.click();
      await expect.poll(() => refund.getByTestId('refund-status').textContent()).toBe('On its way');
      await refund.getByText(/Zenith Bank\s*0123456789/).waitFor();
      expect(await refund.getByTestId('refund-bank-account').count(), 'the form is gone').toBe(0);
      expect(retries().map((request) => ({ path: request.path, body: request.body }))).toEqual([
        {
          path: `/refund/retry_with_customer_details/${paystackRefund}`,
          body: { refund_account_details: { currency: 'NGN', account_number: '0123456789', bank_id: '22' } },
        },
      ]);
      expect((await refundRow())?.status).toBe('pending');
      await expectNoOverflow(page, 'the refund on its way');

      // Paystack pays it out and says so: the order reads refunded.
      const processed = paystack.refundEvent(paystackRefund);
      expect(processed.event).toBe('refund.processed');
      expect(await paystackWebhook(processed)).toEqual({ status: 200, body: { received: true } });
      expect((await refundRow())?.status).toBe('completed');
      expect(await orderRow('number', paidOrder)).toMatchObject({
        payment_method: 'paystack',
        payment_status: 'refunded',
      });
      await visit(page, target);
      await refund.waitFor();
      expect(await refund.getByTestId('refund-status').textContent()).toBe('Refunded');
      const payment = panel.getByRole('region', { name: 'Payment' });
      expect(
        await payment
          .locator('dt', { hasText: 'Status' })
          .locator('xpath=following-sibling::dd[1]')
          .textContent(),
      ).toBe('Refunded');
      expect(
        await main(page).getByRole('button', { name: 'Refund', exact: true }).count(),
        'nothing left to refund',
      ).toBe(0);
      expect(retries(), 'Paystack was asked once with the account').toHaveLength(1);
      await expectNoOverflow(page, 'the refunded order');
      // The refused nine digits: the one error the browser logs.
      expect(problems).toEqual([
        'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) (at /admin.data)',
      ]);
    } finally {
      await context.close();
    }

    // The shopper's page, through her order's link.
    const shopper = await open(375);
    try {
      await visit(shopper.page, `/orderdetails/${paidOrder}?key=${encodeURIComponent(paidOrderKey)}`);
      const refund = main(shopper.page).getByTestId('order-refund');
      await refund.waitFor();
      expect(await refund.count()).toBe(1);
      await refund.getByText(/^Sent to your bank account •••• 6789 on \d{1,2} \w{3} \d{4}\.$/).waitFor();
      await refund.getByText('The strap came loose on the first day').waitFor();
      await main(shopper.page).getByText('Refunded', { exact: true }).first().waitFor();
      await expectNoOverflow(shopper.page, "the shopper's order");
      expect(shopper.problems).toEqual([]);
    } finally {
      await shopper.context.close();
    }
  });
});
