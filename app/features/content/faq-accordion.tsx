import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { FaqItem } from '../../../contracts/faq';

export interface FaqGroup {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

/**
 * The FAQ accordion, in titled groups: one answer open at a time across the whole page. Native
 * <details> elements sharing a name keep it keyboard-operable and readable before the page's script
 * runs; the state enforces "one at a time" in browsers that do not know exclusive details yet.
 */
export function FaqAccordion({ groups }: { groups: readonly FaqGroup[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <section key={group.id} id={group.id} aria-labelledby={`${group.id}-title`} className="scroll-mt-28">
          <h2 id={`${group.id}-title`} className="mb-2 text-display-md">
            {group.title}
          </h2>
          <div className="divide-y divide-line border-y border-line">
            {group.items.map((item) => (
              <details
                key={item.id}
                id={`faq-${item.id}`}
                name="faq"
                open={openId === item.id}
                onToggle={(event) => {
                  const isOpen = event.currentTarget.open;
                  setOpenId((current) => (isOpen ? item.id : current === item.id ? null : current));
                }}
                className="group"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-medium text-ink marker:content-none hover:text-gold-deep [&::-webkit-details-marker]:hidden">
                  <span>{item.question}</span>
                  <Plus
                    width={18}
                    height={18}
                    strokeWidth={1.5}
                    aria-hidden="true"
                    className="shrink-0 transition-transform duration-200 group-open:rotate-45"
                  />
                </summary>
                <p className="pr-8 pb-5 leading-relaxed text-ink-soft">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
