import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { productIdSchema } from '../../contracts/catalog';
import {
  inStockMessage,
  stockAlertSignUpSchema,
  stockAlertTexts,
  type VariantAlertCount,
} from '../../contracts/stock-alerts';
import type { Db, DbOrTx } from '../../db/client';
import { productVariants, products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { stockAlerts } from '../../db/schema/stock-alerts';
import { AppError } from '../errors';
import type { MailMessage, Mailer, QueuedMail } from '../mail/mailer';
import { unsubscribeToken } from '../newsletter/unsubscribe';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { backInStockMail } from './stock-alert-mail';
import { chooseVariant, optionOf, variantLabel, variantsOf } from './variants';

/** What back-in-stock alerts need, handed in by the host (the newsletter's deps have the same shape). */
export interface StockAlertDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  onMailError?: ((error: unknown) => void) | undefined;
}

const HOUR = 60 * 60_000;

/** Generous per client address (carrier NAT), tight per e-mail, as the newsletter's. */
export const stockAlertRateLimits = {
  byIp: { name: 'stock-alert-ip', limit: 30, windowMs: HOUR },
  byEmail: { name: 'stock-alert-email', limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** Bounded growth (decision 0034). */
export const stockAlertLimits = {
  /** An address waits for at most this many sizes and colours: a new one replaces its oldest. */
  perEmail: 20,
  /** A size and colour takes at most this many waiting addresses: more is a flood, refused (429). */
  perOption: 500,
  /** A waiting alert expires this long after it was asked for (again); a sent one is deleted then. */
  days: 90,
} as const;

const EXPIRY = sql.raw(`interval '${stockAlertLimits.days} days'`);
/** An alert still waiting: not sent and not expired. */
const waiting = and(isNull(stockAlerts.notifiedAt), sql`${stockAlerts.createdAt} > now() - ${EXPIRY}`);

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * "Tell me when it's back" for one size and colour of a product. The answer is the same whether or
 * not the address already waits for it (one waiting alert per option and address; asking again
 * renews it). A size or colour the product doesn't sell answers 400 naming it (as Place Order), no
 * size for a product sold in several 422; one in stock 409 (order it now); an unknown or archived
 * product 404; a full waiting list 429.
 */
export async function requestStockAlert(
  deps: StockAlertDeps,
  rawProductId: unknown,
  raw: unknown,
  client: ClientInfo,
): Promise<{ message: string }> {
  await deps.rateLimiter.hit(stockAlertRateLimits.byIp, client.ip);
  const input = parseInput(stockAlertSignUpSchema, raw);
  await deps.rateLimiter.hit(stockAlertRateLimits.byEmail, input.email);

  const id = productIdSchema.safeParse(rawProductId);
  if (!id.success) throw new AppError('NOT_FOUND', 'Product not found');
  const [product] = await deps.db
    .select({ id: products.id, status: products.status, sizes: products.sizes, colors: products.colors })
    .from(products)
    .where(eq(products.id, id.data));
  if (!product || product.status !== 'active') throw new AppError('NOT_FOUND', 'Product not found');

  const variants = (await variantsOf(deps.db, [product.id])).get(product.id) ?? [];
  const choice = chooseVariant(product, variants, {
    selectedSize: input.size,
    selectedColor: input.color,
  });
  if (!choice.variant) {
    // A size or colour the product does not sell is bad input, named (400, as Place Order); no size
    // for a product sold in several is the shop's rule (422).
    const unknownColor = input.color !== null && !product.colors.some((color) => color.name === input.color);
    const noSize = input.size === null && !unknownColor;
    throw new AppError(noSize ? 'UNPROCESSABLE' : 'BAD_REQUEST', choice.problem, {
      [unknownColor ? 'color' : 'size']: choice.problem,
    });
  }
  const option = { size: choice.variant.size, color: choice.variant.color };

  await deps.db.transaction(async (tx) => {
    // Holding the variant until this alert is written: a restock committing meanwhile waits for it,
    // and its trigger then finds the alert; one that committed first is seen here (in stock).
    const [variant] = await tx
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, choice.variant.id))
      .for('share');
    if (!variant) throw new AppError('NOT_FOUND', 'Product not found');
    if (variant.stock > 0)
      throw new AppError(
        'CONFLICT',
        inStockMessage(variantLabel({ size: optionOf(option.size), color: optionOf(option.color) })),
      );

    const sameOption = and(
      eq(stockAlerts.productId, product.id),
      eq(stockAlerts.size, option.size),
      eq(stockAlerts.color, option.color),
    );
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(and(sameOption, waiting));
    // Refused for every address alike, so the answer tells nobody who is on the list.
    if ((count?.n ?? 0) >= stockAlertLimits.perOption)
      throw new AppError('RATE_LIMITED', stockAlertTexts.full);

    await tx
      .insert(stockAlerts)
      .values({ productId: product.id, ...option, email: input.email })
      .onConflictDoUpdate({
        target: [stockAlerts.productId, stockAlerts.size, stockAlerts.color, stockAlerts.email],
        targetWhere: isNull(stockAlerts.notifiedAt),
        set: { createdAt: sql`now()` },
      });
  });
  // An address waits for its newest few: whoever types someone else's address in can cause at most
  // that many e-mails, each with the link that stops them all. Apart from the transaction above, so
  // it never holds one variant while waiting for another's alerts (a restock of both would deadlock).
  await deps.db.execute(sql`
    DELETE FROM stock_alerts WHERE id IN (
      SELECT id FROM stock_alerts WHERE email = ${input.email} AND notified_at IS NULL
       ORDER BY created_at DESC, id DESC OFFSET ${stockAlertLimits.perEmail})`);
  return { message: stockAlertTexts.accepted };
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe links

/**
 * The token of an address's stock alert links: an HMAC of the address under the shop's key for
 * unsubscribe links (core/newsletter/unsubscribe.ts), apart from the newsletter's by its prefix.
 * Who holds it may stop that address's stock alerts; nobody can make one for another address.
 */
export function stockAlertToken(db: DbOrTx, email: string): Promise<string> {
  return unsubscribeToken(db, `stock-alerts:${email.trim().toLowerCase()}`);
}

export async function stockAlertUnsubscribeUrl(
  db: DbOrTx,
  publicUrl: string,
  email: string,
  alertId?: number,
): Promise<string> {
  const address = email.trim().toLowerCase();
  const query = new URLSearchParams({
    email: address,
    token: await stockAlertToken(db, address),
    ...(alertId ? { alert: String(alertId) } : {}),
  });
  return `${publicUrl}/stock-alerts/unsubscribe?${query.toString()}`;
}

export async function isValidStockAlertToken(db: DbOrTx, email: string, token: string): Promise<boolean> {
  if (!email || !token || email.length > 254 || token.length > 100) return false;
  const expected = Buffer.from(await stockAlertToken(db, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface StockAlertLink {
  email: string;
  token: string;
  /** The alert the mail was about, when the link names one. */
  alert?: number | null | undefined;
}

export interface StockAlertLinkState {
  email: string;
  /** The alert the link names, if it is still this address's. */
  alert: { id: number; productName: string; label: string; state: 'waiting' | 'sent' } | null;
  /** How many alerts this address still waits for. */
  waiting: number;
}

async function requireLink(db: DbOrTx, link: StockAlertLink): Promise<string> {
  if (!(await isValidStockAlertToken(db, link.email, link.token)))
    throw new AppError('FORBIDDEN', stockAlertTexts.invalidLink);
  return link.email.trim().toLowerCase();
}

const alertIdOf = (value: unknown): number | null => {
  const parsed = productIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** What the unsubscribe page shows for a link: its alert (only one of the address's own) and how many wait. */
export async function stockAlertLinkState(db: DbOrTx, link: StockAlertLink): Promise<StockAlertLinkState> {
  const email = await requireLink(db, link);
  const alertId = alertIdOf(link.alert);
  const [alert] = alertId
    ? await db
        .select({
          id: stockAlerts.id,
          productName: products.name,
          size: stockAlerts.size,
          color: stockAlerts.color,
          notifiedAt: stockAlerts.notifiedAt,
        })
        .from(stockAlerts)
        .innerJoin(products, eq(products.id, stockAlerts.productId))
        .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.email, email)))
    : [];
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.email, email), waiting));
  return {
    email,
    alert: alert
      ? {
          id: alert.id,
          productName: alert.productName,
          label: variantLabel({ size: optionOf(alert.size), color: optionOf(alert.color) }),
          state: alert.notifiedAt ? 'sent' : 'waiting',
        }
      : null,
    waiting: count?.n ?? 0,
  };
}

/** Stops the one alert the link names (if it is still waiting). Stopping it again changes nothing. */
export async function stopStockAlert(db: DbOrTx, link: StockAlertLink): Promise<void> {
  const email = await requireLink(db, link);
  const alertId = alertIdOf(link.alert);
  if (!alertId) return;
  await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt)));
}

/** Stops every alert the address waits for; returns how many. Stopping again changes nothing. */
export async function stopAllStockAlerts(db: DbOrTx, link: StockAlertLink): Promise<number> {
  const email = await requireLink(db, link);
  const stopped = await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.email, email), isNull(stockAlerts.notifiedAt)))
    .returning({ id: stockAlerts.id });
  return stopped.length;
}

// ---------------------------------------------------------------------------------------------
// Sending

/** How many alerts one transaction claims; the job runs batches until none is left. */
const BATCH = 200;
const MAX_BATCHES_PER_RUN = 25;

interface ClaimedAlert {
  id: number;
  product_id: number;
  size: string;
  color: string;
  email: string;
}

/**
 * Mails every due alert whose size and colour is in stock right now, once: one transaction claims
 * them (FOR UPDATE SKIP LOCKED, then a conditional update, so two processes never claim one alert),
 * marks them sent and writes their mails into the outbox; the mails are delivered after it commits.
 * An address waiting for several options of one product that came back together gets one mail.
 * An option that sold out again before this runs keeps its alerts due, for its next restock.
 * Returns how many alerts were sent.
 */
export async function sendDueStockAlerts(
  deps: Pick<StockAlertDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'>,
): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const { count, queued } = await deps.db.transaction(async (tx) => {
      const claimed = rowsOf<ClaimedAlert>(
        await tx.execute(sql`
          UPDATE stock_alerts a SET notified_at = now()
            FROM (SELECT d.id FROM stock_alerts d
                    JOIN product_variants v
                      ON v.product_id = d.product_id AND v.size = d.size AND v.color = d.color
                    JOIN products p ON p.id = d.product_id
                   WHERE d.due_at IS NOT NULL AND d.notified_at IS NULL AND v.stock > 0
                     AND p.status = 'active' AND d.created_at > now() - ${EXPIRY}
                   ORDER BY d.due_at, d.id
                   LIMIT ${BATCH}
                   FOR UPDATE OF d SKIP LOCKED) AS due
           WHERE a.id = due.id AND a.notified_at IS NULL
           RETURNING a.id, a.product_id, a.size, a.color, a.email`),
      );
      if (claimed.length === 0) return { count: 0, queued: [] as QueuedMail[] };
      return { count: claimed.length, queued: await writeMails(tx, deps.publicUrl, claimed) };
    });
    sent += count;
    if (queued.length > 0)
      void deps.mailer.deliver(queued).catch((error: unknown) => deps.onMailError?.(error));
    if (count < BATCH) break;
  }
  return sent;
}

async function writeMails(tx: DbOrTx, publicUrl: string, claimed: ClaimedAlert[]): Promise<QueuedMail[]> {
  const { name: shopName } = await getShopSettings(tx);
  const productIds = [...new Set(claimed.map((alert) => alert.product_id))];
  const names = new Map(
    (
      await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(inArray(products.id, productIds))
    ).map((row) => [row.id, row.name]),
  );
  // Each mail names its options in the order the shop shows them (colours, then sizes).
  const positions = new Map(
    (
      await tx
        .select({
          productId: productVariants.productId,
          size: productVariants.size,
          color: productVariants.color,
          position: productVariants.position,
        })
        .from(productVariants)
        .where(inArray(productVariants.productId, productIds))
    ).map((row) => [`${row.productId}\n${row.size}\n${row.color}`, row.position]),
  );
  const positionOf = (alert: ClaimedAlert) =>
    positions.get(`${alert.product_id}\n${alert.size}\n${alert.color}`) ?? 0;
  const groups = new Map<string, ClaimedAlert[]>();
  for (const alert of [...claimed].sort((a, b) => positionOf(a) - positionOf(b) || a.id - b.id)) {
    const key = `${alert.email}\n${alert.product_id}`;
    groups.set(key, [...(groups.get(key) ?? []), alert]);
  }
  const messages: MailMessage[] = [];
  for (const alerts of groups.values()) {
    const [first] = alerts as [ClaimedAlert, ...ClaimedAlert[]];
    const query = new URLSearchParams();
    if (first.size) query.set('size', first.size);
    if (first.color) query.set('color', first.color);
    const search = query.toString();
    messages.push(
      backInStockMail({
        to: first.email,
        shopName,
        productName: names.get(first.product_id) ?? 'Your item',
        productUrl: `${publicUrl}/product/${first.product_id}${search ? `?${search}` : ''}`,
        options: alerts.map((alert) => ({ size: optionOf(alert.size), color: optionOf(alert.color) })),
        unsubscribeUrl: await stockAlertUnsubscribeUrl(tx, publicUrl, first.email, first.id),
      }),
    );
  }
  const rows = await tx.insert(outbox).values(messages).returning({ id: outbox.id });
  return rows.map((row, index) => ({ id: row.id, message: messages[index]! }));
}

/** Deletes alerts that expired waiting, and sent ones as old: the table keeps only what is useful. */
export async function purgeOldStockAlerts(db: DbOrTx): Promise<number> {
  const purged = await db
    .delete(stockAlerts)
    .where(sql`${stockAlerts.createdAt} <= now() - ${EXPIRY}`)
    .returning({ id: stockAlerts.id });
  return purged.length;
}

// ---------------------------------------------------------------------------------------------
// The admin's counts

/** How many shoppers wait for each variant of these products, by variant id (0 for none). */
export async function waitingAlertsByVariant(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (productIds.length === 0) return counts;
  const rows = await db
    .select({ variantId: productVariants.id, waiting: sql<number>`count(${stockAlerts.id})::int` })
    .from(productVariants)
    .leftJoin(
      stockAlerts,
      and(
        eq(stockAlerts.productId, productVariants.productId),
        eq(stockAlerts.size, productVariants.size),
        eq(stockAlerts.color, productVariants.color),
        waiting,
      ),
    )
    .where(inArray(productVariants.productId, productIds))
    .groupBy(productVariants.id);
  for (const row of rows) counts.set(row.variantId, row.waiting);
  return counts;
}

/** A product's variants with their waiting alerts, in the order the shop shows them (the admin's endpoint). */
export async function variantAlertCounts(db: DbOrTx, productId: number): Promise<VariantAlertCount[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new AppError('NOT_FOUND', 'Product not found');
  const [variants, counts] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    waitingAlertsByVariant(db, [productId]),
  ]);
  return variants.map((variant) => ({
    variantId: variant.id,
    sku: variant.sku,
    size: optionOf(variant.size),
    color: optionOf(variant.color),
    waiting: counts.get(variant.id) ?? 0,
  }));
}
