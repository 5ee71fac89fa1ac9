import { useSyncExternalStore } from 'react';

/** Which support panel is open, if any: the header's support launcher and any page's "Start live chat" share it. */
export type SupportPanel = 'chat' | 'whatsapp' | null;

let open: SupportPanel = null;
const listeners = new Set<() => void>();

function set(next: SupportPanel) {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export const openChat = () => set('chat');
export const openWhatsapp = () => set('whatsapp');
export const closeSupport = () => set(null);
/** Closes the live chat, and nothing else that may have opened since. */
export const closeChat = () => {
  if (open === 'chat') set(null);
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSupportPanel(): SupportPanel {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => null,
  );
}
