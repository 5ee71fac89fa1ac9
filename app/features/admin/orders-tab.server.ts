import { orderStatusIds } from '../../../contracts/checkout-texts';
import { isAppError } from '../../../core/errors';
import { staffMoves } from '../../../core/orders/lifecycle';
import { changeOrderStatus, listOrdersForAdmin } from '../../../core/orders/manage-orders';
import type { OrderView } from '../../../core/orders/order-view';
import { getOrderForViewer } from '../../../core/orders/read-orders';
import { confirmBankTransfer } from '../../../core/payments/payments';
import { moneyToRefund, transfersUnderReview } from '../../../core/payments/transactions';
import { formFailure, formText } from '../../lib/action-result.server';
import {
  auditActor,
  pageParam,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import { ADMIN_ORDERS_PAGE_SIZE, type AdminActionResult } from './admin-texts';

/** The Orders tab: the filtered list, or one order opened (?order=ORD-…). */
export async function loadOrdersTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const status = params.get('status') ?? '';
  const filter = {
    q: searchParam(params),
    status: (orderStatusIds as readonly string[]).includes(status) ? status : '',
    page: pageParam(params),
  };
  const number = params.get('order');
  if (number) {
    let order: OrderView | null = null;
    try {
      order = await getOrderForViewer(db, number.slice(0, 30), { user: context.user });
    } catch (error) {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    }
    return {
      filter,
      order,
      moves: order ? staffMoves(order) : [],
      reviews: order ? await transfersUnderReview(db, order.number) : [],
      refunds: order ? await moneyToRefund(db, order.number) : [],
      missing: order ? null : number,
      list: null,
    };
  }
  const list = await listOrdersForAdmin(db, { ...filter, pageSize: ADMIN_ORDERS_PAGE_SIZE });
  return { filter, order: null, moves: [], reviews: [], refunds: [], missing: null, list };
}

const orderAction =
  (run: (args: Parameters<AdminActionHandler>[0], number: string) => Promise<string>): AdminActionHandler =>
  async (args) => {
    const intent = formText(args.form, 'intent');
    try {
      const message = await run(args, formText(args.form, 'number'));
      return { ok: true, intent, message } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The order could not be updated. Please try again.');
    }
  };

/** Moving an order along, and confirming a bank transfer; each is recorded and the customer is told. */
export const ordersActions: Record<string, AdminActionHandler> = {
  'confirm-transfer': orderAction(async ({ context, admin }, number) => {
    const result = await confirmBankTransfer(context.services.payments, number, admin);
    return result.changed
      ? `Payment for ${result.order.number} confirmed. The order is now Processing and the customer has been told.`
      : `Payment for ${result.order.number} was already confirmed.`;
  }),
  ship: orderAction(async ({ context, admin, form }, number) => {
    const carrier = formText(form, 'carrier').trim();
    const trackingNumber = formText(form, 'trackingNumber').trim();
    const note = formText(form, 'note').trim() || undefined;
    const order = await changeOrderStatus(
      context.services.orders,
      number,
      { status: 'shipped', carrier, trackingNumber, note },
      { actor: auditActor(admin) },
    );
    return `Order ${order.number} marked Shipped with ${carrier} (${trackingNumber}). The customer has been told.`;
  }),
  deliver: orderAction(async ({ context, admin }, number) => {
    const order = await changeOrderStatus(
      context.services.orders,
      number,
      { status: 'delivered' },
      { actor: auditActor(admin) },
    );
    return `Order ${order.number} marked Delivered. The customer has been told.`;
  }),
  cancel: orderAction(async ({ context, admin }, number) => {
    const order = await changeOrderStatus(
      context.services.orders,
      number,
      { status: 'cancelled' },
      { actor: auditActor(admin) },
    );
    return `Order ${order.number} cancelled; its items are back on sale and the customer has been told.`;
  }),
};
