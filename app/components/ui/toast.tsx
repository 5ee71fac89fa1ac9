import { useSyncExternalStore } from 'react';

interface ToastMessage {
  id: number;
  text: string;
  tone: 'info' | 'success' | 'error';
}

let messages: ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** A short notice in the page's live region; it goes by itself after `ms`. */
export function toast(text: string, tone: ToastMessage['tone'] = 'info', ms = 3000) {
  const id = nextId++;
  messages = [...messages, { id, text, tone }];
  emit();
  setTimeout(() => {
    messages = messages.filter((message) => message.id !== id);
    emit();
  }, ms);
}

const EMPTY: ToastMessage[] = [];

export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => messages,
    () => EMPTY,
  );
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex flex-col items-center gap-2 px-4 md:bottom-6"
    >
      {current.map((message) => (
        <p
          key={message.id}
          className={
            'pointer-events-auto rounded-sm px-4 py-3 text-sm shadow-lg ' +
            (message.tone === 'error'
              ? 'bg-sale text-white'
              : message.tone === 'success'
                ? 'bg-success text-white'
                : 'bg-ink text-paper')
          }
        >
          {message.text}
        </p>
      ))}
    </div>
  );
}
