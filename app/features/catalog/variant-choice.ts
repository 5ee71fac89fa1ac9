import { useState } from 'react';
import type { PublicVariant } from '../../../contracts/catalog';

/**
 * What the shopper chose of a product's sizes and colours, read against its variants
 * (docs/decisions/0037-storefront-variants.md): a size or colour sold out for the other choice stays
 * visible, crossed out, and cannot be chosen; the page opens on the first colour that has stock, and
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
export const variantPriceKobo = (variant: PublicVariant) => Math.round(variant.price * 100);

/** "M / Olive", "M", "Olive". */
export const choiceLabel = (choice: VariantChoice) =>
  [choice.size, choice.color].filter((part): part is string => Boolean(part)).join(' / ');

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
  };
}

export type VariantChoiceState = ReturnType<typeof useVariantChoice>;
