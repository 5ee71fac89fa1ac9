import { describe, expect, it } from 'vitest';
import { isPaymentPage } from './payment-pages';

describe('the pages that open a payment', () => {
  it('are the checkout, the success page, the orders list and an order page', () => {
    for (const path of [
      '/checkout',
      '/order-success',
      '/orders',
      '/orders/RS-10001',
      '/orderdetails/RS-10001/',
    ])
      expect(isPaymentPage(path), path).toBe(true);
  });

  it('leave out every other page, the page data requests and the API', () => {
    for (const path of [
      '/',
      '/product/12',
      '/cart',
      '/checkout.data',
      '/orders/RS-10001/return',
      '/orders/RS-10001.data',
      '/api/orders/RS-10001/payments',
      '/checkoutx',
      '/admin',
    ])
      expect(isPaymentPage(path), path).toBe(false);
  });
});
