import { faqItems, faqTopics } from '../../contracts/faq';
import { ChatPrompt } from '../features/content/chat-prompt';
import { ContentPage } from '../features/content/content-page';
import { FaqAccordion } from '../features/content/faq-accordion';
import { pageMeta, rootMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/faq';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'FAQ',
    description: 'Answers about orders, delivery, returns, warranty, payment and sizing at Rossy.',
    path: '/faq',
    ...rootMeta(matches),
  });
}

export default function FaqPage() {
  const shop = useRootData()?.shop;
  if (!shop) return null;
  const items = faqItems(shop);
  const topics = faqTopics.filter((topic) => items.some((item) => item.topic === topic.id));
  return (
    <ContentPage
      eyebrow="Customer care"
      title="Frequently Asked Questions"
      lead="Quick answers about ordering, delivery, returns and caring for your pieces."
      sections={topics}
      links={[
        { to: '/help', label: 'Help Centre' },
        { to: '/shipping', label: 'Shipping & Returns' },
        { to: '/contact', label: 'Contact Us' },
      ]}
    >
      <FaqAccordion
        groups={topics.map((topic) => ({
          ...topic,
          items: items.filter((item) => item.topic === topic.id),
        }))}
      />
      <ChatPrompt shop={shop} />
    </ContentPage>
  );
}
