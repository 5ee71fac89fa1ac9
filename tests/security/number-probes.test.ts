import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DB_INTEGER, MAX_PRICE_NAIRA } from '../../contracts/limits';
import { products } from '../../db/schema/catalog';
import { auth, signInSeededAdmin, signUpAs } from '../fixtures/admin-api';
import { setProductStock } from '../fixtures/stock';
import type { TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';
import { concretePath, documentedRoutes } from './api-routes';

/**
 * Issue 24, finding 4 (second half): a number too large for the integer columns it reaches (ids,
 * kobo amounts) must be refused with a 400 before any query, never a 500; the pages drop or clamp an
 * out-of-range filter as they do any bad filter. The whole shop, API and pages, on one database.
 */
let test: TestApp;
let adminToken: string;
let customerToken: string;
beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  adminToken = (await signInSeededAdmin(test)).token;
  customerToken = await signUpAs(test, 'numbers@example.ng');
}, 180_000);
afterAll(async () => {
  await test?.close();
});

/** One past the int4 column's largest value, a large one, the exponent form and one past every double. */
const TOO_LARGE = ['2147483648', '99999999999', '1e10', '1e309'];
/** ₦21,474,837 is the first naira price whose kobo no longer fits an int4 column. */
const PRICE_TOO_HIGH = ['21474837', '20000000.01', '1e10'];

const order = (id: number | string) => ({
  items: [{ id, quantity: 1 }],
  shippingMethod: 'standard',
  paymentMethod: 'bank-transfer',
  email: 'numbers@example.ng',
  phone: '0803 555 0000',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Obi',
    address: '3 Allen Avenue',
    city: 'Ikeja',
    state: 'Lagos',
    country: 'Nigeria',
  },
});

describe('product ids in a cart or an order', () => {
  it('a quote refuses an id beyond the largest id with 400 naming the line, before any query', async () => {
    for (const id of [...TOO_LARGE.map(Number).filter(Number.isFinite), ...TOO_LARGE]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: { items: [{ id, quantity: 1 }] },
      });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty(['items.0.id']);
    }
    const largest = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: MAX_DB_INTEGER, quantity: 1 }] },
    });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().lines[0].problem).toBe('This item is no longer available.');
  });

  it('Place Order refuses an id beyond the largest id with 400, and places nothing', async () => {
    for (const id of [2147483648, 99999999999, '2147483648']) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': `numbers-${id}` },
        payload: order(id),
      });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty(['items.0.id']);
    }
  });
});

describe('price filters', () => {
  it('the product API answers 400 to a minPrice or maxPrice above the dearest price a product may have', async () => {
    for (const name of ['minPrice', 'maxPrice']) {
      for (const value of PRICE_TOO_HIGH) {
        const response = await test.app.inject({ method: 'GET', url: `/api/products?${name}=${value}` });
        expect(response.statusCode, `${name}=${value}: ${response.body}`).toBe(400);
        expect(response.json().error.fields).toHaveProperty([name]);
      }
      const highest = await test.app.inject({
        method: 'GET',
        url: `/api/products?${name}=${MAX_PRICE_NAIRA}`,
      });
      expect(highest.statusCode, highest.body).toBe(200);
    }
  });

  it("a category's product API answers 400 the same way", async () => {
    for (const name of ['minPrice', 'maxPrice']) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/categories/tote-bags/products?${name}=21474837`,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('the list pages clamp an out-of-range price filter instead of failing', async () => {
    for (const path of ['/products', '/sale', '/search?q=bag', '/category/womens-bags']) {
      for (const name of ['minPrice', 'maxPrice']) {
        for (const value of PRICE_TOO_HIGH) {
          const url = `${path}${path.includes('?') ? '&' : '?'}${name}=${value}`;
          const response = await test.app.inject({ method: 'GET', url });
          expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
        }
      }
    }
    // The clamp keeps the filter's meaning: nothing in the demo shop costs ₦20,000,000 or more.
    const none = await test.app.inject({ method: 'GET', url: '/products?minPrice=1e10' });
    expect(none.body).toMatch(/No products|0 products/i);
  });
});

describe('ids and amounts in admin and payment routes', () => {
  it("re-verifying a transaction answers 400 to an id beyond the largest id, the admin's and anyone's", async () => {
    for (const id of TOO_LARGE) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/admin/transactions/${id}/verify`,
        headers: auth(adminToken),
      });
      expect(response.statusCode, `${id}: ${response.body}`).toBe(400);
    }
  });

  it('the TEST MODE sandbox refuses a charge for more than an order can hold with 400', async () => {
    for (const amount of [21474836.48, 99999999999, 1e308]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/sandbox/charges',
        payload: {
          txRef: 'ROSSY-NUMBERS-1',
          amount,
          currency: 'NGN',
          cardNumber: '5531 8866 5214 2950',
          expiry: '09/32',
          cvv: '564',
          customer: { email: 'numbers@example.ng', name: 'Ada Obi' },
        },
      });
      expect(response.statusCode, `${amount}: ${response.body}`).toBe(400);
      expect(response.json().error.fields).toHaveProperty(['amount']);
    }
  });

  it('a shipping price above the dearest product price is refused, and orders still price', async () => {
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: auth(adminToken),
      payload: {
        shippingMethods: [
          {
            id: 'standard',
            name: 'Standard',
            description: 'Delivery in 3-5 business days',
            freeOverThreshold: true,
            enabled: true,
            price: 99_999_999,
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['shippingMethods.0.price']);
    const quote = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: 1001, quantity: 1 }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
  });

  it('an order whose total would not fit is refused with a clear 4xx, never a 500', async () => {
    await test.database.db
      .update(products)
      .set({ priceKobo: MAX_PRICE_NAIRA * 100 })
      .where(eq(products.id, 1002));
    await setProductStock(test.database.db, 1002, 500);
    const quote = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: 1002, quantity: 5 }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ purchasable: false });
    expect(quote.json().lines[0].problem).toMatch(/at most ₦21,474,836/);
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'numbers-total' },
      payload: { ...order(1002), items: [{ id: 1002, quantity: 5 }] },
    });
    expect(placed.statusCode, placed.body).toBeGreaterThanOrEqual(400);
    expect(placed.statusCode, placed.body).toBeLessThan(500);
    expect(placed.json().error.message).toMatch(/split it into smaller orders/);
  });

  it('every documented path value, for every caller, answers a large number with a 4xx', async () => {
    const failures: string[] = [];
    for (const route of documentedRoutes(test.app).filter((item) => item.params.length > 0)) {
      for (const value of TOO_LARGE) {
        for (const token of [null, customerToken, adminToken]) {
          const response = await test.app.inject({
            method: route.method,
            url: concretePath(route, Object.fromEntries(route.params.map((name) => [name, value]))),
            headers: token ? auth(token) : {},
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
          });
          if (response.statusCode >= 500)
            failures.push(`${route.method} ${route.path} ${value} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
