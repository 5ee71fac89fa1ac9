import { useState } from 'react';

/**
 * True from the first time `open` is true, and ever after: a slide-in panel's contents stay out of
 * the page's HTML until the shopper first opens it, so a phone's first load lays out and hydrates
 * fewer elements (decision 0055). Once drawn the panel stays, so it slides out as it slid in; its
 * first entrance uses `starting:` styles (CSS `@starting-style`).
 */
export function useDrawnWhenOpened(open: boolean): boolean {
  const [drawn, setDrawn] = useState(open);
  if (open && !drawn) setDrawn(true);
  return drawn || open;
}
