import { LOW_STOCK_THRESHOLD } from './stock-status';
import { variantLabel } from '../../contracts/catalog';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml, renderMail } from '../mail/mailer';
import type { ShopSettings } from '../settings/shop-settings';

/*
 * The shop's low-stock alert, per size and colour (decision 0036). An order that takes a variant
 * from the threshold or more to below it ("Linen Shirt M / Olive: 2 left"), or takes its last units
 * ("sold out"), sends the shop one e-mail naming each such variant with its SKU. The crossing is read
 * from the units the order's own statement left (Place Order takes stock with one conditional update
 * per variant, so concurrent orders see each other's takings one after another): exactly one order
 * crosses each line, however many race, and an order below the line does not alert again. A restock
 * above the line (the owner, an import, a cancellation) lets the next drop alert again.
 */

/** What one order did to one variant: how many units it took and how many it left. */
export interface TakenStock {
  variantId: number;
  quantity: number;
  left: number;
}

export interface StockCrossing {
  variantId: number;
  /** low: from the threshold or more to below it, some left; sold_out: the last units taken. */
  kind: 'low' | 'sold_out';
  left: number;
}

/** The variants an order took below the low-stock threshold or sold out, in the order given. */
export function lowStockCrossings(
  taken: readonly TakenStock[],
  threshold = LOW_STOCK_THRESHOLD,
): StockCrossing[] {
  const crossings: StockCrossing[] = [];
  for (const { variantId, quantity, left } of taken) {
    if (quantity <= 0) continue;
    const before = left + quantity;
    if (left <= 0) crossings.push({ variantId, kind: 'sold_out', left: 0 });
    else if (left < threshold && before >= threshold) crossings.push({ variantId, kind: 'low', left });
  }
  return crossings;
}

/** A variant as the alert names it. */
export interface AlertedVariant {
  /** null: an order line with no variant (never for an order placed now). */
  variantId: number | null;
  productId: number;
  name: string;
  sku: string | null;
  size: string | null;
  color: string | null;
}

/** 'Linen Shirt M / Olive: 2 left (SKU ROS-1061-M-OLV)' or '…: sold out (SKU …)'. */
export function crossingLine(variant: AlertedVariant, crossing: StockCrossing): string {
  const option = variantLabel(variant);
  const what = crossing.kind === 'sold_out' ? 'sold out' : `${crossing.left} left`;
  return `${variant.name}${option ? ` ${option}` : ''}: ${what}${variant.sku ? ` (SKU ${variant.sku})` : ''}`;
}

/**
 * The shop's e-mail for an order's crossings, to the alert address (or the support address) when
 * its owner asked for e-mail alerts (Settings → Notifications). Null without alerts or crossings.
 */
export async function lowStockAlertMail(
  publicUrl: string,
  settings: ShopSettings,
  crossings: readonly StockCrossing[],
  variants: readonly AlertedVariant[],
): Promise<MailMessage | null> {
  const to = alertAddress(settings);
  const named = crossings.flatMap((crossing) => {
    const variant = variants.find((candidate) => candidate.variantId === crossing.variantId);
    return variant ? [{ variant, crossing }] : [];
  });
  if (!to || named.length === 0) return null;
  const products = new Set(named.map(({ variant }) => variant.productId));
  return composeAlertMail(publicUrl, settings, to, {
    count: named.length,
    soldOut: named.filter(({ crossing }) => crossing.kind === 'sold_out').length,
    productName: products.size === 1 ? named[0]!.variant.name : null,
    lines: named.map(({ variant, crossing }) => crossingLine(variant, crossing)),
  });
}

/** Where the alert goes; null when the owner did not ask for e-mail alerts. */
function alertAddress(settings: ShopSettings): string | null {
  if (!settings.notifications.emailAlerts) return null;
  return settings.notifications.alertEmail || settings.supportEmail || null;
}

/** The alert for `count` crossings (`soldOut` of them sold out), of one product (its name) or several. */
interface AlertFacts {
  count: number;
  soldOut: number;
  productName: string | null;
  lines: readonly string[];
}

/** The alert's subject and words, before they are rendered. */
function alertWords(publicUrl: string, alert: AlertFacts) {
  const { count, soldOut, productName, lines } = alert;
  const subject =
    count === 1
      ? `${soldOut === 1 ? 'Sold out' : 'Low stock'}: ${lines[0]}`
      : `Low stock: ${count} sizes and colours${soldOut ? `, ${soldOut} sold out` : ''}`;
  const listUrl =
    productName !== null
      ? `${publicUrl}/admin?tab=products&q=${encodeURIComponent(productName)}`
      : `${publicUrl}/admin?tab=products&stock=low_stock`;
  return {
    subject,
    heading: soldOut === count ? 'Sold out' : 'Running low',
    intro: `An order just took ${count === 1 ? 'this size' : 'these sizes and colours'} below ${LOW_STOCK_THRESHOLD} in stock:`,
    action: {
      label: productName !== null ? 'Open the product' : 'Open the low-stock products',
      url: listUrl,
    },
  };
}

/** The alert's mail, in the shop's one template. */
function alertMail(shopName: string, words: ReturnType<typeof alertWords>, lines: readonly string[]) {
  return {
    shopName,
    heading: words.heading,
    paragraphs: [words.intro, ...lines, "Restock it in the product's stock grid."],
    action: words.action,
  };
}

async function composeAlertMail(
  publicUrl: string,
  settings: ShopSettings,
  to: string,
  alert: AlertFacts,
): Promise<MailMessage> {
  const words = alertWords(publicUrl, alert);
  return {
    to,
    subject: words.subject,
    ...(await renderMail(alertMail(settings.name, words, alert.lines))),
  };
}

/** Stands for the crossed lines in a frame; Place Order's statement puts the lines in its place. */
export const ALERT_LINES_TOKEN = '[[low-stock-lines]]';

/** One way an order may cross one variant's line: the alert's line if the statement leaves `left`. */
export interface AlertCandidate {
  position: number;
  variantId: number;
  productId: number;
  kind: 'low' | 'sold_out';
  /** The units left that make this crossing (0 for sold out). */
  left: number;
  text: string;
  html: string;
}

/** The alert's whole mail for `count` crossings, `soldOut` of them sold out, of one product (0: several). */
export interface AlertFrame {
  count: number;
  soldOut: number;
  productId: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Everything Place Order's statement needs to write the low-stock alert in the order's own statement
 * (so it is recorded with the order or not at all): every crossing each variant the order takes
 * could make (which one happens is known only when the statement has taken the stock, behind the
 * locks of concurrent orders), and the alert's mail for each possible count of crossings, with
 * `ALERT_LINES_TOKEN` where the crossed lines go, joined by `textJoin` / `htmlJoin`. Empty when the
 * owner did not ask for e-mail alerts.
 */
export interface LowStockAlertPlan {
  candidates: AlertCandidate[];
  frames: AlertFrame[];
  textJoin: string;
  htmlJoin: string;
}

export async function lowStockAlertPlan(
  publicUrl: string,
  settings: ShopSettings,
  lines: readonly (AlertedVariant & { quantity: number })[],
  threshold = LOW_STOCK_THRESHOLD,
): Promise<LowStockAlertPlan> {
  const plan: LowStockAlertPlan = { candidates: [], frames: [], textJoin: '', htmlJoin: '' };
  const to = alertAddress(settings);
  if (!to || !lines.some((line) => line.variantId !== null && line.quantity > 0)) return plan;
  // One render, its words marked: every frame is that mail with its own words in place, as a render
  // of its own would write them (a render costs milliseconds, and an order may need a dozen frames).
  const marks = { heading: '[[heading]]', intro: '[[intro]]', label: '[[label]]', url: '[[url]]' };
  const marked = await renderMail(
    alertMail(
      settings.name,
      {
        subject: '',
        heading: marks.heading,
        intro: marks.intro,
        action: { label: marks.label, url: marks.url },
      },
      [ALERT_LINES_TOKEN],
    ),
  );
  const between = (value: string) =>
    value.slice(value.indexOf(marks.intro) + marks.intro.length, value.indexOf(ALERT_LINES_TOKEN));
  plan.textJoin = between(marked.text);
  plan.htmlJoin = between(marked.html);

  // Each variant once, with all the units the order takes of it, in the order's line order.
  const taken = new Map<number, AlertedVariant & { quantity: number }>();
  for (const line of lines) {
    if (line.variantId === null || line.quantity <= 0) continue;
    const seen = taken.get(line.variantId);
    taken.set(line.variantId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  [...taken.values()].forEach((variant, position) => {
    const possible: StockCrossing[] = [{ variantId: variant.variantId!, kind: 'sold_out', left: 0 }];
    // "low" means the units before (left + quantity) were at the threshold or more.
    for (let left = Math.max(1, threshold - variant.quantity); left < threshold; left++)
      possible.push({ variantId: variant.variantId!, kind: 'low', left });
    for (const crossing of possible) {
      const text = crossingLine(variant, crossing);
      plan.candidates.push({
        position,
        variantId: variant.variantId!,
        productId: variant.productId,
        kind: crossing.kind,
        left: crossing.left,
        text,
        html: escapeHtml(text),
      });
    }
  });

  const variants = [...taken.values()];
  const frame = (count: number, productId: number, productName: string | null) => {
    for (let soldOut = 0; soldOut <= count; soldOut++) {
      const words = alertWords(publicUrl, {
        count,
        soldOut,
        productName,
        lines: [ALERT_LINES_TOKEN],
      });
      const filled: Record<string, string> = {
        [marks.heading]: words.heading,
        [marks.intro]: words.intro,
        [marks.label]: words.action.label,
        [marks.url]: words.action.url,
      };
      const fill = (value: string, escape: (text: string) => string) =>
        value.replace(/\[\[(?:heading|intro|label|url)\]\]/g, (mark) => escape(filled[mark] ?? mark));
      plan.frames.push({
        count,
        soldOut,
        productId,
        to,
        subject: words.subject,
        text: fill(marked.text, (text) => text),
        html: fill(marked.html, escapeHtml),
      });
    }
  };
  // Crossings all of one product: at most as many as the variants the order takes of it.
  const perProduct = new Map<number, { name: string; variants: number }>();
  for (const variant of variants) {
    const seen = perProduct.get(variant.productId);
    perProduct.set(variant.productId, { name: variant.name, variants: (seen?.variants ?? 0) + 1 });
  }
  for (const [productId, { name, variants: most }] of perProduct)
    for (let count = 1; count <= most; count++) frame(count, productId, name);
  // Crossings of several products: two or more.
  if (perProduct.size > 1) for (let count = 2; count <= variants.length; count++) frame(count, 0, null);
  return plan;
}
