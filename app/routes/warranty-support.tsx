import { Clock, Headphones, MessagesSquare, ShieldCheck, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { ChatPrompt } from '../features/content/chat-prompt';
import { ContentPage, ContentSection } from '../features/content/content-page';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/warranty-support';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Warranty & Support',
    description: 'What the Rossy warranty covers, how to make a claim, and how to reach our support team.',
    path: '/warranty-support',
    ...rootMeta(matches),
  });
}

export default function WarrantyPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  const hours = shop.businessHours;
  const promises = [
    {
      icon: ShieldCheck,
      title: `${shop.warrantyMonths}-month cover`,
      text: 'Against manufacturing defects and performance issues, from the purchase date.',
    },
    {
      icon: Wrench,
      title: 'Free repair or replacement',
      text: 'No charge for the repair, the piece or its delivery.',
    },
    { icon: Clock, title: 'Easy claims', text: 'Your order number and a photo are all we need.' },
    { icon: Headphones, title: 'A dedicated team', text: `People who know every piece: ${hours}.` },
  ];
  return (
    <ContentPage
      eyebrow="Customer care"
      title="Warranty & Support"
      lead={
        <p>Every {shop.name} piece is made to last. If something fails that should not, we put it right.</p>
      }
      wide
      links={[
        { to: '/contact', label: 'Make a Claim' },
        { to: '/faq', label: 'FAQ' },
        { to: '/help', label: 'Help Centre' },
      ]}
    >
      <ul className="mb-10 grid gap-4 sm:grid-cols-2">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-card border border-line bg-white p-5">
            <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-cream text-gold-deep">
              <Icon width={20} height={20} strokeWidth={1.5} aria-hidden="true" />
            </span>
            <span>
              <span className="block font-medium text-ink">{title}</span>
              <span className="mt-1 block text-sm leading-relaxed text-ink-soft">{text}</span>
            </span>
          </li>
        ))}
      </ul>

      <ContentSection id="coverage" title="What the warranty covers">
        <p>
          For up to <strong>{shop.warrantyMonths} months from the purchase date</strong>, we cover
          manufacturing defects and performance issues:
        </p>
        <ul>
          <li>stitching or seams coming apart in normal use;</li>
          <li>zips, clasps, buckles, handles and straps that break or stop working;</li>
          <li>linings, edges and hardware finishes failing before their time;</li>
          <li>buttons and embroidery coming loose on men&rsquo;s wear.</li>
        </ul>
        <p>
          It does not cover wear and tear, accidents, burns, water or chemical damage, alterations made
          elsewhere, or the natural marks and colour changes of leather. Your rights under Nigerian consumer
          law are not affected.
        </p>
      </ContentSection>

      <ContentSection id="claim" title="How to make a claim">
        <ul>
          <li>
            <Link to="/contact">Contact us</Link> with your order number, what went wrong and a photo of the
            fault, or call <a href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}>{shop.supportPhone}</a>.
          </li>
          <li>We reply within one business day and arrange collection or drop-off at our Lagos studio.</li>
          <li>We repair the piece, or replace it when a repair would not do, free of charge.</li>
        </ul>
      </ContentSection>

      <ContentSection id="support" title="Support">
        <p className="flex items-start gap-3">
          <MessagesSquare
            width={18}
            height={18}
            className="mt-1 shrink-0 text-gold-deep"
            aria-hidden="true"
          />
          <span>
            Our live chat answers common questions at once, 24/7, and hands over to our team on WhatsApp.
            Phone and e-mail ({shop.supportEmail}) are answered: {hours}. The <Link to="/faq">FAQ</Link> and{' '}
            <Link to="/help">Help Centre</Link> cover orders, delivery and returns.
          </span>
        </p>
      </ContentSection>
      <ChatPrompt shop={shop} title="Talk to our support team" />
    </ContentPage>
  );
}
