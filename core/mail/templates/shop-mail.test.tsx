import { render } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../mailer';
import { ShopMail, shopMailText, type ShopMailProps } from './shop-mail';

const typed = 'Ada <script>alert("x")</script> & Co';
const mail: ShopMailProps = {
  shopName: 'Rossy',
  heading: `Message from ${typed}`,
  paragraphs: [`From: ${typed} <ada@example.ng>`, 'Reply to ada@example.ng to answer.'],
  action: { label: 'Open the messages', url: 'https://rossy.test/admin?tab=messages&from=ada' },
};

describe('the shop mail', () => {
  it('writes what a shopper typed as text, never as markup', async () => {
    const html = await render(<ShopMail {...mail} />);
    expect(html).not.toContain('<script>');
    expect(html).toContain('Message from Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).toContain('From: Ada &lt;script&gt;');
  });

  it('holds the button and, under it, the same address written out', async () => {
    const html = await render(<ShopMail {...mail} />);
    expect(html).toMatch(/<a href="https:\/\/rossy\.test\/admin\?tab=messages&amp;from=ada"[^>]*>/);
    expect(html).toContain('Open the messages');
    expect(html).toContain('Or open: https://rossy.test/admin?tab=messages&amp;from=ada');
    // The look: the name in spaced serif capitals, the dark button, at most 560 pixels wide.
    expect(html).toMatch(/font-family:Georgia,serif;letter-spacing:6px[^"]*">ROSSY</);
    expect(html).toContain('background-color:#17140f;color:#fbf9f6');
    expect(html).toContain('max-width:560px');
  });

  it('gives the plain-text part the same facts, with the link written out', async () => {
    const { text, html } = await renderMail(mail);
    expect(text).toBe(
      [
        `Message from ${typed}`,
        '',
        `From: ${typed} <ada@example.ng>`,
        '',
        'Reply to ada@example.ng to answer.',
        '',
        'Open the messages: https://rossy.test/admin?tab=messages&from=ada',
        '',
        '— Rossy',
      ].join('\n'),
    );
    expect(text).toBe(shopMailText(mail));
    expect(html).toBe(await render(<ShopMail {...mail} />));
  });

  it('leaves out the button when the mail has none', async () => {
    const { text, html } = await renderMail({ ...mail, action: undefined });
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('Or open:');
    expect(text).not.toContain('Open the messages');
    expect(text).toContain('Reply to ada@example.ng to answer.');
  });
});
