import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../mailer';
import { OrderSummary, orderSummaryLines, type MailOrderSummary } from './order-summary';

const summary: MailOrderSummary = {
  items: [
    {
      name: 'Linen <script>alert(1)</script> Shirt',
      details: 'Olive, size M',
      quantity: 2,
      lineTotalKobo: 13_000_000,
    },
    { name: 'Fila Cap', details: '', quantity: 1, lineTotalKobo: 1_250_050 },
  ],
  totals: [
    { label: 'Subtotal', amount: '₦142,500.50' },
    { label: 'Shipping, Lagos (1–2 days)', amount: 'Free' },
    { label: 'Total', amount: '₦142,500.50', grand: true },
  ],
};

describe("an order's items and totals", () => {
  it('make a table: the piece with its size and colour, the quantity and the price in naira', async () => {
    const html = await render(<OrderSummary summary={summary} />);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Linen &lt;script&gt;alert(1)&lt;/script&gt; Shirt');
    expect(html).toMatch(/>Item<\/th>.*>Qty<\/th>.*>Price<\/th>/);
    expect(html).toMatch(/Olive, size M<\/span><\/td><td[^>]*>2<\/td><td[^>]*>₦130,000<\/td>/);
    expect(html).toMatch(/>Fila Cap<\/td><td[^>]*>1<\/td><td[^>]*>₦12,500.50<\/td>/);
    expect(html).toMatch(/font-weight:bold[^>]*>Total<\/td><td[^>]*>₦142,500.50<\/td>/);
  });

  it('read as the same lines in the plain-text part', async () => {
    const lines = [
      '2 × Linen <script>alert(1)</script> Shirt (Olive, size M): ₦130,000',
      '1 × Fila Cap: ₦12,500.50',
      'Subtotal: ₦142,500.50',
      'Shipping, Lagos (1–2 days): Free',
      'Total: ₦142,500.50',
    ];
    expect(orderSummaryLines(summary)).toEqual(lines);
    const { text, html } = await renderMail({
      shopName: 'Rossy',
      heading: 'Thank you for your order, Ada',
      paragraphs: ['Order RS-1001.', summary, 'Questions? Call us.'],
      action: { label: 'View your order', url: 'https://rossy.test/orderdetails/RS-1001?key=abc' },
    });
    expect(text).toBe(
      [
        'Thank you for your order, Ada',
        '',
        'Order RS-1001.',
        '',
        ...lines.flatMap((line) => [line, '']),
        'Questions? Call us.',
        '',
        'View your order: https://rossy.test/orderdetails/RS-1001?key=abc',
        '',
        '— Rossy',
      ].join('\n'),
    );
    expect(html).toContain('<table width="100%"');
    expect(html).toContain('href="https://rossy.test/orderdetails/RS-1001?key=abc"');
    expect(html.indexOf('Order RS-1001.')).toBeLessThan(html.indexOf('>Item<'));
    expect(html.indexOf('>Total<')).toBeLessThan(html.indexOf('Questions? Call us.'));
  });
});
