import type { FaqItem } from './faq';

/** How long the shop's assistant takes to answer (SPEC.md: bot reply after 1 s). */
export const CHAT_REPLY_DELAY_MS = 1000;

export interface ChatMessage {
  from: 'bot' | 'user';
  text: string;
}

export const CHAT_GREETING =
  'Hello! Ask me about delivery, returns, payment, sizes or your order, or continue on WhatsApp to talk to our team.';

export const CHAT_FALLBACK =
  "I don't have an answer for that. Tap Continue on WhatsApp and our team will pick up this conversation.";

const GREETINGS = new Set(['hi', 'hello', 'hey', 'good morning', 'good afternoon', 'good evening', 'hiya']);

function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/** True when the shopper typed nothing but spaces: such messages are ignored (SPEC.md section 5). */
export function isBlankMessage(text: string): boolean {
  return text.trim() === '';
}

/**
 * The FAQ item that best answers the shopper's message: the one whose keywords match most words of it,
 * longer phrases counting more; the earlier item wins a tie. Null when no keyword matches.
 */
export function matchFaq(text: string, items: readonly FaqItem[]): FaqItem | null {
  const message = normalize(text);
  let best: FaqItem | null = null;
  let bestScore = 0;
  for (const item of items) {
    let score = 0;
    for (const keyword of item.keywords) {
      const phrase = normalize(keyword);
      // Whole words only, allowing a plural or verb 's' ('returns' matches 'return').
      const stem = phrase.trimEnd();
      if (message.includes(phrase) || message.includes(`${stem}s `)) score += phrase.trim().split(' ').length;
    }
    if (score > bestScore) {
      best = item;
      bestScore = score;
    }
  }
  return best;
}

/** The assistant's answer to one message. */
export function chatReply(text: string, items: readonly FaqItem[]): string {
  const match = matchFaq(text, items);
  if (match) return match.answer;
  if (GREETINGS.has(normalize(text).trim())) return CHAT_GREETING;
  return CHAT_FALLBACK;
}

/** A wa.me link whose prefilled message carries the conversation so far, so the shop's team can pick it up. */
export function whatsappChatLink(number: string, shopName: string, messages: readonly ChatMessage[]): string {
  const said = messages
    .filter((message) => message.from === 'user')
    .map((message) => `- ${message.text.trim()}`);
  const text =
    said.length > 0
      ? [
          `Hello ${shopName}! I was chatting on your website:`,
          ...said,
          '',
          'Could you help me with this?',
        ].join('\n')
      : `Hello ${shopName}! I have a question.`;
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
