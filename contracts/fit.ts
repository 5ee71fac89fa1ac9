/* How pieces fit: browser-safe (no schema library), read by the product page. */

/** How a piece fitted its reviewer (the review form's "How did it fit?"). */
export const reviewFitIds = ['small', 'true', 'large'] as const;
export type ReviewFit = (typeof reviewFitIds)[number];

export const reviewFitNames: Record<ReviewFit, string> = {
  small: 'Runs small',
  true: 'True to size',
  large: 'Runs large',
};

/**
 * Whether a piece has a fit to speak of: it is sold in more than one size, so a shopper chooses (a
 * single size, "One Size" among them, leaves nothing to choose between). Only these ask "How did it
 * fit?" and show fit advice.
 */
export function hasSizeChoice(sizes: readonly string[]): boolean {
  return sizes.length > 1;
}
