import { LOW_STOCK_THRESHOLD } from './stock-status';
import { variantLabel } from './variants';
import type { Mailer, MailMessage } from '../mail/mailer';
import { renderMail } from '../mail/mailer';
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
export function lowStockAlertMail(
  publicUrl: string,
  settings: ShopSettings,
  crossings: readonly StockCrossing[],
  variants: readonly AlertedVariant[],
): MailMessage | null {
  if (!settings.notifications.emailAlerts) return null;
  const to = settings.notifications.alertEmail || settings.supportEmail;
  const named = crossings.flatMap((crossing) => {
    const variant = variants.find((candidate) => candidate.variantId === crossing.variantId);
    return variant ? [{ variant, crossing }] : [];
  });
  if (!to || named.length === 0) return null;
  const lines = named.map(({ variant, crossing }) => crossingLine(variant, crossing));
  const soldOut = named.filter(({ crossing }) => crossing.kind === 'sold_out').length;
  const [only] = named;
  const subject =
    named.length === 1 && only
      ? `${only.crossing.kind === 'sold_out' ? 'Sold out' : 'Low stock'}: ${lines[0]}`
      : `Low stock: ${named.length} sizes and colours${soldOut ? `, ${soldOut} sold out` : ''}`;
  const products = new Set(named.map(({ variant }) => variant.productId));
  const listUrl =
    products.size === 1 && only
      ? `${publicUrl}/admin?tab=products&q=${encodeURIComponent(only.variant.name)}`
      : `${publicUrl}/admin?tab=products&stock=low_stock`;
  return {
    to,
    subject,
    ...renderMail({
      shopName: settings.name,
      heading: soldOut === named.length ? 'Sold out' : 'Running low',
      paragraphs: [
        `An order just took ${named.length === 1 ? 'this size' : 'these sizes and colours'} below ${LOW_STOCK_THRESHOLD} in stock:`,
        ...lines,
        "Restock it in the product's stock grid.",
      ],
      action: {
        label: products.size === 1 ? 'Open the product' : 'Open the low-stock products',
        url: listUrl,
      },
    }),
  };
}

export interface LowStockAlertDeps {
  mailer: Mailer;
  publicUrl: string;
  onMailError?: (error: unknown) => void;
}

/**
 * After an order is recorded: the units it left of each variant it took (`left`, from its own
 * statement) and its lines. Sends the shop's alert when a variant crossed; never throws (the order
 * stands whatever the mail does).
 */
export async function alertLowStock(
  deps: LowStockAlertDeps,
  settings: ShopSettings,
  lines: readonly (AlertedVariant & { quantity: number })[],
  left: readonly { variantId: number; left: number }[],
): Promise<void> {
  try {
    const taken = left.map(({ variantId, left: units }) => ({
      variantId,
      left: units,
      quantity: lines
        .filter((line) => line.variantId === variantId)
        .reduce((sum, line) => sum + line.quantity, 0),
    }));
    const message = lowStockAlertMail(deps.publicUrl, settings, lowStockCrossings(taken), lines);
    if (message) await deps.mailer.send(message);
  } catch (error) {
    deps.onMailError?.(error);
  }
}
