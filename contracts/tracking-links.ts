// Kept free of zod and of Node: the admin's settings page checks a pattern as it is typed.

/** Where the tracking number goes in a carrier's tracking-link pattern. */
export const TRACKING_PLACEHOLDER = '{tracking}';

const fill = (pattern: string, value: string) => pattern.split(TRACKING_PLACEHOLDER).join(value);

function parsed(address: string): URL | null {
  try {
    return new URL(address);
  } catch {
    return null;
  }
}

/**
 * What is wrong with a carrier's tracking-link pattern, in the owner's words, or null when it is
 * fine. Empty means the carrier has no tracking page (the shop's own rider). Only https: the link
 * is put in front of shoppers, so it must not run script or go out in the clear; and the tracking
 * number may only fill the path or query, never choose the site the shopper is sent to.
 */
export function trackingPatternProblem(pattern: string): string | null {
  if (pattern === '') return null;
  if (!/^https:\/\//i.test(pattern)) return 'Use an https:// address';
  if (!pattern.includes(TRACKING_PLACEHOLDER))
    return `Put ${TRACKING_PLACEHOLDER} where the tracking number goes`;
  const one = parsed(fill(pattern, 'A1'));
  const other = parsed(fill(pattern, 'B2'));
  if (!one || !other) return `Enter a web address, such as https://carrier.com/track/${TRACKING_PLACEHOLDER}`;
  if (one.host !== other.host || one.protocol !== 'https:')
    return `Put ${TRACKING_PLACEHOLDER} in the address’s path or query, after the site’s name`;
  return null;
}

/**
 * The shopper's link to follow a parcel: the carrier's pattern with the tracking number in place,
 * URL-encoded so a number with spaces, slashes or '&' stays one value. Null when the carrier has no
 * tracking page, there is no number, or the pattern is not a safe https address.
 */
export function trackingLink(pattern: string, trackingNumber: string): string | null {
  const number = trackingNumber.trim();
  if (!pattern || !number || trackingPatternProblem(pattern) !== null) return null;
  return fill(pattern, encodeURIComponent(number));
}

/**
 * The letters and digits of a pickup code: none that a shopper reading it aloud or staff typing it
 * could take for another (0/O, 1/I/L, 2/Z, 5/S, 8/B).
 */
export const PICKUP_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
export const PICKUP_CODE_LENGTH = 6;

/** A code as staff typed it, spaces, dashes and case set aside. */
export function normalizePickupCode(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

export function isPickupCodeShape(code: string): boolean {
  return (
    code.length === PICKUP_CODE_LENGTH && [...code].every((letter) => PICKUP_CODE_ALPHABET.includes(letter))
  );
}
