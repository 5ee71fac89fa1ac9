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
