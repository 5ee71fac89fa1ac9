import { MessageCircle, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  CHAT_GREETING,
  CHAT_REPLY_DELAY_MS,
  chatReply,
  isBlankMessage,
  whatsappChatLink,
  type ChatMessage,
} from '../../../contracts/chat';
import { faqItems } from '../../../contracts/faq';
import { cn } from '../../lib/cn';
import type { ShopInfo } from '../../lib/root-data';

const SUGGESTIONS = ['Delivery', 'Returns', 'Track my order', 'Payment'];

/** The live chat: answers from the FAQ after a second, and hands the conversation over to WhatsApp. */
export default function LiveChatPanel({ shop, onClose }: { shop: ShopInfo; onClose: () => void }) {
  const items = useMemo(() => faqItems(shop), [shop]);
  const [messages, setMessages] = useState<ChatMessage[]>([{ from: 'bot', text: CHAT_GREETING }]);
  const [pending, setPending] = useState(0);
  const [text, setText] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const log = useRef<HTMLOListElement>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const pendingTimers = timers.current;
    return () => {
      document.removeEventListener('keydown', onKey);
      pendingTimers.forEach(clearTimeout);
    };
  }, [onClose]);

  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [messages, pending]);

  const send = (raw: string) => {
    if (isBlankMessage(raw)) return;
    const said = raw.trim();
    setMessages((list) => [...list, { from: 'user', text: said }]);
    setText('');
    setPending((count) => count + 1);
    timers.current.push(
      setTimeout(() => {
        setMessages((list) => [...list, { from: 'bot', text: chatReply(said, items) }]);
        setPending((count) => count - 1);
      }, CHAT_REPLY_DELAY_MS),
    );
  };

  return (
    <section
      id="live-chat"
      role="dialog"
      aria-labelledby="live-chat-title"
      className="pointer-events-auto flex max-h-[min(32rem,calc(100dvh-10rem))] w-[min(22rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-card border border-line bg-paper shadow-2xl"
    >
      <header className="flex items-start justify-between gap-3 bg-ink px-5 py-4 text-paper">
        <div>
          <h2 id="live-chat-title" className="font-sans text-base font-semibold tracking-normal text-paper">
            {shop.name} live chat
          </h2>
          <p className="mt-0.5 text-xs text-paper/80">Instant answers; our team on WhatsApp.</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close live chat"
          className="-mr-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full hover:bg-paper/15"
        >
          <X width={18} height={18} strokeWidth={1.75} aria-hidden="true" />
        </button>
      </header>
      <ol
        ref={log}
        role="log"
        aria-live="polite"
        aria-label="Conversation"
        className="flex-1 space-y-3 overflow-y-auto px-4 py-4 text-sm"
      >
        {messages.map((message, index) => (
          <li
            key={index}
            data-from={message.from}
            className={cn(
              'max-w-[85%] rounded-card px-3.5 py-2.5 leading-relaxed',
              message.from === 'bot'
                ? 'rounded-tl-none bg-cream text-ink'
                : 'ml-auto rounded-tr-none bg-ink text-paper',
            )}
          >
            <span className="sr-only">{message.from === 'bot' ? `${shop.name}: ` : 'You: '}</span>
            {message.text}
          </li>
        ))}
        {pending > 0 ? (
          <li className="w-fit rounded-card rounded-tl-none bg-cream px-3.5 py-2.5 text-muted">
            <span aria-hidden="true">…</span>
            <span className="sr-only">{shop.name} is typing</span>
          </li>
        ) : null}
      </ol>
      {messages.length === 1 ? (
        <ul className="flex flex-wrap gap-2 px-4 pb-3" aria-label="Common questions">
          {SUGGESTIONS.map((suggestion) => (
            <li key={suggestion}>
              <button
                type="button"
                onClick={() => send(suggestion)}
                className="rounded-full border border-line px-3 py-1 text-xs text-ink-soft hover:border-ink hover:text-ink"
              >
                {suggestion}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="flex gap-2 border-t border-line px-3 py-3"
        onSubmit={(event) => {
          event.preventDefault();
          send(text);
        }}
      >
        <label htmlFor="live-chat-input" className="sr-only">
          Your message
        </label>
        <input
          ref={input}
          id="live-chat-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          placeholder="Type your question…"
          className="h-10 min-w-0 flex-1 rounded-full border border-line bg-white px-4 text-sm placeholder:text-muted focus:border-ink focus:outline-none"
        />
        <button
          type="submit"
          className="h-10 shrink-0 rounded-full bg-ink px-4 text-xs font-semibold tracking-widest text-paper uppercase hover:bg-ink-soft"
        >
          Send
        </button>
      </form>
      <a
        href={whatsappChatLink(shop.whatsappNumber, shop.name, messages)}
        target="_blank"
        rel="noopener noreferrer"
        className="flex items-center justify-center gap-2 border-t border-line bg-cream py-3 text-xs font-semibold tracking-wide text-ink hover:bg-sand"
      >
        <MessageCircle width={16} height={16} aria-hidden="true" /> Continue on WhatsApp
      </a>
    </section>
  );
}
