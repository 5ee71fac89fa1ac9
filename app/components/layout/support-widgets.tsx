import { MessageCircle, MessagesSquare, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { cn } from '../../lib/cn';
import type { ShopInfo } from '../../lib/root-data';
import { useModal } from '../../lib/use-modal';
import { closeChat, openChat, useChatOpen } from './chat-state';

// The chat's code and the FAQ it answers from load only when a shopper opens it.
const LiveChatPanel = lazy(() => import('../../features/content/live-chat-panel'));

const launcher =
  'pointer-events-auto inline-flex h-12 w-12 items-center justify-center rounded-full shadow-lg transition-transform hover:scale-105 focus-visible:outline-offset-4';

/** The always-present helpers: the live chat and the WhatsApp chat, floating above the page's bottom corner. */
export function SupportWidgets({ shop }: { shop: ShopInfo }) {
  const chatOpen = useChatOpen();
  const [whatsappOpen, setWhatsappOpen] = useState(false);
  const closeWhatsapp = useCallback(() => setWhatsappOpen(false), []);
  return (
    <>
      <div className="pointer-events-none fixed right-4 bottom-20 z-40 flex flex-col items-end gap-3 md:right-6 md:bottom-6">
        {chatOpen ? (
          <Suspense fallback={null}>
            <LiveChatPanel shop={shop} onClose={closeChat} />
          </Suspense>
        ) : null}
        <button
          type="button"
          onClick={() => (chatOpen ? closeChat() : openChat())}
          aria-expanded={chatOpen}
          aria-controls={chatOpen ? 'live-chat' : undefined}
          aria-label={chatOpen ? 'Close live chat' : 'Open live chat'}
          title="Live chat"
          className={cn(launcher, 'bg-ink text-paper')}
        >
          {chatOpen ? (
            <X width={20} height={20} strokeWidth={1.75} aria-hidden="true" />
          ) : (
            <MessagesSquare width={20} height={20} strokeWidth={1.75} aria-hidden="true" />
          )}
        </button>
        <button
          type="button"
          onClick={() => setWhatsappOpen(true)}
          aria-haspopup="dialog"
          aria-label="Chat with us on WhatsApp"
          title="WhatsApp"
          className={cn(launcher, 'bg-[#25d366] text-[#0b2a1d]')}
        >
          <MessageCircle width={22} height={22} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </div>
      {whatsappOpen ? <WhatsAppPanel shop={shop} onClose={closeWhatsapp} /> : null}
    </>
  );
}

function WhatsAppPanel({ shop, onClose }: { shop: ShopInfo; onClose: () => void }) {
  const closeRef = useModal(true, onClose);
  const start = `https://wa.me/${shop.whatsappNumber}?text=${encodeURIComponent(`Hello ${shop.name}! I have a question.`)}`;
  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-ink/30" onClick={onClose} data-testid="whatsapp-backdrop" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="whatsapp-widget-title"
        className="absolute right-4 bottom-20 w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-card bg-paper shadow-2xl md:right-6 md:bottom-6"
      >
        <div className="flex items-start justify-between gap-3 bg-[#075e54] px-5 py-4 text-white">
          <div>
            <h2
              id="whatsapp-widget-title"
              className="font-sans text-base font-semibold tracking-normal text-white"
            >
              Chat with {shop.name} on WhatsApp
            </h2>
            <p className="mt-0.5 text-xs text-white/90">Our team replies {shop.businessHours}.</p>
          </div>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close WhatsApp chat"
            className="-mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
          >
            <X width={18} height={18} strokeWidth={1.75} aria-hidden="true" />
          </button>
        </div>
        <div className="space-y-4 px-5 py-5 text-sm text-ink-soft">
          <p className="rounded-card rounded-tl-none bg-cream px-4 py-3 text-ink">
            Hello! Ask us about a piece, your size, delivery to your city or an order you placed.
          </p>
          <a
            href={start}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
            className="inline-flex h-11 w-full items-center justify-center gap-2 rounded-sm bg-[#075e54] text-sm font-semibold tracking-wide text-white hover:bg-ink"
          >
            <MessageCircle width={18} height={18} aria-hidden="true" /> Start Chatting Now
          </a>
        </div>
      </div>
    </div>
  );
}
