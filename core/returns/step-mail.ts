import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/orders';
import { getShopSettings } from '../settings/shop-settings';
import { lineName, optionName, type ReturnDeps } from './plan';
import { returnRequestedAlertMail, returnStepMail, type ReturnMailFacts } from './return-mail';
import type { AdminReturnView } from './views';

/** E-mails the shopper one step of her return, after it committed; a failing mail server loses nothing. */
export async function mailStep(deps: ReturnDeps, view: AdminReturnView, refundKobo = 0): Promise<void> {
  try {
    const [settings, [order]] = await Promise.all([
      getShopSettings(deps.db),
      deps.db
        .select({ shippingAddress: orders.shippingAddress })
        .from(orders)
        .where(eq(orders.number, view.orderNumber)),
    ]);
    const facts: ReturnMailFacts = {
      number: view.number,
      orderNumber: view.orderNumber,
      email: view.email,
      firstName: order?.shippingAddress.firstName ?? '',
      status: view.status,
      resolution: view.resolution,
      items: view.items.map(
        (item) =>
          `${item.quantity} × ${lineName(item)}: ${item.reasonLabel}${
            item.exchangeFor ? `, for ${optionName(item.exchangeFor.size, item.exchangeFor.color)}` : ''
          }`,
      ),
      instructions: view.instructions,
      declineReason: view.declineReason,
      exchangeCarrier: view.exchangeCarrier,
      exchangeTrackingNumber: view.exchangeTrackingNumber,
      refundKobo,
    };
    await deps.mailer.send(await returnStepMail(deps.publicUrl, facts, settings.name));
    const alert =
      view.status === 'requested' ? await returnRequestedAlertMail(deps.publicUrl, facts, settings) : null;
    if (alert) await deps.mailer.send(alert);
  } catch (error) {
    deps.onMailError?.(error);
  }
}
