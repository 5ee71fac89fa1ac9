import { describe, expect, it } from 'vitest';
import { CHAT_FALLBACK, CHAT_GREETING, chatReply, isBlankMessage, matchFaq, whatsappChatLink } from './chat';
import { faqItems, type FaqSettings } from './faq';

const settings: FaqSettings = {
  name: 'Rossy',
  supportEmail: 'hello@rossy.ng',
  supportPhone: '+234 803 555 0142',
  businessHours: 'Monday to Saturday, 9am to 5pm',
  freeShippingThresholdKobo: 2_000_000,
  returnsDays: 14,
  warrantyMonths: 18,
  shippingMethods: [
    {
      name: 'Standard',
      description: 'Delivery in 3-5 business days',
      priceKobo: 150_000,
      freeOverThreshold: true,
      enabled: true,
    },
    {
      name: 'Overnight',
      description: 'Next-day delivery in Lagos',
      priceKobo: 500_000,
      freeOverThreshold: false,
      enabled: false,
    },
  ],
  paymentMethods: { flutterwave: true, creditCard: true, bankTransfer: false },
  cardProviderName: 'Flutterwave',
};
const items = faqItems(settings);

describe('the FAQ reads its figures from the settings', () => {
  it('quotes the returns days, warranty months, free-delivery threshold and enabled shipping methods', () => {
    const text = items.map((item) => item.answer).join('\n');
    expect(text).toContain('within 14 days of delivery');
    expect(text).toContain('covered for 18 months');
    expect(text).toContain('free on every order over ₦20,000');
    expect(text).toContain('Standard (delivery in 3-5 business days): ₦1,500, free on orders over ₦20,000');
    expect(text).not.toContain('Overnight');
    expect(text).not.toContain('direct bank transfer');
  });

  it('names the provider that takes cards now', () => {
    const answers = (name: string) =>
      faqItems({ ...settings, cardProviderName: name })
        .map((item) => item.answer)
        .join('\n');
    expect(answers('Paystack')).toContain('card, bank transfer or USSD through Paystack');
    expect(answers('Paystack')).not.toContain('Flutterwave');
    expect(answers('Flutterwave')).toContain('through Flutterwave');
  });

  it('gives every question an id of its own', () => {
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });
});

describe('the live chat answers from the FAQ by keyword', () => {
  it('answers a returns question with the returns policy, whatever the case and punctuation', () => {
    expect(matchFaq('Can I RETURN a bag??', items)?.id).toBe('returns');
    expect(chatReply('what about refunds', items)).toContain('14 days');
  });

  it('matches plurals and multi-word phrases, preferring the longer phrase', () => {
    expect(matchFaq('Where is my order?', items)?.id).toBe('track-order');
    expect(matchFaq('do you do free delivery', items)?.id).toBe('free-delivery');
    expect(matchFaq('my zip is broken', items)?.id).toBe('warranty');
  });

  it('does not match a keyword inside another word', () => {
    // 'ship' must not match inside 'relationship'
    expect(matchFaq('relationship', items)).toBeNull();
  });

  it('greets a greeting and hands anything unknown over to WhatsApp', () => {
    expect(chatReply('Hello!', items)).toBe(CHAT_GREETING);
    expect(chatReply('Do you sell bicycles', items)).toBe(CHAT_FALLBACK);
  });

  it('ignores empty and whitespace-only messages', () => {
    expect(isBlankMessage('')).toBe(true);
    expect(isBlankMessage('   \n\t')).toBe(true);
    expect(isBlankMessage(' hi ')).toBe(false);
  });
});

describe('handing the chat over to WhatsApp', () => {
  it('prefills the message with what the shopper said', () => {
    const link = whatsappChatLink('2348035550142', 'Rossy', [
      { from: 'bot', text: 'Hello!' },
      { from: 'user', text: 'Do you deliver to Abuja?' },
      { from: 'bot', text: 'We deliver across Nigeria.' },
      { from: 'user', text: 'How much is express?' },
    ]);
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://wa.me/2348035550142');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain('Do you deliver to Abuja?');
    expect(text).toContain('How much is express?');
    expect(text).not.toContain('We deliver across Nigeria.');
  });

  it('opens with a plain greeting when nothing was said yet', () => {
    const url = new URL(whatsappChatLink('2348035550142', 'Rossy', []));
    expect(url.searchParams.get('text')).toBe('Hello Rossy! I have a question.');
  });
});
