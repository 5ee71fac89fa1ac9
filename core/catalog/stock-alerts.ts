import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
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
import { mailboxOf } from '../mail/mailbox';
import type { MailMessage, Mailer, QueuedMail } from '../mail/mailer';
import { unsubscribeToken } from '../newsletter/unsubscribe';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { backInStockMail, stockAlertConfirmationMail } from './stock-alert-mail';
import { variantLabel } from '../../contracts/catalog';
import { chooseVariant, optionOf, variantsOf } from './variants';

/** What back-in-stock alerts need, handed in by the host (the newsletter's deps have the same shape). */
export interface StockAlertDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  onMailError?: ((error: unknown) => void) | undefined;
}

/** Who is signed in, when someone is: her own confirmed address needs no confirmation mail. */
export interface StockAlertShopper {
  email: string;
  emailVerified: boolean;
}

const HOUR = 60 * 60_000;

/**
 * Generous per client address (carrier NAT), tight per mailbox (a +tag or Gmail's dots are the same
 * mailbox, core/mail/mailbox.ts), as the newsletter's.
 */
export const stockAlertRateLimits = {
  byIp: { name: 'stock-alert-ip', limit: 30, windowMs: HOUR },
  byMailbox: { name: 'stock-alert-mailbox', limit: 10, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

/** Bounded growth (decision 0034). */
export const stockAlertLimits = {
  /**
   * A mailbox waits for at most this many sizes and colours, and has at most as many pending: a new
   * one replaces its oldest of the same kind, so a stranger's sign-ups never push out a confirmed one.
   */
  perMailbox: 20,
  /** A size and colour takes at most this many confirmed watchers: more is a flood, refused (429). */
  perOption: 500,
  /** A confirmed alert expires this long after it was confirmed or asked for again; a sent one is deleted then. */
  days: 90,
  /** A pending sign-up (its link not followed) expires this long after it was made, and is deleted. */
  pendingHours: 48,
  /** A mailbox gets at most one confirmation mail in this many hours while it leaves one unanswered. */
  mailEveryHours: 24,
} as const;

const EXPIRY = sql.raw(`interval '${stockAlertLimits.days} days'`);
const PENDING_EXPIRY = sql.raw(`interval '${stockAlertLimits.pendingHours} hours'`);
const MAIL_EVERY = sql.raw(`interval '${stockAlertLimits.mailEveryHours} hours'`);
/** An alert waiting to be sent: confirmed, not sent and not expired. Only these count and are mailed. */
const waiting = and(
  isNotNull(stockAlerts.confirmedAt),
  isNull(stockAlerts.notifiedAt),
  sql`${stockAlerts.createdAt} > now() - ${EXPIRY}`,
);
/** A sign-up waiting for its link to be followed, and not expired. */
const pending = and(
  isNull(stockAlerts.confirmedAt),
  isNull(stockAlerts.notifiedAt),
  sql`${stockAlerts.createdAt} > now() - ${PENDING_EXPIRY}`,
);

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The SHA-256 kept in place of a confirmation link's token, as account links keep theirs. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The channel the restock trigger notifies (db/migrations/0018): a confirmed alert already due wakes the job. */
const wakeSender = (db: DbOrTx) => db.execute(sql`SELECT pg_notify('stock_alerts_due', 'confirmed')`);

/**
 * A mailbox keeps its newest pending sign-ups and its newest confirmed alerts, each up to
 * perMailbox. Run apart from a transaction that holds a variant, so it never holds one variant while
 * waiting for another's alerts (a restock of both would deadlock).
 */
async function trimMailbox(db: DbOrTx, mailbox: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM stock_alerts WHERE id IN (
      SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY confirmed_at IS NULL ORDER BY created_at DESC, id DESC) AS n
          FROM stock_alerts WHERE mailbox = ${mailbox} AND notified_at IS NULL) AS ranked
       WHERE n > ${stockAlertLimits.perMailbox})`);
}

/**
 * "Tell me when it's back" for one size and colour of a product. The sign-up is pending until the
 * link mailed to the address is followed (confirmStockAlerts); a shopper signed in with this very
 * address, confirmed, is on the list at once. One alert per option and mailbox: a `+tag` or Gmail's
 * dots make no second one. A mailbox gets one confirmation mail, and no other while it leaves it
 * unanswered for a day: a later sign-up of that day joins the mail's link. The answer is the same
 * whether or not the mailbox was already pending or waiting (only the signed-in owner is told she is
 * on the list). A size or colour the product doesn't sell answers 400 naming it (as Place Order), no
 * size for a product sold in several 422; one in stock 409 (order it now); an unknown or archived
 * product 404; a full waiting list 429 (only confirmed watchers fill it).
 */
export async function requestStockAlert(
  deps: StockAlertDeps,
  rawProductId: unknown,
  raw: unknown,
  client: ClientInfo,
  shopper: StockAlertShopper | null = null,
): Promise<{ message: string }> {
  await deps.rateLimiter.hit(stockAlertRateLimits.byIp, client.ip);
  const input = parseInput(stockAlertSignUpSchema, raw);
  const mailbox = mailboxOf(input.email);
  await deps.rateLimiter.hit(stockAlertRateLimits.byMailbox, mailbox);

  const id = productIdSchema.safeParse(rawProductId);
  if (!id.success) throw new AppError('NOT_FOUND', 'Product not found');
  const [product] = await deps.db
    .select({
      id: products.id,
      name: products.name,
      status: products.status,
      sizes: products.sizes,
      colors: products.colors,
    })
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
  // Signed in with this very address, confirmed: she reads its mail, no link is needed.
  const owner =
    shopper !== null && shopper.emailVerified && shopper.email.trim().toLowerCase() === input.email;

  const { queued, wake } = await deps.db.transaction(async (tx) => {
    // One sign-up of a mailbox at a time, so its confirmation mail of the day is decided once.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stock-alerts:${mailbox}`}, 0))`);
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
    // Refused for every address alike, so the answer tells nobody who is on the list. Only
    // confirmed watchers count: strangers' sign-ups cannot fill it.
    if ((count?.n ?? 0) >= stockAlertLimits.perOption)
      throw new AppError('RATE_LIMITED', stockAlertTexts.full);

    const [existing] = await tx
      .select({
        id: stockAlerts.id,
        confirmed: sql<boolean>`${stockAlerts.confirmedAt} IS NOT NULL`,
        live: sql<boolean>`CASE WHEN ${stockAlerts.confirmedAt} IS NULL
          THEN ${stockAlerts.createdAt} > now() - ${PENDING_EXPIRY}
          ELSE ${stockAlerts.createdAt} > now() - ${EXPIRY} END`,
        due: sql<boolean>`${stockAlerts.dueAt} IS NOT NULL`,
      })
      .from(stockAlerts)
      .where(and(sameOption, eq(stockAlerts.mailbox, mailbox), isNull(stockAlerts.notifiedAt)))
      .for('update');
    const confirmedAt = owner ? sql`now()` : null;

    if (existing?.live && existing.confirmed) {
      // Waiting already: asking again renews its 90 days.
      await tx
        .update(stockAlerts)
        .set({ createdAt: sql`now()` })
        .where(eq(stockAlerts.id, existing.id));
      return { queued: [] as QueuedMail[], wake: false };
    }
    if (existing?.live) {
      // Pending: its link was mailed (or joined today's mail); asking again sends nothing. The
      // owner's own confirmed address is confirmed at once.
      if (owner)
        await tx
          .update(stockAlerts)
          .set({ confirmedAt: sql`now()`, createdAt: sql`now()` })
          .where(eq(stockAlerts.id, existing.id));
      return { queued: [] as QueuedMail[], wake: owner && existing.due };
    }

    // New, or one that expired unanswered (or unsent) and is asked for anew.
    let alertId: number;
    if (existing) {
      await tx
        .update(stockAlerts)
        .set({
          email: input.email,
          createdAt: sql`now()`,
          confirmedAt,
          tokenHash: null,
          mailedAt: null,
          dueAt: null,
        })
        .where(eq(stockAlerts.id, existing.id));
      alertId = existing.id;
    } else {
      // The database makes the row's mailbox from the address, as mailboxOf does; were they ever to
      // differ, the unique index would find the other row: nothing is added and nothing is mailed.
      const [row] = await tx
        .insert(stockAlerts)
        .values({ productId: product.id, ...option, email: input.email, confirmedAt })
        .onConflictDoNothing()
        .returning({ id: stockAlerts.id });
      if (!row) return { queued: [] as QueuedMail[], wake: false };
      alertId = row.id;
    }
    if (owner) return { queued: [] as QueuedMail[], wake: false };

    // The mailbox's confirmation mail of the day, if it left one unanswered: this sign-up joins its
    // link, and no second mail goes.
    const [today] = await tx
      .select({ tokenHash: stockAlerts.tokenHash, mailedAt: stockAlerts.mailedAt })
      .from(stockAlerts)
      .where(
        and(
          eq(stockAlerts.mailbox, mailbox),
          pending,
          isNotNull(stockAlerts.tokenHash),
          sql`${stockAlerts.mailedAt} > now() - ${MAIL_EVERY}`,
        ),
      )
      .orderBy(sql`${stockAlerts.mailedAt} DESC`)
      .limit(1);
    if (today) {
      await tx
        .update(stockAlerts)
        .set({ tokenHash: today.tokenHash, mailedAt: today.mailedAt })
        .where(eq(stockAlerts.id, alertId));
      return { queued: [] as QueuedMail[], wake: false };
    }
    const token = randomBytes(32).toString('base64url');
    await tx
      .update(stockAlerts)
      .set({ tokenHash: hashToken(token), mailedAt: sql`now()` })
      .where(eq(stockAlerts.id, alertId));
    const { name: shopName } = await getShopSettings(tx);
    const message = await stockAlertConfirmationMail({
      to: input.email,
      shopName,
      productName: product.name,
      option: { size: optionOf(option.size), color: optionOf(option.color) },
      confirmUrl: `${deps.publicUrl}/stock-alerts/confirm?token=${token}`,
    });
    const [mail] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
    return { queued: [{ id: mail!.id, message }], wake: false };
  });
  if (queued.length > 0)
    void deps.mailer.deliver(queued).catch((error: unknown) => deps.onMailError?.(error));
  await trimMailbox(deps.db, mailbox);
  if (wake) await wakeSender(deps.db);
  return { message: owner ? stockAlertTexts.waiting : stockAlertTexts.accepted };
}

// ---------------------------------------------------------------------------------------------
// Confirmation links

export interface StockAlertConfirmation {
  /** The sign-ups the link names that are still pending or waiting, in the order they were made. */
  items: { id: number; productName: string; label: string; state: 'pending' | 'waiting' }[];
}

const tokenHashOf = (token: string): string | null =>
  token && token.length <= 100 ? hashToken(token) : null;

/**
 * What a confirmation link names (the page shows it before its button): its pending sign-ups and
 * those already confirmed. Null for a link that names none (forged, expired, stopped, or sent).
 */
export async function stockAlertConfirmation(
  db: DbOrTx,
  token: string,
): Promise<StockAlertConfirmation | null> {
  const hash = tokenHashOf(token);
  if (!hash) return null;
  const rows = await db
    .select({
      id: stockAlerts.id,
      productName: products.name,
      size: stockAlerts.size,
      color: stockAlerts.color,
      confirmed: sql<boolean>`${stockAlerts.confirmedAt} IS NOT NULL`,
    })
    .from(stockAlerts)
    .innerJoin(products, eq(products.id, stockAlerts.productId))
    .where(and(eq(stockAlerts.tokenHash, hash), or(pending, waiting)))
    .orderBy(asc(stockAlerts.id));
  if (rows.length === 0) return null;
  return {
    items: rows.map((row) => ({
      id: row.id,
      productName: row.productName,
      label: variantLabel({ size: optionOf(row.size), color: optionOf(row.color) }),
      state: row.confirmed ? 'waiting' : 'pending',
    })),
  };
}

/**
 * Confirms the pending sign-ups a link names: from now on each is mailed when its size is back
 * (at once if it came back while pending and is still in stock) and counts toward the size's list.
 * A size whose list is full keeps its sign-up pending and says so. Confirming again changes nothing.
 * A link that names nothing pending or waiting is refused (FORBIDDEN).
 */
export async function confirmStockAlerts(db: Db, token: string): Promise<{ message: string }> {
  const hash = tokenHashOf(token);
  if (!hash) throw new AppError('FORBIDDEN', stockAlertTexts.invalidConfirmLink);
  const result = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: stockAlerts.id,
        productId: stockAlerts.productId,
        size: stockAlerts.size,
        color: stockAlerts.color,
        mailbox: stockAlerts.mailbox,
        due: sql<boolean>`${stockAlerts.dueAt} IS NOT NULL`,
      })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.tokenHash, hash), pending))
      .orderBy(asc(stockAlerts.id))
      .for('update');
    let confirmed = 0;
    let full = 0;
    let due = false;
    for (const row of rows) {
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(stockAlerts)
        .where(
          and(
            eq(stockAlerts.productId, row.productId),
            eq(stockAlerts.size, row.size),
            eq(stockAlerts.color, row.color),
            waiting,
          ),
        );
      if ((count?.n ?? 0) >= stockAlertLimits.perOption) {
        full += 1;
        continue;
      }
      // Its 90 days run from now.
      await tx
        .update(stockAlerts)
        .set({ confirmedAt: sql`now()`, createdAt: sql`now()` })
        .where(eq(stockAlerts.id, row.id));
      confirmed += 1;
      due ||= row.due;
    }
    return { confirmed, full, due, mailboxes: [...new Set(rows.map((row) => row.mailbox))] };
  });
  for (const mailbox of result.mailboxes) await trimMailbox(db, mailbox);
  if (result.due) await wakeSender(db);
  if (result.full > 0) return { message: stockAlertTexts.full };
  if (result.confirmed > 0) return { message: stockAlertTexts.confirmed };
  if (await stockAlertConfirmation(db, token)) return { message: stockAlertTexts.alreadyConfirmed };
  throw new AppError('FORBIDDEN', stockAlertTexts.invalidConfirmLink);
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

/** The link's address, once its token is checked, and the mailbox whose alerts it may stop. */
async function requireLink(db: DbOrTx, link: StockAlertLink): Promise<{ email: string; mailbox: string }> {
  if (!(await isValidStockAlertToken(db, link.email, link.token)))
    throw new AppError('FORBIDDEN', stockAlertTexts.invalidLink);
  const email = link.email.trim().toLowerCase();
  return { email, mailbox: mailboxOf(email) };
}

const alertIdOf = (value: unknown): number | null => {
  const parsed = productIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** What the unsubscribe page shows for a link: its alert (only one of the mailbox's own) and how many wait. */
export async function stockAlertLinkState(db: DbOrTx, link: StockAlertLink): Promise<StockAlertLinkState> {
  const { email, mailbox } = await requireLink(db, link);
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
        .where(and(eq(stockAlerts.id, alertId), eq(stockAlerts.mailbox, mailbox)))
    : [];
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.mailbox, mailbox), waiting));
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
  const { mailbox } = await requireLink(db, link);
  const alertId = alertIdOf(link.alert);
  if (!alertId) return;
  await db
    .delete(stockAlerts)
    .where(
      and(eq(stockAlerts.id, alertId), eq(stockAlerts.mailbox, mailbox), isNull(stockAlerts.notifiedAt)),
    );
}

/**
 * Stops every alert the mailbox waits for, pending ones too, whichever of its addresses it was asked
 * for under; returns how many. Stopping again changes nothing.
 */
export async function stopAllStockAlerts(db: DbOrTx, link: StockAlertLink): Promise<number> {
  const { mailbox } = await requireLink(db, link);
  const stopped = await db
    .delete(stockAlerts)
    .where(and(eq(stockAlerts.mailbox, mailbox), isNull(stockAlerts.notifiedAt)))
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
  mailbox: string;
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
                   WHERE d.due_at IS NOT NULL AND d.notified_at IS NULL AND d.confirmed_at IS NOT NULL
                     AND v.stock > 0 AND p.status = 'active' AND d.created_at > now() - ${EXPIRY}
                   ORDER BY d.due_at, d.id
                   LIMIT ${BATCH}
                   FOR UPDATE OF d SKIP LOCKED) AS due
           WHERE a.id = due.id AND a.notified_at IS NULL
           RETURNING a.id, a.product_id, a.size, a.color, a.email, a.mailbox`),
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
    const key = `${alert.mailbox}\n${alert.product_id}`;
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
      await backInStockMail({
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

/**
 * Deletes alerts that expired waiting, sent ones as old, and sign-ups left unconfirmed past their 48
 * hours: the table keeps only what is useful.
 */
export async function purgeOldStockAlerts(db: DbOrTx): Promise<number> {
  const purged = await db
    .delete(stockAlerts)
    .where(
      sql`${stockAlerts.createdAt} <= now() - ${EXPIRY}
          OR (${stockAlerts.confirmedAt} IS NULL AND ${stockAlerts.createdAt} <= now() - ${PENDING_EXPIRY})`,
    )
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
