import { sql } from 'drizzle-orm';
import { LAGOS_TIME_ZONE, lagosDay, lagosMidnight } from '../../contracts/lagos-time';
import type { Db, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/mail';
import { variantLabel } from '../../contracts/catalog';
import type { Mailer, MailMessage } from '../mail/mailer';
import { renderMail } from '../mail/mailer';
import { getShopSettings } from '../settings/shop-settings';
import { lowLevelSql, variantIsLowSql } from './low-stock';

/*
 * The morning low-stock digest (docs/decisions/0067-inventory-ledger.md): once a Lagos day, from 08:00,
 * one e-mail to the shop's owners and managers listing every size × colour of an active product whose
 * stock on hand (its levels at every location, the store room's too) is under its own threshold or,
 * without one, the shop's (Settings → Policies). Nothing low, no mail. The day is claimed in the
 * database in the transaction that writes the mail, so two processes, or one asking twice, send it once.
 */

/** The Lagos hour from which the day's digest is due. */
export const LOW_STOCK_DIGEST_HOUR = 8;
/** The most sizes and colours one digest lists; the products tab shows the rest. */
const MOST_LISTED = 300;
/** The settings row that holds the last Lagos day the digest was done (core/inventory's own row). */
const DIGEST_ROW = 'inventory.low-stock-digest';

export interface LowStockDigestDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  onMailError?: ((error: unknown) => void) | undefined;
}

export interface LowStockVariant {
  variantId: number;
  sku: string;
  size: string;
  color: string;
  onHand: number;
  threshold: number;
}

export interface LowStockProduct {
  productId: number;
  name: string;
  variants: LowStockVariant[];
}

export interface LowStockDigestResult {
  /** The Lagos day asked about, yyyy-mm-dd. */
  day: string;
  /** already_done: this day's digest was sent, or found nothing low, before. */
  outcome: 'sent' | 'nothing_low' | 'no_recipients' | 'already_done';
  /** The sizes and colours found low (0 when the day was already done). */
  variants: number;
}

/** Whether the day's digest is due at `now`: from LOW_STOCK_DIGEST_HOUR, Lagos time, to midnight. */
export function lowStockDigestDue(now: Date, hour = LOW_STOCK_DIGEST_HOUR): boolean {
  return now.getTime() - lagosMidnight(lagosDay(now)).getTime() >= hour * 3_600_000;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Every size × colour of an active product with fewer units on hand, at all locations together, than
 * its level (low-stock.ts: its own, or else the shop's), grouped by product: products by name, sizes
 * and colours in the shop's order; at most MOST_LISTED of them, and how many there are in all.
 */
export async function lowStockProducts(
  db: DbOrTx,
  shopLevel: number,
): Promise<{ products: LowStockProduct[]; total: number }> {
  const onHand = sql`(SELECT coalesce(sum(l.stock), 0)::int FROM inventory_levels l WHERE l.variant_id = product_variants.id)`;
  const rows = rowsOf<{
    product_id: number;
    name: string;
    variant_id: number;
    sku: string;
    size: string;
    color: string;
    on_hand: number;
    threshold: number;
    total: number;
  }>(
    await db.execute(sql`
      SELECT p.id AS product_id, p.name, product_variants.id AS variant_id, product_variants.sku,
             product_variants.size, product_variants.color, ${onHand} AS on_hand,
             ${lowLevelSql(shopLevel)} AS threshold, count(*) OVER ()::int AS total
        FROM product_variants
        JOIN products p ON p.id = product_variants.product_id
       WHERE p.status = 'active' AND ${variantIsLowSql(shopLevel, onHand)}
       ORDER BY lower(p.name), p.id, product_variants.position, product_variants.id
       LIMIT ${MOST_LISTED}`),
  );
  const byProduct = new Map<number, LowStockProduct>();
  for (const row of rows) {
    const productId = Number(row.product_id);
    const product = byProduct.get(productId) ?? { productId, name: row.name, variants: [] };
    byProduct.set(productId, product);
    product.variants.push({
      variantId: Number(row.variant_id),
      sku: row.sku,
      size: row.size,
      color: row.color,
      onHand: Number(row.on_hand),
      threshold: Number(row.threshold),
    });
  }
  return { products: [...byProduct.values()], total: Number(rows[0]?.total ?? 0) };
}

/** 'M / Olive — 2 left (low under 5)', 'L / Navy — sold out (low under 5)'; the SKU for a product's only one. */
export function lowStockLine(variant: LowStockVariant): string {
  const name = variantLabel({ size: variant.size || null, color: variant.color || null }) || variant.sku;
  const left = variant.onHand <= 0 ? 'sold out' : `${variant.onHand} left`;
  return `${name} — ${left} (low under ${variant.threshold})`;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The digest for the low products found (at most MOST_LISTED sizes and colours listed, `more` beyond). */
export async function lowStockDigestMail(options: {
  publicUrl: string;
  shopName: string;
  to: readonly string[];
  day: string;
  products: readonly LowStockProduct[];
  /** Low sizes and colours found beyond those listed. */
  more?: number;
}): Promise<MailMessage> {
  const { publicUrl, shopName, to, day, products, more = 0 } = options;
  const listed = products.flatMap((product) => product.variants);
  const total = listed.length + more;
  const soldOut = listed.filter((variant) => variant.onHand <= 0).length;
  const productCount = products.length;
  const subject = `Low stock: ${counted(total, 'size and colour', 'sizes and colours')} of ${
    more > 0 ? 'your products' : counted(productCount, 'product', 'products')
  }${soldOut > 0 ? `, ${soldOut} sold out` : ''}`;
  const date = new Intl.DateTimeFormat('en-NG', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: LAGOS_TIME_ZONE,
    // Noon of the day: the date Lagos reads whatever the machine's own zone.
  }).format(new Date(lagosMidnight(day).getTime() + 12 * 3_600_000));
  return {
    to: to.join(', '),
    subject,
    ...(await renderMail({
      shopName,
      heading: `Low stock on ${date}`,
      paragraphs: [
        `${total === 1 ? 'This size and colour has' : 'These sizes and colours have'} fewer units on hand, counting every location, than ${total === 1 ? 'its' : 'their'} low-stock level:`,
        ...products.flatMap((product) => [product.name, ...product.variants.map(lowStockLine)]),
        ...(more > 0 ? [`And ${counted(more, 'more size and colour', 'more sizes and colours')}.`] : []),
        "Restock them in each product's stock grid. The shop's level is in Settings → Policies; a size's own, in the product editor.",
      ],
      action: {
        label: 'Open the low-stock products',
        url: `${publicUrl}/admin?tab=products&stock=low_stock`,
      },
    })),
  };
}

/** The owners', then the managers' addresses: staff still active. */
async function digestRecipients(db: DbOrTx): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`
      SELECT email FROM users
       WHERE role IN ('owner', 'manager') AND status = 'active'
       ORDER BY CASE role WHEN 'owner' THEN 0 ELSE 1 END, email`),
  );
  return rows.map((row) => row.email);
}

/**
 * Claims `day` for the digest: true when no process has done this day (or a later one) before. Two at
 * once wait for each other on the row; the second reads the first's day and claims nothing. A claim
 * lasts only if its transaction commits, so a digest that failed is tried again.
 */
async function claimDay(tx: DbOrTx, day: string, now: Date): Promise<boolean> {
  const value = JSON.stringify({ day, at: now.toISOString() });
  const claimed = await tx.execute(sql`
    INSERT INTO settings (key, value, updated_at) VALUES (${DIGEST_ROW}, ${value}::jsonb, now())
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
     WHERE coalesce(settings.value->>'day', '') < excluded.value->>'day'
    RETURNING key`);
  return rowsOf(claimed).length > 0;
}

/**
 * The day's digest, once: claims the Lagos day of `now`, finds what is low and writes the mail into
 * the outbox in one transaction, then hands it to the mailer once it has committed. The caller
 * decides when it is due (lowStockDigestDue); a day claimed with nothing low is done too, so a size
 * running low later waits for the next morning (the per-order alert tells of it at once).
 */
export async function sendLowStockDigest(
  deps: LowStockDigestDeps,
  options: { now?: Date } = {},
): Promise<LowStockDigestResult> {
  const now = options.now ?? new Date();
  const day = lagosDay(now);
  const { result, queued } = await deps.db.transaction(async (tx) => {
    const done = (outcome: LowStockDigestResult['outcome'], variants = 0) => ({
      result: { day, outcome, variants },
      queued: null,
    });
    if (!(await claimDay(tx, day, now))) return done('already_done');
    const settings = await getShopSettings(tx);
    const { products, total } = await lowStockProducts(tx, settings.lowStockThreshold);
    if (total === 0) return done('nothing_low');
    const to = await digestRecipients(tx);
    if (to.length === 0) return done('no_recipients', total);
    const listed = products.reduce((sum, product) => sum + product.variants.length, 0);
    const message = await lowStockDigestMail({
      publicUrl: deps.publicUrl,
      shopName: settings.name,
      to,
      day,
      products,
      more: total - listed,
    });
    const [row] = await tx.insert(outbox).values(message).returning({ id: outbox.id });
    return { result: { day, outcome: 'sent' as const, variants: total }, queued: { id: row!.id, message } };
  });
  if (queued) void deps.mailer.deliver([queued]).catch((error: unknown) => deps.onMailError?.(error));
  return result;
}
