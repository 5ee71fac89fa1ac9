import { nairaToKobo } from '../../../contracts/money';
import { returnReasonIds, returnResolutionIds } from '../../../contracts/returns';
import type { DbOrTx } from '../../../db/client';
import { getProduct } from '../../../core/catalog/get-product';
import { isAppError, type FieldErrors } from '../../../core/errors';
import type { Returnable } from '../../../core/returns/views';
import { formText } from '../../lib/action-result.server';
import {
  emptyLineValues,
  type ExchangePiece,
  type ReturnFormLine,
  type ReturnFormValues,
} from './return-form-values';

/**
 * The return form's server side: the pieces an exchange may choose from, what the form sent, and the
 * request core/returns/returns.ts is asked. Every rule of a return (the window, how many, stock) is
 * core's; here only what makes the form complete is checked, so its errors sit next to their fields.
 */

/** Each product of the order as the exchange picker shows it: every size and colour, sold out or not. */
export async function exchangePieces(
  db: DbOrTx,
  returnable: Returnable,
): Promise<Record<number, ExchangePiece>> {
  const ids = [
    ...new Set(returnable.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]))),
  ];
  const pieces: Record<number, ExchangePiece> = {};
  await Promise.all(
    ids.map(async (id) => {
      try {
        const product = await getProduct(db, id);
        pieces[id] = {
          sizes: product.sizes,
          colors: product.colors,
          options: product.variants.map((variant) => ({
            size: variant.size,
            color: variant.color,
            inStock: variant.inStock,
            priceKobo: nairaToKobo(variant.price),
          })),
        };
      } catch (error) {
        // A piece no longer on sale cannot be exchanged; it can still come back for a refund.
        if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
      }
    }),
  );
  return pieces;
}

export function readReturnForm(form: FormData, returnable: Returnable): ReturnFormValues {
  const lines: Record<string, ReturnFormLine> = {};
  for (const line of returnable.lines) {
    const id = line.orderLineId;
    const quantity = Number.parseInt(formText(form, `quantity.${id}`), 10);
    lines[id] = {
      ...emptyLineValues(line),
      quantity: Number.isFinite(quantity) ? Math.max(0, Math.min(quantity, line.returnable)) : 0,
      reason: formText(form, `reason.${id}`),
      reasonText: formText(form, `reasonText.${id}`).slice(0, 500),
      size: formText(form, `size.${id}`).slice(0, 20),
      color: formText(form, `color.${id}`).slice(0, 40),
    };
  }
  const resolution = formText(form, 'resolution');
  return {
    lines,
    resolution: (returnResolutionIds as readonly string[]).includes(resolution)
      ? (resolution as ReturnFormValues['resolution'])
      : '',
    note: formText(form, 'note').slice(0, 1000),
  };
}

/** The request for core, with the order lines it names in the same order; or the form's own errors. */
export function returnRequestOf(
  values: ReturnFormValues,
  returnable: Returnable,
  key: string | null,
): { raw: Record<string, unknown>; lineIds: number[] } | { fields: FieldErrors; error: string } {
  const fields: FieldErrors = {};
  const chosen = returnable.lines.filter(
    (line) => line.productId !== null && (values.lines[line.orderLineId]?.quantity ?? 0) > 0,
  );
  if (chosen.length === 0) fields.lines = 'Choose at least one piece to send back, and how many.';
  if (!values.resolution) fields.resolution = 'Choose your money back or another size or colour.';
  for (const line of chosen) {
    const id = line.orderLineId;
    const value = values.lines[id]!;
    if (!(returnReasonIds as readonly string[]).includes(value.reason))
      fields[`reason.${id}`] = 'Choose a reason.';
    else if (value.reason === 'other' && !value.reasonText.trim())
      fields[`reasonText.${id}`] = 'Tell us in a few words what is wrong.';
    if (values.resolution !== 'exchange') continue;
    if (line.size !== null && !value.size) fields[`exchange.${id}`] = 'Choose the size you want instead.';
    else if (line.color !== null && !value.color)
      fields[`exchange.${id}`] = 'Choose the colour you want instead.';
    else if (value.size === (line.size ?? '') && value.color === (line.color ?? ''))
      fields[`exchange.${id}`] = 'Choose a size or colour other than the one you have.';
  }
  if (Object.keys(fields).length > 0) return { fields, error: 'Please check the highlighted choices.' };

  const items = chosen.map((line) => {
    const value = values.lines[line.orderLineId]!;
    return {
      productId: line.productId!,
      selectedSize: line.size,
      selectedColor: line.color,
      quantity: value.quantity,
      reason: value.reason,
      ...(value.reasonText.trim() ? { reasonText: value.reasonText.trim() } : {}),
    };
  });
  const raw: Record<string, unknown> = { items, resolution: values.resolution };
  if (key) raw.key = key;
  if (values.note.trim()) raw.note = values.note.trim();
  if (values.resolution === 'exchange')
    raw.exchangeFor = chosen.map((line) => {
      const value = values.lines[line.orderLineId]!;
      return {
        productId: line.productId!,
        selectedSize: value.size || null,
        selectedColor: value.color || null,
      };
    });
  return { raw, lineIds: chosen.map((line) => line.orderLineId) };
}

/**
 * Core names a field by its place in the request ('items.1.quantity', 'exchangeFor.0'); the form
 * names it by its order line ('quantity.17', 'exchange.17').
 */
export function formFieldsOf(fields: FieldErrors, lineIds: number[]): FieldErrors {
  const named: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const [head, index, leaf] = path.split('.');
    const id = index === undefined ? undefined : lineIds[Number(index)];
    if (head === 'items' && id !== undefined) {
      const field = leaf === 'reason' || leaf === 'reasonText' ? leaf : 'quantity';
      named[`${field}.${id}`] ??= message;
    } else if (head === 'exchangeFor') {
      if (id !== undefined) named[`exchange.${id}`] ??= message;
      else for (const line of lineIds) named[`exchange.${line}`] ??= message;
    } else if (head === 'resolution' || head === 'note') named[head] ??= message;
  }
  return named;
}
