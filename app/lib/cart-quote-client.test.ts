import { afterEach, describe, expect, it, vi } from 'vitest';
import { askCartQuote, CART_QUOTE_PATH } from './cart-quote-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = JSON.stringify({ items: [{ id: 1001, quantity: 1 }] });

describe('askCartQuote', () => {
  it('posts the bag as JSON to the quote route and gives back its answer', async () => {
    const fetch = vi.fn(async () => Response.json({ ok: true, quote: { totalKobo: 5_000_000 } }));
    vi.stubGlobal('fetch', fetch);
    expect(await askCartQuote(body)).toEqual({ ok: true, quote: { totalKobo: 5_000_000 } });
    expect(fetch).toHaveBeenCalledWith(
      CART_QUOTE_PATH,
      expect.objectContaining({
        method: 'POST',
        body,
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('gives a refusal as the route wrote it: its message and its fields', async () => {
    const refusal = {
      ok: false,
      error: 'We do not deliver to that state yet.',
      fields: { 'shippingAddress.state': 'Not covered' },
    };
    vi.stubGlobal('fetch', async () => Response.json(refusal, { status: 422 }));
    expect(await askCartQuote(body)).toEqual(refusal);
  });

  it("turns an answer that is not the route's (a gateway's error page) into a refusal in words", async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    expect(await askCartQuote(body)).toEqual({
      ok: false,
      error: 'Your cart could not be priced. Please try again.',
    });
  });

  it('turns a lost connection into a refusal in words, not an error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await askCartQuote(body)).toEqual({
      ok: false,
      error: 'Your cart could not be priced: check your connection and try again.',
    });
  });

  it('rejects when its question was replaced (aborted), so an older answer never overwrites a newer one', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async () => {
      controller.abort();
      return Response.json({ ok: true, quote: {} });
    });
    await expect(askCartQuote(body, controller.signal)).rejects.toThrow();
  });
});
