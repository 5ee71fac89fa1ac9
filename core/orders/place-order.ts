import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { placeOrderInputSchema } from '../../contracts/checkout';
import { checkoutMessages } from '../../contracts/checkout-texts';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { notifyOrderOwner } from '../content/notifications';
import { isPaymentMethodEnabled } from './payment-methods';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { useCoupon } from './coupons';
import { sendNewOrderAlert, sendOrderConfirmation } from './order-mail';
import { toOrderView, type OrderRow, type OrderView } from './order-view';
import { quantitiesByProduct, quoteCart } from './quote';
import { isUniqueViolation } from '../unique-violation';

export interface PlaceOrderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  onMailError?: (error: unknown) => void;
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

function outOfStock(name = 'An item in your cart', left: number): AppError {
  return new AppError(
    'OUT_OF_STOCK',
    left > 0 ? `Only ${left} of ${name} left in stock.` : `Sorry, ${name} is out of stock.`,
    { items: name },
  );
}

/** The shopper's words when they already have as many unpaid orders as the shop allows. */
export function unpaidOrdersMessage(open: number): string {
  return `You already have ${open} ${open === 1 ? 'order' : 'orders'} awaiting payment. Pay or cancel one of them first.`;
}

/**
 * Open unpaid orders are limited per e-mail and per network address, so no one holds the shop's
 * stock with a pile of orders they never pay. The advisory locks (e-mail first, then address, then
 * the products) make the count and the new order one step, however many checkouts race.
 */
async function checkOpenUnpaidOrders(
  tx: DbOrTx,
  email: string,
  addressHash: string | null,
  limits: { perEmail: number; perAddress: number },
): Promise<void> {
  const open = and(eq(orders.status, 'awaiting_payment'), isNull(orders.stockReleasedAt));
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`unpaid-email:${email}`}, 0))`);
  const [byEmail] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(open, eq(orders.email, email)));
  if ((byEmail?.n ?? 0) >= limits.perEmail)
    throw new AppError('RATE_LIMITED', unpaidOrdersMessage(byEmail?.n ?? 0));
  if (!addressHash) return;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`unpaid-address:${addressHash}`}, 0))`,
  );
  const [byAddress] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(open, eq(orders.clientAddressHash, addressHash)));
  if ((byAddress?.n ?? 0) >= limits.perAddress)
    throw new AppError('RATE_LIMITED', unpaidOrdersMessage(byAddress?.n ?? 0));
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

/**
 * Places an order in one transaction: prices from the database, stock taken by a conditional
 * update (never below zero, lines of one product counted together), the coupon's use counted
 * within its limit, and the order recorded with its first status. Unpaid orders hold their stock
 * until the shop's hold time passes.
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

  const settings = await getShopSettings(deps.db);
  if (!isPaymentMethodEnabled(settings, input.paymentMethod))
    throw new AppError('BAD_REQUEST', 'This payment method is not available.', {
      paymentMethod: 'This payment method is not available.',
    });

  const now = options.now ?? new Date();
  const accessToken = randomBytes(24).toString('base64url');
  const addressHash = options.clientAddress ? hashSecret(`address:${options.clientAddress}`) : null;
  let row: OrderRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      await checkOpenUnpaidOrders(tx, input.email, addressHash, {
        perEmail: settings.maxUnpaidOrdersPerEmail,
        perAddress: settings.maxUnpaidOrdersPerAddress,
      });
      const totals = await quoteCart(
        tx,
        {
          items: input.items,
          country: input.shippingAddress.country,
          shippingMethod: input.shippingMethod,
          couponCode: input.couponCode,
          email: input.email,
        },
        { userId },
        { settings },
      );
      const unsellable = totals.lines.find(
        (line) =>
          line.problemKind === 'unavailable' || line.problemKind === 'option' || line.problemKind === 'limit',
      );
      if (unsellable)
        throw new AppError(
          unsellable.problemKind === 'unavailable' ? 'CONFLICT' : 'BAD_REQUEST',
          `${unsellable.name}: ${unsellable.problem ?? ''}`,
          { items: unsellable.problem ?? '' },
        );
      if (totals.shippingMethod?.id !== input.shippingMethod)
        throw new AppError('BAD_REQUEST', 'Please choose an available shipping method.', {
          shippingMethod: 'Please choose an available shipping method.',
        });
      if (totals.couponError)
        throw new AppError(
          totals.couponError === checkoutMessages.couponUsedUp ? 'CONFLICT' : 'BAD_REQUEST',
          totals.couponError,
          { couponCode: totals.couponError },
        );

      const short = totals.lines.find((line) => line.problemKind === 'stock');
      if (short) throw outOfStock(short.name, short.stock);

      // Stock first, product by product in id order, so concurrent orders never deadlock.
      const wanted = [...quantitiesByProduct(input.items)].sort(([a], [b]) => a - b);
      for (const [productId, quantity] of wanted) {
        const taken = await tx
          .update(products)
          .set({
            stock: sql`${products.stock} - ${quantity}`,
            soldCount: sql`${products.soldCount} + ${quantity}`,
          })
          .where(
            sql`${products.id} = ${productId} AND ${products.status} = 'active' AND ${products.stock} >= ${quantity}`,
          )
          .returning({ id: products.id });
        if (taken.length === 0) {
          const [current] = await tx
            .select({ stock: products.stock })
            .from(products)
            .where(eq(products.id, productId));
          throw outOfStock(
            totals.lines.find((line) => line.productId === productId)?.name,
            current?.stock ?? 0,
          );
        }
      }
      if (totals.coupon) await useCoupon(tx, totals.coupon.id);
      const couponCode = totals.coupon?.code ?? null;

      const [order] = await tx
        .insert(orders)
        .values({
          number: sql`'ORD-' || nextval('order_number_seq')`,
          userId,
          email: input.email,
          phone: input.phone,
          shippingAddress: input.shippingAddress,
          shippingMethod: input.shippingMethod,
          shippingMethodLabel: `${totals.shippingMethod?.name ?? input.shippingMethod} (${totals.shippingMethod?.description ?? ''})`,
          paymentMethod: input.paymentMethod,
          paymentStatus: 'pending',
          status: 'awaiting_payment',
          subtotalKobo: totals.subtotalKobo,
          discountKobo: totals.discountKobo,
          shippingKobo: totals.shippingKobo,
          taxKobo: totals.taxKobo,
          totalKobo: totals.totalKobo,
          taxRatePercent: totals.taxRatePercent,
          couponCode,
          firstOrderCoupon: totals.coupon?.firstOrderOnly ?? false,
          clientAddressHash: addressHash,
          bankReference: input.paymentMethod === 'bank-transfer' ? bankReference(now) : null,
          accessTokenHash: hashSecret(accessToken),
          idempotencyKey: key,
          requestHash: key ? requestHash : null,
          stockHeldUntil: new Date(
            now.getTime() +
              (input.paymentMethod === 'bank-transfer'
                ? settings.unpaidOrderHoldHours * 3_600_000
                : settings.cardPaymentHoldMinutes * 60_000),
          ),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!order) throw new Error('The order was not recorded');
      await tx.insert(orderLines).values(
        totals.lines.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          name: line.name,
          imageUrl: line.imageUrl,
          unitPriceKobo: line.unitPriceKobo,
          quantity: line.quantity,
          color: line.color,
          size: line.size,
        })),
      );
      await tx.insert(orderEvents).values({
        orderId: order.id,
        status: 'awaiting_payment',
        note:
          input.paymentMethod === 'bank-transfer'
            ? `Order placed. We hold your items for ${settings.unpaidOrderHoldHours} hours while your bank transfer reaches us.`
            : 'Order placed. Waiting for your payment.',
        createdAt: now,
      });
      await notifyOrderOwner(
        tx,
        order,
        input.paymentMethod === 'bank-transfer'
          ? { kind: 'placed', paymentMethod: input.paymentMethod, holdHours: settings.unpaidOrderHoldHours }
          : { kind: 'placed', paymentMethod: input.paymentMethod },
        now,
      );
      if (userId && input.saveInfo) {
        const address = input.shippingAddress;
        await tx
          .update(users)
          .set({
            phone: input.phone,
            address: address.address,
            city: address.city,
            state: address.state,
            zipCode: address.zipCode,
            country: address.country,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
      }
      return order;
    });
  } catch (error) {
    // Two first orders with a first-order coupon raced: the unique index let one through.
    if (isUniqueViolation(error, 'orders_first_order_coupon_')) {
      if (key) {
        const earlier = await replay(deps.db, key, requestHash);
        if (earlier) return earlier;
      }
      throw new AppError('CONFLICT', checkoutMessages.couponFirstOrder, {
        couponCode: checkoutMessages.couponFirstOrder,
      });
    }
    // A twin request with the same key may have won the race: it took the key (unique violation),
    // or the last unit or coupon use, so this one failed. Either way the shopper gets its order.
    if (key) {
      const earlier = await replay(deps.db, key, requestHash);
      if (earlier) return earlier;
    }
    throw error;
  }

  const order = await toOrderView(deps.db, row);
  await sendOrderConfirmation(deps, order, { accessToken: userId ? null : accessToken, settings }).catch(
    (error: unknown) => deps.onMailError?.(error),
  );
  await sendNewOrderAlert(deps, order, settings).catch((error: unknown) => deps.onMailError?.(error));
  return { order, accessToken, replayed: false };
}
