import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { cancellations, cancelExpiredOrders, mailShopper } from './lifecycle';
import { toOrderViews } from './order-view';

/**
 * The release job: cancels the unpaid orders whose hold has passed, puts their stock and coupon
 * uses back and tells their shoppers. Each order is released once, however many processes run it.
 */
export async function releaseUnpaidOrders(
  deps: { db: Db; mailer?: Mailer; publicUrl?: string },
  now = new Date(),
): Promise<string[]> {
  const released = await deps.db.transaction((tx) => cancelExpiredOrders(tx, now));
  const { mailer, publicUrl } = deps;
  if (released.length > 0 && mailer && publicUrl)
    await mailShopper(
      { db: deps.db, mailer, publicUrl },
      await toOrderViews(deps.db, released),
      cancellations.unpaid.mail ?? '',
    );
  return released.map((order) => order.number);
}
