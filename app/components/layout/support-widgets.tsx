import { HelpCircle, MessageCircle, MessagesSquare, X } from 'lucide-react';
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ShopInfo } from '../../lib/root-data';
import { useModal } from '../../lib/use-modal';
import { closeChat, closeSupport, openChat, openWhatsapp, useSupportPanel } from './chat-state';

/** The live chat's panel: the page composing the shell hands it in, loaded only when a shopper opens it. */
export type ChatPanel = React.ComponentType<{ shop: ShopInfo; onClose: () => void }>;

const choice =
  'flex w-full items-center gap-3 rounded-sm px-3 py-2.5 text-left text-sm text-ink transition-colors hover:bg-cream focus-visible:bg-cream';

/**
 * The one way to reach the shop: a button in the header (never floating over a price, a total or a
 * button) that offers the live chat, WhatsApp and the help pages. The header leaves it out during
 * checkout and in the admin, where it would only get in the way.
 */
export function SupportLauncher() {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const pick = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Help and chat"
        title="Help and chat"
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-cream"
      >
        <MessagesSquare width={20} height={20} strokeWidth={1.5} aria-hidden="true" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute top-full right-0 z-50 mt-2 w-64 rounded-card border border-line bg-paper p-2 shadow-2xl"
        >
          <p className="px-3 pt-1 pb-2 text-xs text-muted">We answer at once, any time.</p>
          <button type="button" className={choice} onClick={pick(openChat)}>
            <MessagesSquare width={18} height={18} strokeWidth={1.5} aria-hidden="true" /> Live chat
          </button>
          <button type="button" className={choice} onClick={pick(openWhatsapp)}>
            <MessageCircle
              width={18}
              height={18}
              strokeWidth={1.5}
              aria-hidden="true"
              className="text-[#128c4b]"
            />
            Chat with us on WhatsApp
          </button>
          <Link to="/help" className={choice} onClick={() => setOpen(false)}>
            <HelpCircle width={18} height={18} strokeWidth={1.5} aria-hidden="true" /> Help &amp; FAQs
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** The live chat and the WhatsApp panel, when a shopper opened one. */
export function SupportPanels({ shop, chat: Chat }: { shop: ShopInfo; chat: ChatPanel }) {
  const panel = useSupportPanel();
  if (panel === 'whatsapp') return <WhatsAppPanel shop={shop} onClose={closeSupport} />;
  if (panel !== 'chat') return null;
  return (
    <div className="pointer-events-none fixed right-4 bottom-20 z-50 flex flex-col items-end md:right-6 md:bottom-6">
      <Suspense fallback={null}>
        <Chat shop={shop} onClose={closeChat} />
      </Suspense>
    </div>
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
