import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatNaira } from '../../contracts/money';
import { returnReasonNames, returnResolutionNames } from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orderLines } from '../../db/schema/orders';
import { orderReturns, returnItems } from '../../db/schema/returns';
import { AppError } from '../errors';
import { setAside } from '../inventory/set-aside';
import { notifyOrderOwner } from '../notifications/notifications';
import type { OrderRow } from '../orders/order-view';
import type { OrderViewer } from '../orders/read-orders';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import {
  lineName,
  lockOrder,
  optionName,
  orderForViewer,
  returnRequestSchema,
  returnWindow,
  sameOption,
  takenByLine,
  variantOfLine,
  variantsOf,
  type LineRow,
  type ReturnDeps,
  type ReturnOptions,
  type VariantRow,
} from './plan';
import { mailStep } from './step-mail';
import { getReturnForAdmin, shopperView, type ReturnView } from './views';

/** What identifies a request: the same lines, quantities, reasons and pieces wanted, the same resolution. */
function requestSignature(
  resolution: string,
  items: { orderLineId: number; quantity: number; reason: string; exchangeVariantId: number | null }[],
): string {
  return `${resolution}|${items
    .map((item) => `${item.orderLineId}:${item.quantity}:${item.reason}:${item.exchangeVariantId ?? ''}`)
    .sort()
    .join(',')}`;
}

type RequestInput = z.output<typeof returnRequestSchema>;

/** A line of the order the shopper names, with her item and its place in the request. */
interface Asked {
  item: RequestInput['items'][number];
  line: LineRow;
  index: number;
}

/** One item of the return as it will be written, with the piece set aside for it in an exchange. */
interface PlannedItem {
  orderLineId: number;
  line: LineRow;
  quantity: number;
  reason: RequestInput['items'][number]['reason'];
  reasonText: string;
  exchange: VariantRow | null;
  exchangeVariantId: number | null;
}

/** The rules the request's shape cannot state answer 422 (decision 0030). */
function checkRequestRules(input: RequestInput): void {
  input.items.forEach((item, index) => {
    if (item.reason === 'other' && !item.reasonText)
      throw new AppError('UNPROCESSABLE', 'Please say why you are returning it.', {
        [`items.${index}.reasonText`]: 'Required when the reason is Other',
      });
  });
  if (input.resolution === 'exchange' && input.exchangeFor?.length !== input.items.length)
    throw new AppError('UNPROCESSABLE', 'Please choose the size or colour you want instead of each piece.', {
      exchangeFor: 'One choice for each item, in the same order',
    });
  if (input.resolution === 'refund' && input.exchangeFor?.length)
    throw new AppError('UNPROCESSABLE', 'A refund needs no piece in exchange.', {
      exchangeFor: 'Only with the exchange resolution',
    });
}

/** Each item names a line of the order, once. */
function askedLines(input: RequestInput, lines: LineRow[]): Asked[] {
  const asked = input.items.map((item, index) => {
    const line = lines.find(
      (candidate) =>
        candidate.productId === item.productId &&
        sameOption(candidate.size, item.selectedSize) &&
        sameOption(candidate.color, item.selectedColor),
    );
    if (!line)
      throw new AppError(
        'BAD_REQUEST',
        item.selectedSize || item.selectedColor
          ? `This order has no ${optionName(item.selectedSize, item.selectedColor)} of product ${item.productId}.`
          : `This order has no product ${item.productId} without a size or colour.`,
        { [`items.${index}`]: 'Not a line of this order' },
      );
    return { item, line, index };
  });
  const seen = new Set<number>();
  for (const { line, index } of asked) {
    if (seen.has(line.id))
      throw new AppError('UNPROCESSABLE', `${lineName(line)} is listed twice.`, {
        [`items.${index}`]: 'Listed twice',
      });
    seen.add(line.id);
  }
  return asked;
}

/** The piece wanted instead: the same product, another size or colour, at most the same price. */
function exchangeFor(input: RequestInput, { item, line, index }: Asked, variants: VariantRow[]): VariantRow {
  const choice = input.exchangeFor![index]!;
  if (choice.productId !== item.productId)
    throw new AppError('UNPROCESSABLE', 'An exchange is for the same piece in another size or colour.', {
      [`exchangeFor.${index}.productId`]: 'Must be the returned product',
    });
  const exchange = variants.find(
    (variant) =>
      variant.productId === choice.productId &&
      sameOption(variant.size, choice.selectedSize) &&
      sameOption(variant.color, choice.selectedColor),
  );
  if (!exchange)
    throw new AppError(
      'BAD_REQUEST',
      `${line.name} does not come in ${optionName(choice.selectedSize, choice.selectedColor)}.`,
      { [`exchangeFor.${index}`]: 'Not a size or colour of this product' },
    );
  if (exchange.id === variantOfLine(line, variants)?.id)
    throw new AppError('UNPROCESSABLE', 'Choose another size or colour than the one you have.', {
      [`exchangeFor.${index}`]: 'The same size and colour as the returned piece',
    });
  if (exchange.priceKobo > line.unitPriceKobo)
    throw new AppError(
      'CONFLICT',
      `${line.name} in ${optionName(exchange.size, exchange.color)} costs ${formatNaira(exchange.priceKobo)}, more than the ${formatNaira(line.unitPriceKobo)} you paid: please ask for your money back and order it anew.`,
      { [`exchangeFor.${index}`]: 'Costs more than the returned piece' },
    );
  return exchange;
}

async function planItems(tx: DbOrTx, input: RequestInput, asked: Asked[]): Promise<PlannedItem[]> {
  const variants =
    input.resolution === 'exchange'
      ? await variantsOf(tx, [...new Set(asked.map(({ line }) => line.productId!))])
      : [];
  return asked.map((one) => {
    const exchange = input.resolution === 'exchange' ? exchangeFor(input, one, variants) : null;
    return {
      orderLineId: one.line.id,
      line: one.line,
      quantity: one.item.quantity,
      reason: one.item.reason,
      reasonText: one.item.reasonText ?? '',
      exchange,
      exchangeVariantId: exchange?.id ?? null,
    };
  });
}

/** The same request again, while the first waits: the first is the answer. */
async function sameWaitingRequest(
  tx: DbOrTx,
  orderId: number,
  resolution: string,
  planned: PlannedItem[],
): Promise<number | undefined> {
  const signature = requestSignature(resolution, planned);
  const waiting = await tx
    .select()
    .from(orderReturns)
    .where(and(eq(orderReturns.orderId, orderId), eq(orderReturns.status, 'requested')));
  if (waiting.length === 0) return undefined;
  const waitingItems = await tx
    .select()
    .from(returnItems)
    .where(
      inArray(
        returnItems.returnId,
        waiting.map((row) => row.id),
      ),
    );
  return waiting.find(
    (row) =>
      requestSignature(
        row.resolution,
        waitingItems.filter((item) => item.returnId === row.id),
      ) === signature,
  )?.id;
}

/** A line cannot be returned beyond what is left of it. */
async function checkLeft(tx: DbOrTx, orderId: number, planned: PlannedItem[]): Promise<void> {
  const taken = await takenByLine(tx, orderId);
  for (const { line, quantity, orderLineId } of planned) {
    const left = line.quantity - (taken.get(orderLineId) ?? 0);
    if (quantity > left)
      throw new AppError(
        'CONFLICT',
        left > 0
          ? `Only ${left} of ${lineName(line)} can still be returned.`
          : `${lineName(line)} is already being returned.`,
      );
  }
}

/**
 * Sets the exchange's units aside now (core/inventory: the products then the variants locked in id
 * order, as Place Order takes them): sold out, refused. The piece sent instead counts as sold, as
 * the one returned stops counting when it is received back in stock.
 */
async function setAsideExchanges(tx: DbOrTx, orderId: number, planned: PlannedItem[]): Promise<void> {
  const short = await setAside(
    tx,
    { reason: 'exchange_out', orderId, note: 'Set aside for an exchange' },
    planned
      .filter((item) => item.exchange)
      .map((item) => ({
        productId: item.exchange!.productId,
        variantId: item.exchange!.id,
        units: item.quantity,
      })),
  );
  if (short) {
    const variant = planned.find((item) => item.exchange?.id === short.variantId)!.exchange!;
    throw new AppError(
      'OUT_OF_STOCK',
      `Sorry, ${optionName(variant.size, variant.color)} is sold out — choose another size or your money back.`,
    );
  }
}

/** The return and its items, the order's timeline entry and the owner's notification; its id. */
async function writeReturn(
  tx: DbOrTx,
  order: OrderRow,
  input: RequestInput,
  planned: PlannedItem[],
  viewer: OrderViewer,
  now: Date,
): Promise<number> {
  const [created] = await tx
    .insert(orderReturns)
    .values({
      number: sql`'RET-' || nextval('return_number_seq')`,
      orderId: order.id,
      status: 'requested',
      resolution: input.resolution,
      requestedBy: viewer.user?.id ?? null,
      note: input.note ?? '',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(returnItems).values(
    planned.map((item) => ({
      returnId: created!.id,
      orderLineId: item.orderLineId,
      productId: item.line.productId,
      size: item.line.size,
      quantity: item.quantity,
      reason: item.reason,
      reasonText: item.reasonText,
      exchangeVariantId: item.exchangeVariantId,
      exchangeReserved: item.exchange !== null,
    })),
  );
  const what = planned
    .map(
      (item) =>
        `${item.quantity} × ${lineName(item.line)}, ${returnReasonNames[item.reason]}${
          item.exchange ? `, for ${optionName(item.exchange.size, item.exchange.color)}` : ''
        }`,
    )
    .join('; ');
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: `Return ${created!.number} requested (${returnResolutionNames[input.resolution].toLowerCase()}): ${what}.`,
    createdAt: now,
  });
  await notifyOrderOwner(
    tx,
    order,
    { kind: 'return', returnNumber: created!.number, stage: 'requested' },
    now,
  );
  return created!.id;
}

/**
 * A shopper asks to return pieces of her order, for her money back or another size or colour: checked
 * under the order's lock (the window, each line once and no more than is left, the exchange's piece
 * set aside), and the same request sent twice answers with the first.
 */
export async function requestReturn(
  deps: ReturnDeps,
  orderNumber: string,
  raw: unknown,
  viewer: OrderViewer,
  options: ReturnOptions = {},
): Promise<{ created: boolean; view: ReturnView }> {
  const input = parseInput(returnRequestSchema, raw);
  const now = options.now ?? new Date();
  // Someone else's order does not exist, whatever she sends.
  const found = await orderForViewer(deps.db, orderNumber, { ...viewer, key: viewer.key ?? input.key });
  checkRequestRules(input);
  const { returnsDays } = await getShopSettings(deps.db);

  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    const window = returnWindow(order, returnsDays, now);
    if (window.closedReason) throw new AppError('CONFLICT', window.closedReason);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const planned = await planItems(tx, input, askedLines(input, lines));
    const same = await sameWaitingRequest(tx, order.id, input.resolution, planned);
    if (same !== undefined) return { created: false, id: same };
    await checkLeft(tx, order.id, planned);
    await setAsideExchanges(tx, order.id, planned);
    return { created: true, id: await writeReturn(tx, order, input, planned, viewer, now) };
  });

  const view = await getReturnForAdmin(deps.db, outcome.id);
  if (outcome.created) await mailStep(deps, view);
  return { created: outcome.created, view: shopperView(view) };
}
