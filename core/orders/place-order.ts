import { createHash, randomBytes, randomInt } from 'node:crypto';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { z } from 'zod';
import { placeOrderInputSchema } from '../../contracts/checkout';
import { checkoutMessages, totalChangedMessage } from '../../contracts/checkout-texts';
import { nairaToKobo } from '../../contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { products, productVariants } from '../../db/schema/catalog';
import { variantLabel } from '../../contracts/catalog';
import { saleCause, takeForSale } from '../inventory/take-for-sale';
import { ALERT_LINES_TOKEN, type LowStockAlertPlan, lowStockAlertPlan } from '../catalog/low-stock-alert';
import { type orderLines, orders } from '../../db/schema/orders';
import { orderOwner } from '../notifications/notifications';
import { orderLink as notificationLink, orderNotificationText } from '../notifications/notification-texts';
import { AppError, isAppError } from '../errors';
import type { MailMessage, Mailer, QueuedMail } from '../mail/mailer';
import { getShopSettings, PICKUP_METHOD_ID } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { placedOrderState } from './lifecycle';
import {
  isPaymentMethodEnabled,
  testModeSetup,
  transferAccountsOn,
  type PaymentSetup,
} from './payment-methods';
import { newOrderAlertMail, orderConfirmationMail } from './order-mail';
import { orderViewOf, toOrderView, type OrderRow, type OrderView } from './order-view';
import { quoteCart, variantStockMessage, type CartQuote } from './quote';
import { isUniqueViolation } from '../unique-violation';

export interface PlaceOrderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  onMailError?: (error: unknown) => void;
  onPlaced?: (order: { paymentMethod: string }) => void;
  /** What the shop's payment keys allow; unset, TEST MODE's. */
  paymentSetup?: PaymentSetup;
}

export interface PlaceOrderOptions {
  user?: { id: string } | null;
  /** The Idempotency-Key header: the same key and body give back the first order. */
  idempotencyKey?: string | undefined;
  /** The network address the order comes from, for the limit on open unpaid orders. */
  clientAddress?: string | undefined;
  now?: Date;
}

export interface PlacedOrder {
  order: OrderView;
  /** The secret of the order's link, for a shopper without an account; given once. */
  accessToken: string | null;
  /** True when this answers a repeat of an earlier request. */
  replayed: boolean;
}

export function hashSecret(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 'RC' + 8 digits of the time + 4 random digits. */
export function bankReference(now = new Date()): string {
  const time = String(now.getTime()).slice(-8);
  return `RC${time}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** A line whose variant has too few units: 409, naming the product, its size and colour. */
function outOfStock(
  line: Pick<CartQuote['lines'][number], 'name' | 'size' | 'color'> | undefined,
  left: number,
): AppError {
  const name = line?.name ?? 'An item in your cart';
  const label = variantLabel({ size: line?.size ?? null, color: line?.color ?? null });
  const message = label
    ? `${name}: ${variantStockMessage({ size: line?.size ?? null, color: line?.color ?? null }, left)}`
    : left > 0
      ? `Only ${left} of ${name} left in stock.`
      : `Sorry, ${name} is out of stock.`;
  return new AppError('OUT_OF_STOCK', message, { items: name });
}

/** Units the order takes from each variant, lines of one variant counted together, in variant id order. */
interface WantedVariant {
  variantId: number;
  productId: number;
  quantity: number;
}

function wantedVariants(lines: CartQuote['lines']): WantedVariant[] {
  const byVariant = new Map<number, WantedVariant>();
  for (const line of lines) {
    if (line.variantId === null) continue; // quoteRefusal refused any line without one
    const entry = byVariant.get(line.variantId);
    if (entry) entry.quantity += line.quantity;
    else
      byVariant.set(line.variantId, {
        variantId: line.variantId,
        productId: line.productId,
        quantity: line.quantity,
      });
  }
  return [...byVariant.values()].sort((a, b) => a.variantId - b.variantId);
}

/** The shopper's words when they already have as many unpaid orders as the shop allows. */
export function unpaidOrdersMessage(open: number): string {
  return `You already have ${open} ${open === 1 ? 'order' : 'orders'} awaiting payment. Pay or cancel one of them first.`;
}

/** The answer to a line the shop cannot sell as it stands, by what is wrong with it. */
const unsellableCodes = {
  // The product is no longer sold: a state of the catalogue.
  unavailable: 'CONFLICT',
  // A size or colour the product does not sell: bad input, named in the message.
  'unknown-option': 'BAD_REQUEST',
  // No size chosen for a product sold in several; more than the shop's cap.
  option: 'UNPROCESSABLE',
  limit: 'UNPROCESSABLE',
} as const;

/**
 * Why a quoted cart cannot become an order (a piece gone, an option, the shipping method, the coupon,
 * stock), or null. A size or colour the product does not sell is bad input (400, naming it); the
 * rest are rules of the shop's: 409 or 422.
 */
function quoteRefusal(totals: CartQuote, shippingMethod: string): AppError | null {
  // The schema asks a Nigerian address for its state; this keeps an order from ever taking a "from" price.
  if (totals.needsState)
    return new AppError('UNPROCESSABLE', checkoutMessages.chooseState, {
      'shippingAddress.state': checkoutMessages.chooseState,
    });
  const unsellable = totals.lines.find((line) => line.problemKind !== null && line.problemKind !== 'stock');
  if (unsellable?.problemKind && unsellable.problemKind !== 'stock')
    return new AppError(
      unsellableCodes[unsellable.problemKind],
      `${unsellable.name}: ${unsellable.problem ?? ''}`,
      { items: unsellable.problem ?? '' },
    );
  if (totals.shippingMethod?.id !== shippingMethod)
    return new AppError('UNPROCESSABLE', 'Please choose an available shipping method.', {
      shippingMethod: 'Please choose an available shipping method.',
    });
  if (totals.couponError)
    return new AppError(
      totals.couponError === checkoutMessages.couponUsedUp ? 'CONFLICT' : 'UNPROCESSABLE',
      totals.couponError,
      { couponCode: totals.couponError },
    );
  const short = totals.lines.find((line) => line.problemKind === 'stock');
  if (short) return outOfStock(short, short.stock);

  return null;
}

/**
 * The order's total on the server is not the total the shopper saw (`expectedTotal`): a price, the
 * delivery charge, the tax or a coupon changed since the checkout was priced. Nothing is placed and
 * no Idempotency-Key is taken; the new quote goes back so the shopper sees what changed.
 */
export class TotalChangedError extends AppError {
  readonly quote: CartQuote;
  readonly expectedTotalKobo: number;

  constructor(quote: CartQuote, expectedTotalKobo: number) {
    super('TOTAL_CHANGED', totalChangedMessage(quote.totalKobo, expectedTotalKobo));
    this.name = 'TotalChangedError';
    this.quote = quote;
    this.expectedTotalKobo = expectedTotalKobo;
  }
}

/** The refusal of an order whose total changed, from whichever bundle threw it; null for any other error. */
export function totalChangeOf(error: unknown): TotalChangedError | null {
  return isAppError(error) && error.code === 'TOTAL_CHANGED' && 'quote' in error
    ? (error as TotalChangedError)
    : null;
}

/** The refusal when the shopper saw another total than the server's, or null (or when they sent none). */
function totalRefusal(totals: CartQuote, expectedTotal: number | undefined): TotalChangedError | null {
  if (expectedTotal === undefined) return null;
  const expectedKobo = nairaToKobo(expectedTotal);
  return expectedKobo === totals.totalKobo ? null : new TotalChangedError(totals, expectedKobo);
}

async function replay(db: DbOrTx, key: string, requestHash: string): Promise<PlacedOrder | null> {
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  if (!existing) return null;
  if (existing.requestHash !== requestHash)
    throw new AppError(
      'UNPROCESSABLE',
      'This Idempotency-Key was already used for a different order. Use a new key for a new order.',
    );
  return { order: await toOrderView(db, existing), accessToken: null, replayed: true };
}

/** Why the statement placing an order refused it ('stock', 'coupon', 'unpaid:3'), or null for any other error. */
function refusalOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const message = (current as { message?: unknown }).message;
    const code = (current as { code?: unknown }).code;
    if (code === 'P0001' && typeof message === 'string' && message.startsWith('order-refused:'))
      return message.slice('order-refused:'.length);
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The shopper's words for a refusal, read once the statement has rolled back (no lock held). */
async function refusalError(
  db: DbOrTx,
  reason: string,
  lines: CartQuote['lines'],
  wanted: WantedVariant[],
): Promise<AppError> {
  if (reason.startsWith('unpaid:'))
    return new AppError('RATE_LIMITED', unpaidOrdersMessage(Number(reason.slice(7))));
  if (reason === 'coupon')
    return new AppError('CONFLICT', checkoutMessages.couponUsedUp, {
      couponCode: checkoutMessages.couponUsedUp,
    });
  if (reason === 'coupon-customer')
    return new AppError('CONFLICT', checkoutMessages.couponCustomerLimit, {
      couponCode: checkoutMessages.couponCustomerLimit,
    });
  const current = await db
    .select({ id: productVariants.id, stock: productVariants.stock, status: products.status })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        productVariants.id,
        wanted.map((want) => want.variantId),
      ),
    );
  for (const want of wanted) {
    const line = lines.find((item) => item.variantId === want.variantId);
    const variant = current.find((row) => row.id === want.variantId);
    if (!variant || variant.status !== 'active') {
      const name = line?.name ?? 'An item in your cart';
      return new AppError('CONFLICT', `${name}: This item is no longer available.`, {
        items: 'This item is no longer available.',
      });
    }
    if (variant.stock < want.quantity) return outOfStock(line, variant.stock);
  }
  // Another order took the last units and gave them back in between: the shopper may simply try again.
  return outOfStock(
    lines.find((item) => item.variantId === wanted[0]?.variantId),
    0,
  );
}

const dialect = new PgDialect();
/** Statement names by text: the statements below have a few texts only. */
const statementIds = new Map<string, string>();

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL (parsed and planned once per
 * connection, not on every order); elsewhere (PGlite, in process) as any other query.
 */
async function runPrepared<Row>(db: DbOrTx, name: string, statement: SQL): Promise<Row[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const query = dialect.sqlToQuery(statement);
    // One name per text: the e-mail-or-account owner condition gives two texts.
    let id = statementIds.get(query.sql);
    if (!id && statementIds.size < 16) {
      id = `${name}-${createHash('sha256').update(query.sql).digest('hex').slice(0, 16)}`;
      statementIds.set(query.sql, id);
    }
    // A text the map has no room for (never expected) runs unnamed rather than filling the server.
    const config = id
      ? { name: id, text: query.sql, values: query.params }
      : { text: query.sql, values: query.params };
    return (await client.query<Row & pg.QueryResultRow>(config)).rows;
  }
  return ((await db.execute(statement)) as { rows: Row[] }).rows;
}

/** The order row as the statement below records it, so the view and its mails need no read back. */
type NewOrder = Omit<OrderRow, 'id'>;

/**
 * Records an order in ONE statement, so every lock it takes is held only while PostgreSQL runs it
 * (never across a round trip to this process): the unpaid-order slot (advisory locks on the e-mail,
 * then the address), the coupon's limit per customer (advisory locks on the coupon with the e-mail,
 * the phone, then the account), the products' rows in id order (no deadlock between two carts), the
 * stock taken by a conditional update for all lines at once (never below zero), the coupon's use
 * counted within its limit, then the order, its lines, its first event, the owner's notification, the saved details
 * and the outbox's mails. Anything short aborts the whole statement through `refuse_order`.
 */
async function recordOrder(
  db: DbOrTx,
  order: NewOrder,
  work: {
    wanted: WantedVariant[];
    lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[];
    note: string;
    limits: { perEmail: number; perAddress: number };
    couponId: number | null;
    /** The coupon's limit per customer, counted under locks by `take_coupon_customer_use`; null for none. */
    couponPerCustomer: number | null;
    notification: { title: string; message: string; link: string };
    saveInfo: boolean;
    mails: MailMessage[];
    stockAlert: LowStockAlertPlan;
  },
): Promise<{ id: number; mails: QueuedMail[] }> {
  const at = order.createdAt.toISOString();
  const address = order.shippingAddress;
  const owner = orderOwner({ userId: order.userId, email: order.email });
  const statement = sql`
    WITH gate AS (
      SELECT take_unpaid_order_slot(${order.email}, ${order.clientAddressHash}::text,
                                    ${work.limits.perEmail}::int, ${work.limits.perAddress}::int)
             AND take_coupon_customer_use(${order.couponCode}::text, ${work.couponPerCustomer}::int,
                                          ${order.userId}::uuid, ${order.email}, ${order.phone}) AS ok
    ),
    ${takeForSale(work.wanted, order.createdAt)},
    used AS (
      UPDATE coupons SET used_count = used_count + 1
       WHERE id = ${work.couponId}::int AND active
         AND (usage_limit IS NULL OR used_count < usage_limit)
         AND (SELECT count(*) FROM taken) = ${work.wanted.length}
      RETURNING id
    ),
    checked AS (
      SELECT CASE
               WHEN (SELECT count(*) FROM taken) <> ${work.wanted.length} THEN refuse_order('stock')
               WHEN (SELECT count(*) FROM used) <> ${work.couponId === null ? 0 : 1} THEN refuse_order('coupon')
               ELSE true
             END AS ok
    ),
    placed AS (
      INSERT INTO orders (number, user_id, email, phone, shipping_address, shipping_method,
                          shipping_method_label, payment_method, payment_status, status, subtotal_kobo,
                          discount_kobo, shipping_kobo, tax_kobo, total_kobo, tax_rate_percent, tax_included,
                          delivery_discount_kobo, coupon_code,
                          first_order_coupon, client_address_hash, bank_reference, access_token_hash,
                          idempotency_key, request_hash, stock_held_until, delivery_zone, delivery_earliest,
                          delivery_latest, created_at, updated_at)
      SELECT ${order.number}, ${order.userId}::uuid, ${order.email}, ${order.phone},
             ${JSON.stringify(order.shippingAddress)}::jsonb, ${order.shippingMethod},
             ${order.shippingMethodLabel}, ${order.paymentMethod}, ${order.paymentStatus}, ${order.status},
             ${order.subtotalKobo}::int, ${order.discountKobo}::int, ${order.shippingKobo}::int,
             ${order.taxKobo}::int, ${order.totalKobo}::int, ${order.taxRatePercent}::numeric,
             ${order.taxIncluded}::boolean, ${order.deliveryDiscountKobo}::int,
             ${order.couponCode}::text, ${order.firstOrderCoupon}::boolean, ${order.clientAddressHash}::text,
             ${order.bankReference}::text, ${order.accessTokenHash}, ${order.idempotencyKey}::text,
             ${order.requestHash}::text, ${order.stockHeldUntil?.toISOString() ?? null}::timestamptz,
             ${order.deliveryZone}::text, ${order.deliveryEarliest}::date, ${order.deliveryLatest}::date,
             ${at}::timestamptz, ${at}::timestamptz
        FROM checked WHERE checked.ok
      RETURNING id
    ),
    line_rows AS (
      INSERT INTO order_lines (order_id, product_id, variant_id, sku, name, image_url, unit_price_kobo, quantity,
                               color, size, discount_kobo)
      SELECT placed.id, l.product_id, l.variant_id, l.sku, l.name, l.image_url, l.unit_price_kobo, l.quantity,
             l.color, l.size, l.discount_kobo
        FROM placed, ROWS FROM (jsonb_to_recordset(${JSON.stringify(
          work.lines.map((line) => ({
            product_id: line.productId,
            variant_id: line.variantId,
            sku: line.sku,
            name: line.name,
            image_url: line.imageUrl,
            unit_price_kobo: line.unitPriceKobo,
            quantity: line.quantity,
            color: line.color,
            size: line.size,
            discount_kobo: line.discountKobo,
          })),
        )}::jsonb)
                               AS (product_id integer, variant_id integer, sku text, name text, image_url text,
                                   unit_price_kobo integer, quantity integer, color text, size text,
                                   discount_kobo integer)) WITH ORDINALITY
          AS l(product_id, variant_id, sku, name, image_url, unit_price_kobo, quantity, color, size, discount_kobo,
               position)
       ORDER BY l.position
    ),
    event_row AS (
      INSERT INTO order_events (order_id, status, note, created_at)
      SELECT placed.id, ${order.status}, ${work.note}, ${at}::timestamptz FROM placed
    ),
    noted AS (
      INSERT INTO notifications (user_id, type, title, message, link, created_at)
      SELECT account.id, 'order', ${work.notification.title}, ${work.notification.message},
             ${work.notification.link}, ${at}::timestamptz
        FROM placed, (SELECT ${users.id} AS id FROM ${users} WHERE ${owner} LIMIT 1) AS account
    ),
    saved AS (
      UPDATE users SET phone = ${order.phone}, address = ${address.address}, city = ${address.city},
                       state = ${address.state}, zip_code = ${address.zipCode}, country = ${address.country},
                       updated_at = ${at}::timestamptz
       WHERE ${work.saveInfo}::boolean AND id = ${order.userId}::uuid AND EXISTS (SELECT 1 FROM placed)
    ),
    mails AS (
      INSERT INTO outbox ("to", subject, text, html)
      SELECT m."to", m.subject, m.text, m.html
        FROM placed, ROWS FROM (jsonb_to_recordset(${JSON.stringify(work.mails)}::jsonb)
                               AS ("to" text, subject text, text text, html text)) WITH ORDINALITY
          AS m("to", subject, text, html, position)
       ORDER BY m.position
      RETURNING id
    ),
    -- The low-stock alert (decision 0036): the crossings the units this order left make (a "low"
    -- candidate exists only where the units before were at the threshold or more), in one mail.
    crossed AS (
      SELECT c.position, c.product_id, c.kind, c.text, c.html
        FROM jsonb_to_recordset(${JSON.stringify(
          work.stockAlert.candidates.map((candidate) => ({
            position: candidate.position,
            variant_id: candidate.variantId,
            product_id: candidate.productId,
            kind: candidate.kind,
            lft: candidate.left,
            text: candidate.text,
            html: candidate.html,
          })),
        )}::jsonb)
          AS c(position integer, variant_id integer, product_id integer, kind text, lft integer, text text, html text)
        JOIN taken ON taken.id = c.variant_id
       WHERE (c.kind = 'sold_out' AND taken.stock <= 0) OR (c.kind = 'low' AND taken.stock = c.lft)
    ),
    crossing AS (
      SELECT count(*)::int AS count, (count(*) FILTER (WHERE kind = 'sold_out'))::int AS sold_out,
             CASE WHEN count(DISTINCT product_id) = 1 THEN min(product_id) ELSE 0 END AS product_id,
             string_agg(text, ${work.stockAlert.textJoin}::text ORDER BY position) AS text,
             string_agg(html, ${work.stockAlert.htmlJoin}::text ORDER BY position) AS html
        FROM crossed
    ),
    stock_alert AS (
      INSERT INTO outbox ("to", subject, text, html)
      SELECT f."to", replace(f.subject, ${ALERT_LINES_TOKEN}::text, crossing.text),
             replace(f.text, ${ALERT_LINES_TOKEN}::text, crossing.text),
             replace(f.html, ${ALERT_LINES_TOKEN}::text, crossing.html)
        FROM placed, crossing,
             jsonb_to_recordset(${JSON.stringify(work.stockAlert.frames)}::jsonb)
               AS f(count integer, "soldOut" integer, "productId" integer, "to" text, subject text, text text, html text)
       WHERE crossing.count > 0 AND f.count = crossing.count AND f."soldOut" = crossing.sold_out
         AND f."productId" = crossing.product_id
       LIMIT 1
      RETURNING id, "to", subject, text, html
    )
    -- The ledger's rows for the units taken are written as the statement ends (decision 0067): named
    -- here by core/inventory, once the order has its id. A pickup order takes from the pickup
    -- location first (decision 0068).
    SELECT placed.id, (SELECT array_agg(id ORDER BY id) FROM mails) AS mail_ids,
           (SELECT jsonb_agg(jsonb_build_object('id', id, 'to', "to", 'subject', subject, 'text', text, 'html', html))
              FROM stock_alert) AS stock_alert,
           ${saleCause(
             sql`placed.id::text`,
             sql`coalesce((SELECT id::text FROM stock_locations
                            WHERE pickup AND ${order.shippingMethod === PICKUP_METHOD_ID}::boolean), '')`,
           )} AS ledger
      FROM placed`;
  const [row] = await runPrepared<{
    id: number;
    mail_ids: number[] | null;
    stock_alert: ({ id: number } & MailMessage)[] | null;
  }>(db, 'place-order', statement);
  if (!row) throw new Error('The order was not recorded');
  // Ids are given in insertion order, which is the order of the messages.
  const ids = (row.mail_ids ?? []).map(Number);
  return {
    id: Number(row.id),
    mails: [
      ...ids.map((id, index) => ({ id, message: work.mails[index]! })),
      ...(row.stock_alert ?? []).map(({ id, ...message }) => ({ id: Number(id), message })),
    ],
  };
}

/**
 * Places an order: prices and checks read first, without a lock (the quote), then the order is
 * recorded in one statement that takes stock by a conditional update (never below zero, lines of
 * one product counted together), counts the coupon's use within its limit and the shopper's open
 * unpaid orders within theirs, and writes the order, its notification and its mails. Unpaid orders
 * hold their stock until the shop's hold time passes. Mails are delivered after the answer. A total
 * the shopper saw (`expectedTotal`) that is not the server's places nothing: TotalChangedError,
 * with the new quote.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  raw: unknown,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const input = parseInput(placeOrderInputSchema, raw);
  const userId = options.user?.id ?? null;
  const key = options.idempotencyKey?.trim() || null;
  if (key && key.length > 200) throw new AppError('BAD_REQUEST', 'The Idempotency-Key is too long.');
  const requestHash = hashSecret(JSON.stringify({ userId, input }));
  if (key) {
    const earlier = await replay(deps.db, key, requestHash);
    if (earlier) return earlier;
  }

  const [settings, number] = await Promise.all([getShopSettings(deps.db), nextOrderNumber(deps.db)]);
  const setup = deps.paymentSetup ?? testModeSetup;
  if (!isPaymentMethodEnabled(settings, input.paymentMethod, setup.cardProviders))
    throw new AppError('UNPROCESSABLE', 'This payment method is not available.', {
      paymentMethod: 'This payment method is not available.',
    });

  const totals = await quoteCart(
    deps.db,
    {
      items: input.items,
      shippingAddress: { country: input.shippingAddress.country, state: input.shippingAddress.state },
      shippingMethod: input.shippingMethod,
      couponCode: input.couponCode,
      email: input.email,
    },
    { userId, phone: input.phone },
    { settings, now: options.now },
  );
  // Never more (or less) than the shopper saw: a changed total places nothing and sends the new quote.
  const refusal = quoteRefusal(totals, input.shippingMethod) ?? totalRefusal(totals, input.expectedTotal);
  if (refusal) {
    // A twin request with the same key may have taken the last unit or the coupon's last use a
    // moment ago (or been placed just before a price changed): this click gets that order, not a refusal.
    if (key) {
      const earlier = await replay(deps.db, key, requestHash);
      if (earlier) return earlier;
    }
    throw refusal;
  }
  const now = options.now ?? new Date();
  const accessToken = randomBytes(24).toString('base64url');
  const placed = placedOrderState(
    input.paymentMethod,
    { ...settings, transferAccountPerOrder: transferAccountsOn(settings, setup) },
    now,
  );
  const order = newOrderRow(input, totals, {
    number,
    userId,
    now,
    placed,
    accessTokenHash: hashSecret(accessToken),
    clientAddressHash: options.clientAddress ? hashSecret(`address:${options.clientAddress}`) : null,
    idempotency: key ? { key, requestHash } : null,
  });
  const lines = totals.lines.map((line) => ({
    productId: line.productId,
    variantId: line.variantId,
    sku: line.sku,
    name: line.name,
    imageUrl: line.imageUrl,
    unitPriceKobo: line.unitPriceKobo,
    quantity: line.quantity,
    color: line.color,
    size: line.size,
    // Its share of the coupon's discount, so a refund of the line knows what it paid (decision 0064).
    discountKobo: line.discountKobo,
  }));
  // The view and the mails are made before the statement: everything they show is known here.
  const view = orderViewOf(
    { ...order, id: 0 },
    lines.map((line, index) => ({ ...line, id: index, orderId: 0 })),
    [
      {
        id: 0,
        orderId: 0,
        status: order.status,
        note: placed.note,
        actorId: null,
        actorName: null,
        createdAt: now,
      },
    ],
  );
  const [confirmation, alert, stockAlert] = await Promise.all([
    orderConfirmationMail(deps.publicUrl, view, { accessToken: userId ? null : accessToken, settings }),
    newOrderAlertMail(deps.publicUrl, view, settings),
    lowStockAlertPlan(deps.publicUrl, settings, lines),
  ]);
  const mails = [confirmation, ...(alert ? [alert] : [])];
  const wanted = wantedVariants(totals.lines);

  let recorded: Awaited<ReturnType<typeof recordOrder>>;
  try {
    recorded = await recordOrder(deps.db, order, {
      wanted,
      lines,
      note: placed.note,
      limits: { perEmail: settings.maxUnpaidOrdersPerEmail, perAddress: settings.maxUnpaidOrdersPerAddress },
      couponId: totals.coupon?.id ?? null,
      couponPerCustomer: totals.coupon?.usageLimitPerCustomer ?? null,
      notification: { ...orderNotificationText(number, placed.tell), link: notificationLink(number) },
      // A pickup order names no street: the profile keeps the address it has.
      saveInfo: Boolean(userId && input.saveInfo && input.shippingMethod !== PICKUP_METHOD_ID),
      mails,
      // The low-stock alert is written by the order's own statement: with the order, or not at all.
      stockAlert,
    });
  } catch (error) {
    // A twin request with the same key may have won the race: it took the key (unique violation),
    // or the last unit or coupon use, so this one failed. Either way the shopper gets its order.
    const earlier = key ? await replay(deps.db, key, requestHash) : null;
    if (earlier) return earlier;
    throw await placingFailure(deps.db, error, totals.lines, wanted);
  }

  // Mails go out after the answer; the outbox keeps them whatever the mail server does.
  void deps.mailer.deliver(recorded.mails).catch((error: unknown) => deps.onMailError?.(error));
  deps.onPlaced?.(view);
  return { order: view, accessToken, replayed: false };
}

/** The new order's row, as the statement records it: its figures are the quote's, its state the lifecycle's. */
function newOrderRow(
  input: z.output<typeof placeOrderInputSchema>,
  totals: CartQuote,
  order: {
    number: string;
    userId: string | null;
    now: Date;
    placed: ReturnType<typeof placedOrderState>;
    accessTokenHash: string;
    clientAddressHash: string | null;
    idempotency: { key: string; requestHash: string } | null;
  },
): NewOrder {
  const shippingMethod = totals.shippingMethod!; // quoteRefusal refused a quote without the method asked for
  return {
    number: order.number,
    userId: order.userId,
    email: input.email,
    phone: input.phone,
    shippingAddress: input.shippingAddress,
    shippingMethod: input.shippingMethod,
    shippingMethodLabel: `${shippingMethod.name} (${shippingMethod.description})`,
    paymentMethod: input.paymentMethod,
    paymentStatus: order.placed.paymentStatus,
    status: order.placed.status,
    subtotalKobo: totals.subtotalKobo,
    discountKobo: totals.discountKobo,
    shippingKobo: totals.shippingKobo,
    taxKobo: totals.taxKobo,
    totalKobo: totals.totalKobo,
    taxRatePercent: totals.taxRatePercent,
    taxIncluded: totals.taxIncluded,
    deliveryDiscountKobo: totals.coupon?.type === 'free_delivery' ? totals.coupon.discountKobo : 0,
    couponCode: totals.coupon?.code ?? null,
    // The shop's own account needs a reference to match the money; an account per order does not.
    bankReference: order.placed.transferReference ? bankReference(order.now) : null,
    customerBankReference: null,
    accessTokenHash: order.accessTokenHash,
    idempotencyKey: order.idempotency?.key ?? null,
    requestHash: order.idempotency?.requestHash ?? null,
    stockHeldUntil: order.placed.stockHeldUntil,
    stockReleasedAt: null,
    paidAt: null,
    deliveredAt: null,
    firstOrderCoupon: totals.coupon?.firstOrderOnly ?? false,
    isTest: false,
    clientAddressHash: order.clientAddressHash,
    carrier: null,
    trackingNumber: null,
    // The promise the shopper saw at checkout, kept as it was made.
    deliveryZone: totals.deliveryZone?.name ?? null,
    deliveryEarliest: shippingMethod.deliveryDates.earliest,
    deliveryLatest: shippingMethod.deliveryDates.latest,
    trackingUrl: null,
    // A pickup order gets its code when it is ready to collect, not before.
    pickupCode: null,
    pickupCodeSealed: null,
    plainPickupCode: null,
    readyForPickupAt: null,
    pickedUpAt: null,
    createdAt: order.now,
    updatedAt: order.now,
  };
}

/** The shopper's words for an order the statement refused; any other error is thrown as it is. */
async function placingFailure(
  db: DbOrTx,
  error: unknown,
  lines: CartQuote['lines'],
  wanted: WantedVariant[],
): Promise<unknown> {
  // Two first orders with a first-order coupon raced: the unique index let one through.
  if (isUniqueViolation(error, 'orders_first_order_coupon_'))
    return new AppError('CONFLICT', checkoutMessages.couponFirstOrder, {
      couponCode: checkoutMessages.couponFirstOrder,
    });
  const reason = refusalOf(error);
  return reason ? await refusalError(db, reason, lines, wanted) : error;
}

/** The next order number, taken before the order's statement so its mails can name it. */
async function nextOrderNumber(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`SELECT 'ORD-' || nextval('order_number_seq') AS number`);
  const [row] = (result as { rows: { number: string }[] }).rows;
  if (!row) throw new Error('No order number');
  return row.number;
}
