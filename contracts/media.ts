import type { ImageRef } from './catalog';

export const placeholderImage = '/images/placeholder.svg';

export function mediaUrl(key: string, width: number): string {
  return `/media/${key}-${width}.webp`;
}

export function srcSet(image: Pick<ImageRef, 'key' | 'widths'>): string {
  return image.widths.map((width) => `${mediaUrl(image.key, width)} ${width}w`).join(', ');
}

/** The variant closest to `target` pixels wide without going under it when possible. */
export function pickWidth(image: Pick<ImageRef, 'widths'>, target: number): number {
  const sorted = [...image.widths].sort((a, b) => a - b);
  return sorted.find((width) => width >= target) ?? sorted[sorted.length - 1] ?? target;
}

/** The link-preview picture (WhatsApp, Facebook, X): a landscape JPEG drawn beside every product photo. */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const;

export function shareImageUrl(key: string): string {
  return `/media/${key}-share.jpg`;
}
