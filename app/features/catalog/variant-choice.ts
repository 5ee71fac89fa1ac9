import { useState } from 'react';
import type { PublicVariant } from '../../../contracts/catalog';
import type { AlertTarget } from './stock-alert-form';
import { variantLabel } from '../../../contracts/catalog';
import { andList } from '../../../contracts/words';
import { nairaToKobo } from '../../../contracts/money';

/**
 * What the shopper chose of a product's sizes and colours, read against its variants
 * (docs/decisions/0037-storefront-variants.md): a size or colour sold out for the other choice stays
 * visible, crossed out, and cannot be chosen; one never made in the other choice is greyed and says so
 * (decision 0066); the page opens on the first colour that has stock, and
 * on a size only when the product has just one (a shopper chooses her own size).
 */
export interface Options {
  colors: { name: string }[];
  sizes: string[];
}

export interface VariantChoice {
  color: string | null;
  size: string | null;
}

/** The variant of a size and colour; either null where the product offers none. */
export function variantOf(variants: readonly PublicVariant[], choice: VariantChoice): PublicVariant | null {
  return variants.find((variant) => variant.size === choice.size && variant.color === choice.color) ?? null;
}

/** Whether a size can be bought in the chosen colour (in any colour while none is chosen). */
export function sizeInStock(variants: readonly PublicVariant[], size: string, color: string | null): boolean {
  return variants.some(
    (variant) => variant.size === size && variant.inStock && (color === null || variant.color === color),
  );
}

/** Whether a colour can be bought in the chosen size (in any size while none is chosen). */
export function colourInStock(
  variants: readonly PublicVariant[],
  color: string,
  size: string | null,
): boolean {
  return variants.some(
    (variant) => variant.color === color && variant.inStock && (size === null || variant.size === size),
  );
}

/**
 * How a size or colour stands against the other choice (docs/decisions/0066-never-made-combinations.md):
 * `available` to choose; `sold_out` when it is made in that choice but none is left (crossed out, its
 * back-in-stock alert a tap away); `not_made` when no variant of that combination exists at all, so
 * it will never come back (greyed, never chosen, no alert).
 */
export type OptionState = 'available' | 'sold_out' | 'not_made';

function stateOf(matching: readonly PublicVariant[]): OptionState {
  if (matching.length === 0) return 'not_made';
  return matching.some((variant) => variant.inStock) ? 'available' : 'sold_out';
}

/** A size in the chosen colour (in any colour while none is chosen). */
export function sizeState(
  variants: readonly PublicVariant[],
  size: string,
  color: string | null,
): OptionState {
  return stateOf(
    variants.filter((variant) => variant.size === size && (color === null || variant.color === color)),
  );
}

/** A colour in the chosen size (in any size while none is chosen). */
export function colourState(
  variants: readonly PublicVariant[],
  color: string,
  size: string | null,
): OptionState {
  return stateOf(
    variants.filter((variant) => variant.color === color && (size === null || variant.size === size)),
  );
}

/** What a screen reader reads for an option: "M", "M, sold out", "M — not made in Orange". */
export function optionLabel(option: string, state: OptionState, other: string | null): string {
  if (state === 'sold_out') return `${option}, sold out`;
  if (state === 'not_made') return other ? `${option} — not made in ${other}` : `${option} — not made`;
  return option;
}

/** The colours a size is made in, in the product's order. */
export function coloursMadeIn(
  product: Options & { variants: readonly PublicVariant[] },
  size: string,
): string[] {
  return product.colors
    .map((color) => color.name)
    .filter((color) => product.variants.some((variant) => variant.size === size && variant.color === color));
}

/** The sizes a colour is made in, in the product's order. */
export function sizesMadeIn(
  product: Options & { variants: readonly PublicVariant[] },
  color: string,
): string[] {
  return product.sizes.filter((size) =>
    product.variants.some((variant) => variant.size === size && variant.color === color),
  );
}

/** The sizes made in a colour that are sold out in it: those a back-in-stock alert may ask for. */
export function sizesSoldOutIn(
  product: Options & { variants: readonly PublicVariant[] },
  color: string,
): string[] {
  return product.sizes.filter((size) => sizeState(product.variants, size, color) === 'sold_out');
}

/**
 * A choice that was made with the size or colour a shopper tapped where it is not made: the first
 * other option (in the product's order) in stock with it, else the first made with it; null when it
 * is made in nothing. A tap on a never-made option never chooses it, but this gets her to the option
 * whatever was chosen before (in a grid of disjoint halves no single other tap would).
 */
export function madeChoiceWith(
  product: Options & { variants: readonly PublicVariant[] },
  wanted: { size: string } | { color: string },
): VariantChoice | null {
  const made = product.variants.filter((variant) =>
    'size' in wanted ? variant.size === wanted.size : variant.color === wanted.color,
  );
  const order = (variant: PublicVariant) =>
    'size' in wanted
      ? product.colors.findIndex((color) => color.name === variant.color)
      : product.sizes.indexOf(variant.size ?? '');
  const sorted = [...made].sort((a, b) => order(a) - order(b));
  const pick = sorted.find((variant) => variant.inStock) ?? sorted[0];
  return pick ? { size: pick.size, color: pick.color } : null;
}

/**
 * What the page says when a shopper taps a size or colour never made in her other choice: where it is
 * made, and the nearest made choice to show instead ("Show M in Navy"), if any.
 */
export function notMadeNote(
  product: Options & { variants: readonly PublicVariant[] },
  tapped: { size: string } | { color: string },
  choice: VariantChoice,
): { message: string; offer: VariantChoice | null; offerLabel: string | null } {
  const [option, other, madeIn] =
    'size' in tapped
      ? [tapped.size, choice.color, coloursMadeIn(product, tapped.size)]
      : [tapped.color, choice.size, sizesMadeIn(product, tapped.color)];
  const offer = madeChoiceWith(product, tapped);
  const shown = offer ? ('size' in tapped ? offer.color : offer.size) : null;
  return {
    message:
      `${option} is not made${other ? ` in ${other}` : ''}.` +
      (madeIn.length > 0 ? ` It comes in ${andList(madeIn)}.` : ''),
    offer,
    offerLabel: offer ? `Show ${option}${shown ? ` in ${shown}` : ''}` : null,
  };
}

/**
 * The choice a page opens with: the colour asked for (a back-in-stock e-mail's link) or else the first
 * colour with stock, and the size asked for if it is in stock in that colour, or the only size.
 */
export function initialChoice(
  product: Options & { variants: readonly PublicVariant[] },
  asked: { color?: string | null; size?: string | null } = {},
): VariantChoice {
  const names = product.colors.map((color) => color.name);
  const inStockColour = product.variants.find((variant) => variant.inStock && variant.color !== null)?.color;
  const color =
    names.length === 0
      ? null
      : asked.color && names.includes(asked.color)
        ? asked.color
        : inStockColour && names.includes(inStockColour)
          ? inStockColour
          : (names[0] ?? null);
  let size: string | null = null;
  if (product.sizes.length === 1) size = product.sizes[0] ?? null;
  else if (
    asked.size &&
    product.sizes.includes(asked.size) &&
    sizeInStock(product.variants, asked.size, color)
  )
    size = asked.size;
  return { color, size };
}

/**
 * The chosen variant once every option the product has is chosen, or null while one is missing.
 * `options` may be the product itself.
 */
export function chosenVariant(
  product: Options & { variants: readonly PublicVariant[] },
  choice: VariantChoice,
): PublicVariant | null {
  if (product.sizes.length > 0 && !choice.size) return null;
  if (product.colors.length > 0 && !choice.color) return null;
  return variantOf(product.variants, choice);
}

/** The variant's price in kobo (the API and the page carry it in naira). */
export const variantPriceKobo = (variant: PublicVariant) => nairaToKobo(variant.price);

/** "M / Olive", "M", "Olive". */
export const choiceLabel = (choice: VariantChoice) => variantLabel(choice);

export function useVariantChoice(
  product: Options & { variants: readonly PublicVariant[] },
  asked?: { color?: string | null; size?: string | null },
) {
  const [choice, setChoice] = useState<VariantChoice>(() => initialChoice(product, asked));
  return {
    choice,
    variant: chosenVariant(product, choice),
    setColor: (color: string) => setChoice((current) => ({ ...current, color })),
    setSize: (size: string) => setChoice((current) => ({ ...current, size })),
    /** Both at once: a made choice offered for an option not made in the other (`madeChoiceWith`). */
    setBoth: (next: VariantChoice) => setChoice(next),
  };
}

export type VariantChoiceState = ReturnType<typeof useVariantChoice>;

/** A size or colour tapped where it is not made. */
export type NotMadeTap = { size: string } | { color: string };

/**
 * What a tap on the pickers opens, shared by the product page and the quick add: a sold-out option's
 * back-in-stock form, or a never-made option's note (decisions 0037, 0066); one at a time, and a
 * choice closes both. Without variants (an older cached page) every option is available.
 */
export function useOptionTaps(
  product: Options & { variants: readonly PublicVariant[] },
  choosing: Pick<VariantChoiceState, 'choice' | 'setBoth'>,
) {
  const { choice, setBoth } = choosing;
  const [alertFor, setAlertFor] = useState<AlertTarget | null>(null);
  const [notMade, setNotMade] = useState<NotMadeTap | null>(null);
  const known = product.variants.length > 0;
  const note = notMade ? notMadeNote(product, notMade, choice) : null;
  const tapped = (next: { alert?: AlertTarget; notMade?: NotMadeTap } = {}) => {
    setAlertFor(next.alert ?? null);
    setNotMade(next.notMade ?? null);
  };
  return {
    alertFor,
    note,
    /** Closes both: a choice was made. */
    chosen: () => tapped(),
    closeAlert: () => setAlertFor(null),
    sizeStands: (size: string): OptionState =>
      known ? sizeState(product.variants, size, choice.color) : 'available',
    colourStands: (color: string): OptionState =>
      known ? colourState(product.variants, color, choice.size) : 'available',
    soldOutSize: (size: string) => tapped({ alert: { option: size, size, color: choice.color } }),
    soldOutColour: (color: string) => tapped({ alert: { option: color, size: choice.size, color } }),
    notMadeSize: (size: string) => tapped({ notMade: { size } }),
    notMadeColour: (color: string) => tapped({ notMade: { color } }),
    /** The sizes a colour-wide alert asks about: those sold out in it. */
    sizesToAsk:
      alertFor && alertFor.size === null && alertFor.color ? sizesSoldOutIn(product, alertFor.color) : [],
    /** The note's offer taken: the nearest made choice. */
    showMade: () => {
      if (note?.offer) setBoth(note.offer);
      tapped();
    },
  };
}
