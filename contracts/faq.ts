import { formatNaira } from './money';

/** The settings the shop's answers quote; the same values every policy page reads. */
export interface FaqSettings {
  name: string;
  supportEmail: string;
  supportPhone: string;
  businessHours: string;
  freeShippingThresholdKobo: number;
  returnsDays: number;
  warrantyMonths: number;
  shippingMethods: readonly {
    name: string;
    description: string;
    priceKobo: number;
    freeOverThreshold: boolean;
    enabled: boolean;
  }[];
  /** `flutterwave`: the card provider's own checkout, whichever provider takes cards. */
  paymentMethods: { flutterwave: boolean; creditCard: boolean; bankTransfer: boolean };
  /** The provider that takes cards now: 'Flutterwave' or 'Paystack'. */
  cardProviderName: string;
}

export type FaqTopic = 'orders' | 'delivery' | 'returns' | 'payment' | 'products' | 'account';

export const faqTopics: readonly { id: FaqTopic; title: string }[] = [
  { id: 'orders', title: 'Orders & Tracking' },
  { id: 'delivery', title: 'Delivery' },
  { id: 'returns', title: 'Returns & Warranty' },
  { id: 'payment', title: 'Payment' },
  { id: 'products', title: 'Sizing & Care' },
  { id: 'account', title: 'Your Account' },
];

export interface FaqItem {
  id: string;
  topic: FaqTopic;
  question: string;
  answer: string;
  /** Words and phrases a shopper might type in the live chat to mean this question. */
  keywords: readonly string[];
}

/** 'Standard (Delivery in 3-5 business days): ₦1,500, free on orders over ₦15,000' for each method shoppers can pick. */
export function describeShippingMethods(settings: FaqSettings): string[] {
  return settings.shippingMethods
    .filter((method) => method.enabled)
    .map((method) => {
      const price = method.priceKobo === 0 ? 'free' : formatNaira(method.priceKobo);
      const free =
        method.freeOverThreshold && method.priceKobo > 0
          ? `, free on orders over ${formatNaira(settings.freeShippingThresholdKobo)}`
          : '';
      return `${method.name} (${method.description.charAt(0).toLowerCase()}${method.description.slice(1)}): ${price}${free}`;
    });
}

function paymentAnswer({ paymentMethods, cardProviderName }: FaqSettings): string {
  const ways = [
    ...(paymentMethods.flutterwave ? [`card, bank transfer or USSD through ${cardProviderName}`] : []),
    ...(paymentMethods.creditCard && !paymentMethods.flutterwave
      ? ['card through our secure card checkout']
      : []),
    ...(paymentMethods.bankTransfer
      ? ['direct bank transfer to our account, with the reference shown at checkout']
      : []),
  ];
  return ways.length > 0 ? `Pay by ${ways.join(', or by ')}.` : 'Payment options are shown at checkout.';
}

function joinList(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join('; ')}; and ${parts.at(-1)}`;
}

/** The shop's frequently asked questions, every figure read from the settings so the FAQ, the help page and the chat agree. */
export function faqItems(settings: FaqSettings): FaqItem[] {
  const freeOver = formatNaira(settings.freeShippingThresholdKobo);
  const methods = describeShippingMethods(settings);
  return [
    {
      id: 'track-order',
      topic: 'orders',
      question: 'How do I track my order?',
      answer:
        'Open Track Your Order and enter your order number (it starts with ORD-) and the e-mail address you ordered with. ' +
        'You will see every step so far: placed, paid, shipped with the carrier and tracking number, and delivered. ' +
        'If you have an account, My Orders shows the same timeline.',
      keywords: ['track', 'tracking', 'where is my order', 'order status', 'status', 'parcel', 'package'],
    },
    {
      id: 'change-order',
      topic: 'orders',
      question: 'Can I change or cancel my order?',
      answer:
        'Orders can be changed or cancelled within 1 hour of being placed, before we prepare them. ' +
        `Call ${settings.supportPhone} or message us with your order number as soon as possible.`,
      keywords: ['cancel', 'change my order', 'modify', 'edit order', 'wrong size ordered', 'mistake'],
    },
    {
      id: 'delivery-cost',
      topic: 'delivery',
      question: 'How much does delivery cost and how long does it take?',
      answer:
        `We deliver across Nigeria. ${joinList(methods)}. ` +
        'Orders are prepared in 1-2 business days at our Lagos studio, and you choose the method at checkout.',
      keywords: [
        'delivery',
        'deliver',
        'shipping',
        'ship',
        'how long',
        'cost of delivery',
        'express',
        'standard',
        'fee',
      ],
    },
    {
      id: 'free-delivery',
      topic: 'delivery',
      question: 'Do you offer free delivery?',
      answer: `Yes: standard delivery is free on every order over ${freeOver}.`,
      keywords: ['free delivery', 'free shipping', 'free'],
    },
    {
      id: 'returns',
      topic: 'returns',
      question: 'What is your returns policy?',
      answer:
        `You can return unworn pieces with their tags within ${settings.returnsDays} days of delivery. ` +
        'Contact us with your order number and we will arrange the return; refunds reach your account within 5-7 business days of our receiving it.',
      keywords: ['return', 'returns', 'refund', 'exchange', 'send back', 'money back'],
    },
    {
      id: 'warranty',
      topic: 'returns',
      question: 'Is there a warranty?',
      answer:
        `Every piece is covered for ${settings.warrantyMonths} months from the purchase date against manufacturing defects and performance issues, ` +
        'such as broken stitching, failing hardware, zips and clasps. We repair or replace it free of charge.',
      keywords: ['warranty', 'guarantee', 'defect', 'broken', 'faulty', 'repair', 'damaged', 'zip', 'clasp'],
    },
    {
      id: 'payment-methods',
      topic: 'payment',
      question: 'How can I pay?',
      answer: `${paymentAnswer(settings)} Prices and payments are in naira (₦). We never see or store your card number.`,
      keywords: ['pay', 'payment', 'card', 'transfer', 'ussd', 'flutterwave', 'paystack', 'bank', 'naira'],
    },
    {
      id: 'bank-transfer',
      topic: 'payment',
      question: 'How long does a bank transfer take to confirm?',
      answer:
        'Most transfers are confirmed within 1-24 hours, at most 1-2 business days. Enter your transfer reference on the order page; ' +
        'we confirm receipt and e-mail you as soon as the money arrives.',
      keywords: ['confirm', 'pending', 'verify', 'verification', 'reference', 'transferred'],
    },
    {
      id: 'discounts',
      topic: 'payment',
      question: 'Do you have discount codes?',
      answer:
        'Subscribe to our newsletter for 15% off your first order (code WELCOME15). Enter a code in your cart or at checkout; codes are not case-sensitive.',
      keywords: ['discount', 'coupon', 'promo', 'code', 'voucher', 'offer', 'welcome15', 'sale'],
    },
    {
      id: 'sizing',
      topic: 'products',
      question: 'How do I choose my size?',
      answer:
        'Each piece lists the sizes it comes in. If you are between sizes, choose the larger one, ' +
        `or ask us for the piece's exact measurements on ${settings.supportPhone}.`,
      keywords: ['size', 'sizes', 'sizing', 'fit', 'measurement', 'measurements', 'small', 'large'],
    },
    {
      id: 'care',
      topic: 'products',
      question: 'How should I care for leather bags?',
      answer:
        'Keep leather away from direct sun and water, store bags stuffed and in their dust bag, and wipe with a soft dry cloth. ' +
        'Condition full-grain leather every few months with a neutral leather balm.',
      keywords: ['care', 'clean', 'leather', 'maintain', 'wash', 'stain'],
    },
    {
      id: 'account',
      topic: 'account',
      question: 'Do I need an account to order?',
      answer:
        'No: you can check out as a guest. With an account you can see all your orders, notifications and saved details in one place.',
      keywords: ['account', 'sign up', 'register', 'login', 'log in', 'sign in', 'guest'],
    },
    {
      id: 'password',
      topic: 'account',
      question: 'I forgot my password. What do I do?',
      answer:
        'Choose "Forgot password?" on the sign-in page and enter your e-mail address. We send a link to set a new password; it works once and expires soon after.',
      keywords: ['password', 'forgot', 'reset', 'locked out'],
    },
    {
      id: 'contact',
      topic: 'account',
      question: 'How do I reach you?',
      answer: `Call ${settings.supportPhone} or e-mail ${settings.supportEmail} (${settings.businessHours}). You can also write to us from the Contact page or continue this chat on WhatsApp.`,
      keywords: [
        'contact',
        'phone',
        'call',
        'email',
        'e-mail',
        'reach',
        'speak',
        'human',
        'agent',
        'hours',
        'open',
        'address',
        'visit',
      ],
    },
  ];
}
