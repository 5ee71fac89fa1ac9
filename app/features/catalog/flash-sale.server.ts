import { getSaleSummary } from '../../../core/catalog/get-sale-summary';
import type { PageServices } from '../../load-context';
import type { FlashSale } from './flash-sale-banner';

/** The running flash sale for a page's loader, or null when none is set, it has ended, or nothing is reduced. */
export async function loadFlashSale(services: PageServices): Promise<FlashSale | null> {
  const [shop, summary] = await Promise.all([services.shopSettings(), getSaleSummary(services.db)]);
  const now = Date.now();
  if (!shop.flashSaleEndsAt || new Date(shop.flashSaleEndsAt).getTime() <= now || summary.count === 0)
    return null;
  return { endsAt: shop.flashSaleEndsAt, renderedAt: now, ...summary };
}
