import { CreditCard, PackageSearch, RotateCcw, ShieldCheck, Truck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { faqItems } from '../../contracts/faq';
import { formatNaira } from '../../contracts/money';
import { ChatPrompt } from '../features/content/chat-prompt';
import { Breadcrumb } from '../features/content/content-page';
import { FaqAccordion } from '../features/content/faq-accordion';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/help';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Help & FAQs',
    description: 'Track an order, delivery, returns, warranty and payment help at Rossy, with live chat.',
    path: '/help',
    ...rootMeta(matches),
  });
}

const POPULAR = ['track-order', 'delivery-cost', 'returns', 'payment-methods', 'sizing'];

export default function HelpPage() {
  const data = useRootData();
  if (!data) return null;
  const { shop, user } = data;
  const items = faqItems(shop);
  const topics = [
    {
      to: '/track-order',
      icon: PackageSearch,
      title: 'Track your order',
      text: 'Follow your order with its number and your e-mail address.',
    },
    {
      to: '/shipping',
      icon: Truck,
      title: 'Shipping & delivery',
      text: `Delivery across Nigeria, free on orders over ${formatNaira(shop.freeShippingThresholdKobo)}.`,
    },
    {
      to: '/shipping#returns',
      icon: RotateCcw,
      title: 'Returns & refunds',
      text: `Return unworn pieces within ${shop.returnsDays} days of delivery.`,
    },
    {
      to: '/warranty-support',
      icon: ShieldCheck,
      title: 'Warranty & repairs',
      text: `${shop.warrantyMonths} months' cover against manufacturing defects.`,
    },
    {
      to: '/faq#payment',
      icon: CreditCard,
      title: 'Payment',
      text: 'Ways to pay and bank-transfer confirmation, always in naira.',
    },
    {
      to: user ? '/orders' : '/login',
      icon: UserRound,
      title: user ? 'Your orders' : 'Your account',
      text: user
        ? 'Every order you placed, with its timeline.'
        : 'Sign in to see your orders and notifications.',
    },
  ];
  return (
    <div className="container-shop py-10 lg:py-16">
      <Breadcrumb current="Help & FAQs" />
      <header className="mt-6 max-w-2xl">
        <p className="eyebrow">Customer care</p>
        <h1 className="mt-2 text-display-lg">How can we help?</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-soft">
          Find an answer below, ask our live chat, or talk to the {shop.name} team.
        </p>
      </header>

      <section aria-labelledby="help-topics-title" className="mt-10">
        <h2 id="help-topics-title" className="sr-only">
          Help topics
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {topics.map(({ to, icon: Icon, title, text }) => (
            <li key={title}>
              <Link
                to={to}
                className="group flex h-full gap-4 rounded-card border border-line bg-white p-5 transition-colors hover:border-ink"
              >
                <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-cream text-gold-deep">
                  <Icon width={20} height={20} strokeWidth={1.5} aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium text-ink group-hover:underline">{title}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-ink-soft">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-14 max-w-3xl">
        <FaqAccordion
          groups={[
            {
              id: 'popular',
              title: 'Popular questions',
              items: POPULAR.flatMap((id) => items.filter((item) => item.id === id)),
            },
          ]}
        />
        <p className="mt-6 text-sm">
          <Link to="/faq" className="font-medium text-ink underline underline-offset-4">
            See all frequently asked questions
          </Link>
        </p>
      </div>

      <ChatPrompt shop={shop} />

      <p className="mt-8 text-sm text-ink-soft">
        Prefer to write?{' '}
        <Link to="/contact" className="font-medium text-ink underline underline-offset-4">
          Send us a message
        </Link>{' '}
        and we reply by e-mail, or visit us at {shop.address}.
      </p>
    </div>
  );
}
