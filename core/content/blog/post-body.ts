export type BlogInline = { text: string } | { text: string; href: string };
export type BlogBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; parts: BlogInline[] }
  | { kind: 'list'; items: BlogInline[][] };

/**
 * A body as blocks of plain text: '## ' starts a heading, lines starting '- ' make a list, other
 * blocks are paragraphs. '[words](/path)' becomes a link only to a path on this shop; everything
 * else stays text, so a post can never carry markup or a script.
 */
export function parseBlogBody(body: string): BlogBlock[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): BlogBlock => {
      if (block.startsWith('## ')) return { kind: 'heading', text: block.slice(3).trim() };
      const lines = block.split('\n').map((line) => line.trim());
      if (lines.every((line) => line.startsWith('- ')))
        return { kind: 'list', items: lines.map((line) => inlineParts(line.slice(2).trim())) };
      return { kind: 'paragraph', parts: inlineParts(lines.join(' ')) };
    });
}

const LINK = /\[([^\]\n]{1,120})\]\((\/[A-Za-z0-9\-._~/?=&%]*)\)/g;

function inlineParts(text: string): BlogInline[] {
  const parts: BlogInline[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match;
    if (href!.startsWith('//')) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: label!, href: href! });
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Minutes to read at about 220 words a minute, at least one. */
export function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 220));
}
