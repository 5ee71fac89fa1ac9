import { Mail, MessagesSquare, Phone } from 'lucide-react';
import { openChat } from '../../components/layout/chat-state';
import type { ShopInfo } from '../../lib/root-data';

/** "Still need help?": the live chat, the phone and the e-mail address, with the hours they are answered. */
export function ChatPrompt({ shop, title = 'Still need help?' }: { shop: ShopInfo; title?: string }) {
  return (
    <section aria-labelledby="chat-prompt-title" className="mt-14 rounded-card bg-cream px-6 py-8 sm:px-10">
      <h2 id="chat-prompt-title" className="text-display-md">
        {title}
      </h2>
      <p className="mt-2 max-w-xl text-ink-soft">
        Our live chat answers at once, any time. Our team answers the phone and e-mail: {shop.businessHours}.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={openChat}
          className="inline-flex h-11 items-center gap-2 rounded-sm bg-ink px-5 text-sm font-medium tracking-wide text-paper uppercase hover:bg-ink-soft"
        >
          <MessagesSquare width={16} height={16} aria-hidden="true" /> Start live chat
        </button>
        <a
          href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}
          className="inline-flex h-11 items-center gap-2 rounded-sm border border-ink/80 px-5 text-sm font-medium tracking-wide hover:bg-ink hover:text-paper"
        >
          <Phone width={16} height={16} aria-hidden="true" /> {shop.supportPhone}
        </a>
        <a
          href={`mailto:${shop.supportEmail}`}
          className="inline-flex h-11 items-center gap-2 rounded-sm border border-ink/80 px-5 text-sm font-medium tracking-wide hover:bg-ink hover:text-paper"
        >
          <Mail width={16} height={16} aria-hidden="true" /> {shop.supportEmail}
        </a>
      </div>
    </section>
  );
}
