import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as seed from '../../../seed/catalog-data';
import { buildApp } from '../../app';
import { auth, signUpAs } from '../../../tests/fixtures/admin-api';
import { recordFitReturns } from '../../../tests/fixtures/fit-evidence';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { testConfig } from '../../../tests/fixtures/test-config';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** Pieces sold in sizes that the demo gives no fit answers: each test starts from no advice. */
const fresh = seed.products
  .map((product, index) => ({ product, id: 1001 + index }))
  .filter(({ product }) => product.sizes.length > 1 && product.reviews.every((review) => !review.fit));

describe('the fit advice on GET /api/products/:id', () => {
  it('appears at once after returns come in, though the page was cached, in this process and in a second one', async () => {
    const other = await buildApp({ config: testConfig(), database: test.database, logger: false });
    await other.ready();
    try {
      const url = `/api/products/${fresh[0]!.id}`;
      for (const app of [test.app, other]) {
        const first = await app.inject({ method: 'GET', url });
        expect(first.json().fitAdvice).toBeNull();
        await expect
          .poll(async () => (await app.inject({ method: 'GET', url })).headers['x-cache'], {
            timeout: 2000,
            interval: 20,
          })
          .toBe('hit');
      }

      // As the returns' own writes do: the rows land in one transaction, outside any request here.
      await recordFitReturns(test.database.db, fresh[0]!.id, 'too_small', 6);

      const advice = {
        direction: 'small',
        message: 'Runs small: most people who returned it needed one size up.',
        basis: { returns: 6, reviews: 0 },
      };
      for (const app of [test.app, other]) {
        await expect
          .poll(async () => (await app.inject({ method: 'GET', url })).json().fitAdvice, {
            timeout: 2000,
            interval: 5,
          })
          .toEqual(advice);
      }
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/products/:id/reviews with a fit answer', () => {
  const review = { rating: 4, title: 'Snug', comment: 'I needed the next size up.' };

  it('keeps the answer, and the product shows advice once enough reviewers agree', async () => {
    const id = fresh[1]!.id;
    const url = `/api/products/${id}`;
    expect((await test.app.inject({ method: 'GET', url })).json().fitAdvice).toBeNull();
    for (let index = 0; index < 5; index += 1) {
      const token = await signUpAs(test, `fit.reviewer${index}@example.ng`, 'Ngozi A.');
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/products/${id}/reviews`,
        headers: auth(token),
        payload: { ...review, fit: index === 0 ? 'true' : 'large' },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // The writer's next read already shows it.
    expect((await test.app.inject({ method: 'GET', url })).json().fitAdvice).toEqual({
      direction: 'large',
      message: 'Runs large: most reviewers say to take one size down.',
      basis: { returns: 0, reviews: 4 },
    });
  });

  it('answers 400 naming the field for any other answer, and keeps no review', async () => {
    const id = fresh[2]!.id;
    const token = await signUpAs(test, 'fit.wrong@example.ng', 'Bisi O.');
    const oneSize = 1001 + seed.products.findIndex((product) => product.sizes.length === 1);
    for (const [productId, fit] of [
      [id, 'tight'],
      [id, 2],
      [id, ''],
      [id, null],
      [oneSize, 'small'],
    ] as const) {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/reviews`,
        headers: auth(token),
        payload: { ...review, fit },
      });
      expect(response.statusCode, `${productId} ${String(fit)}`).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'BAD_REQUEST',
        fields: { fit: expect.any(String) },
      });
    }
    const page = (await test.app.inject({ method: 'GET', url: `/api/products/${id}/reviews` })).json();
    expect(page.total).toBe(fresh[2]!.product.reviews.length);
  });
});
