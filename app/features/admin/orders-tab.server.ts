import { orderStatusIds } from '../../../contracts/checkout-texts';
import { can } from '../../../core/accounts/permissions';
import { actionPermission, runCommand } from '../../../core/commands';
import { AppError, isAppError } from '../../../core/errors';
import { staffMoves } from '../../../core/orders/lifecycle';
import { listOrdersForAdmin } from '../../../core/orders/manage-orders';
import { staffTimeline, type OrderView } from '../../../core/orders/order-view';
import { getOrderForViewer } from '../../../core/orders/read-orders';
import { getShopSettings } from '../../../core/settings/shop-settings';
import { moneyToRefund, transfersUnderReview } from '../../../core/payments/transactions';
import { refundBanks } from '../../../core/refunds/bank-account';
import { refundableFor, refundsOfOrder, type RefundView } from '../../../core/refunds/views';
import type { PaymentDeps } from '../../../core/payments/payments';
import { isPaidStatus } from '../../../contracts/returns';
import { formatNaira } from '../../../contracts/money';
import { formFailure, formText } from '../../lib/action-result.server';
import {
  commandContext,
  pageParam,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import { ADMIN_ORDERS_PAGE_SIZE, type AdminActionResult } from './admin-texts';
import type { RefundBankChoices, RefundListItem } from './refund-list';

/**
 * The order's refunds, each waiting for the shopper's bank account with the banks its provider lists
 * (read once per provider); a list that cannot be read says so instead of failing the page.
 */
async function withBankChoices(deps: PaymentDeps, list: RefundView[]): Promise<RefundListItem[]> {
  const read = new Map<string, Promise<RefundBankChoices>>();
  return Promise.all(
    list.map(async (refund) => {
      if (refund.status !== 'needs_attention') return refund;
      let choices = read.get(refund.provider);
      if (!choices) {
        choices = refundBanks(deps, refund.id).then(
          (banks) => ({ banks, error: null }),
          (error: unknown) => ({
            banks: [],
            error: isAppError(error) ? error.message : 'The bank list could not be read.',
          }),
        );
        read.set(refund.provider, choices);
      }
      return { ...refund, bankChoices: await choices };
    }),
  );
}

/** The Orders tab: the filtered list, or one order opened (?order=ORD-…). */
export async function loadOrdersTab({ context, params, admin }: AdminLoadArgs) {
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
      const found = await getOrderForViewer(context.services.orders, number.slice(0, 30), {
        user: context.user,
      });
      // Staff ask the shopper for the pickup code; they are never shown it. Their timeline names who made each move.
      order = { ...found, pickupCode: null, events: await staffTimeline(db, found.number) };
    } catch (error) {
      if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    }
    // Transfers and refunds are read only by a role that handles them: dispatch sees the order, not its money back.
    const payments = order && can(admin.role, 'payments.manage') ? order : null;
    const moneyBack = order && can(admin.role, 'refunds.manage') ? order : null;
    return {
      filter,
      order,
      // The moves the order allows and the role may make: dispatch sees Ship and Delivered, support none.
      moves: order
        ? staffMoves(order).filter((move) => {
            const needed = actionPermission(move);
            return needed !== undefined && can(admin.role, needed);
          })
        : [],
      reviews: payments ? await transfersUnderReview(db, payments.number) : [],
      refunds: moneyBack ? await moneyToRefund(db, moneyBack.number) : [],
      // What remains to give back: only once the money came.
      refundable:
        moneyBack && isPaidStatus(moneyBack.paymentStatus) ? await refundableFor(db, moneyBack.number) : null,
      orderRefunds: moneyBack
        ? await withBankChoices(context.services.payments, await refundsOfOrder(db, moneyBack.number))
        : [],
      // The carriers the ship form offers, with the owner's tracking links.
      carriers: order && staffMoves(order).includes('ship') ? (await getShopSettings(db)).carriers : [],
      missing: order ? null : number,
      list: null,
    };
  }
  const list = await listOrdersForAdmin(db, { ...filter, pageSize: ADMIN_ORDERS_PAGE_SIZE });
  return {
    filter,
    order: null,
    moves: [],
    reviews: [],
    refunds: [],
    refundable: null,
    orderRefunds: [] as RefundListItem[],
    carriers: [],
    missing: null,
    list,
  };
}

/** What the admin reads once a refund is made: given back, on its way, waiting for a bank account, or failed and why. */
function refundOutcome(refund: RefundView, intent: string) {
  const amount = formatNaira(refund.amountKobo);
  if (refund.status === 'failed')
    // Recorded, and nothing moved: the dialog closes and the refund waits under Refunds for a retry.
    return {
      ok: false,
      intent: 'refund-failed',
      error: `The refund of ${amount} on ${refund.orderNumber} failed${refund.failureReason ? `: ${refund.failureReason.replace(/\.+$/, '')}` : ''}. Retry it under Refunds.`,
      fields: {},
    } satisfies AdminActionResult;
  if (refund.status === 'needs_attention')
    // Nothing moved: the card cannot take it back, and the refund waits under Refunds for her account.
    return {
      ok: true,
      intent,
      message: `Refund of ${amount} on ${refund.orderNumber} needs the shopper's bank account: her card cannot take it back. Give it under Refunds.`,
    } satisfies AdminActionResult;
  const message =
    refund.status === 'completed'
      ? refund.provider === 'manual'
        ? `Refund of ${amount} recorded for ${refund.orderNumber}; the shopper has been told.`
        : `${amount} refunded to the shopper for ${refund.orderNumber}; she has been told.`
      : `Refund of ${amount} on ${refund.orderNumber} is on its way: the provider is still processing it.`;
  return { ok: true, intent, message } satisfies AdminActionResult;
}

/** The shopper's bank and the transfer's reference, sent only for money refunded by hand. */
function manualDetails(form: FormData) {
  if (formText(form, 'manual') !== '1') return {};
  return {
    manual: {
      accountName: formText(form, 'accountName'),
      accountNumber: formText(form, 'accountNumber').replace(/\s+/g, ''),
      bankName: formText(form, 'bankName'),
      reference: formText(form, 'reference'),
    },
  };
}

const testOutcome = (form: FormData) => {
  const outcome = formText(form, 'testOutcome');
  return outcome ? { testOutcome: outcome } : {};
};

/** The Refund dialog's form as the refund engine reads it (amounts in naira). */
function refundRequest(form: FormData) {
  const base = { reason: formText(form, 'reason'), ...manualDetails(form), ...testOutcome(form) };
  if (formText(form, 'mode') === 'amount') {
    const typed = formText(form, 'amount').replace(/[₦,\s]/g, '');
    // Not a number is said beside the field; the engine checks the rest (decimals, what remains).
    const amount = typed === '' ? undefined : Number(typed);
    if (amount !== undefined && !Number.isFinite(amount))
      throw new AppError('BAD_REQUEST', 'amount: Enter an amount in naira, like 2500 or 2500.50', {
        amount: 'Enter an amount in naira, like 2500 or 2500.50',
      });
    return { ...base, amount };
  }
  const lines: { orderLineId: number; quantity: number }[] = [];
  for (const [name, value] of form) {
    const match = /^line-(\d{1,9})$/.exec(name);
    const quantity = typeof value === 'string' ? Number.parseInt(value, 10) : 0;
    if (match && quantity > 0) lines.push({ orderLineId: Number(match[1]), quantity });
  }
  return {
    ...base,
    ...(lines.length > 0 ? { lines, restock: formText(form, 'restock') === 'on' } : {}),
    includeShipping: formText(form, 'includeShipping') === 'on',
  };
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
    const result = await runCommand('payments.transfer.confirm', commandContext(context, admin), { number });
    return result.changed
      ? `Payment for ${result.order.number} confirmed. The order is now Processing and the customer has been told.`
      : `Payment for ${result.order.number} was already confirmed.`;
  }),
  ship: orderAction(async ({ context, admin, form }, number) => {
    const carrier = formText(form, 'carrier').trim();
    const trackingNumber = formText(form, 'trackingNumber').trim();
    const note = formText(form, 'note').trim() || undefined;
    const order = await runCommand('orders.move', commandContext(context, admin), {
      number,
      status: 'shipped',
      carrier,
      trackingNumber,
      note,
    });
    return `Order ${order.number} marked Shipped with ${order.carrier ?? carrier} (${trackingNumber}). The customer has been told${order.trackingUrl ? ', with the tracking link' : ''}.`;
  }),
  ready: orderAction(async ({ context, admin }, number) => {
    const order = await runCommand('orders.move', commandContext(context, admin), {
      number,
      status: 'ready_for_pickup',
    });
    return `Order ${order.number} is ready for pickup. The customer has been sent the address, hours and pickup code.`;
  }),
  collect: orderAction(async ({ context, admin, form }, number) => {
    const order = await runCommand('orders.move', commandContext(context, admin), {
      number,
      status: 'picked_up',
      pickupCode: formText(form, 'pickupCode').trim(),
    });
    return `Order ${order.number} picked up. The customer has been told.`;
  }),
  deliver: orderAction(async ({ context, admin }, number) => {
    const order = await runCommand('orders.move', commandContext(context, admin), {
      number,
      status: 'delivered',
    });
    return `Order ${order.number} marked Delivered. The customer has been told.`;
  }),
  cancel: orderAction(async ({ context, admin, form }, number) => {
    const refund = formText(form, 'refund') === 'true';
    // With the refund, the provider gives the money back once the cancel is written.
    const order = await runCommand('orders.cancel', commandContext(context, admin), {
      number,
      ...(refund ? { refund: true } : {}),
    });
    return refund
      ? `Order ${order.number} cancelled and its payment refunded; its items are back on sale and the customer has been told.`
      : `Order ${order.number} cancelled; its items are back on sale and the customer has been told.`;
  }),
  /** Money back on a paid order: lines, the delivery charge or an amount, with a reason. */
  refund: async ({ context, admin, form }) => {
    try {
      const refund = await runCommand('refunds.create', commandContext(context, admin), {
        ...refundRequest(form),
        id: formText(form, 'number'),
      });
      return refundOutcome(refund, 'refund');
    } catch (error) {
      return formFailure(error, 'The refund could not be made. Please try again.');
    }
  },
  /** "Refund ₦500": what a transaction brought beyond what the order took, given back. */
  'refund-owed': async ({ context, admin, form }) => {
    try {
      const refund = await runCommand('refunds.create', commandContext(context, admin), {
        id: formText(form, 'number'),
        purpose: 'owed',
        paymentTransactionId: Number.parseInt(formText(form, 'paymentTransactionId'), 10) || undefined,
        reason: formText(form, 'reason'),
        ...manualDetails(form),
        ...testOutcome(form),
      });
      return refundOutcome(refund, 'refund-owed');
    } catch (error) {
      return formFailure(error, 'The refund could not be made. Please try again.');
    }
  },
  /** A failed refund asked again, on the same record. */
  'retry-refund': async ({ context, admin, form }) => {
    try {
      const id = Number.parseInt(formText(form, 'id'), 10);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
        throw new AppError('NOT_FOUND', 'Refund not found');
      const refund = await runCommand('refunds.retry', commandContext(context, admin), { id });
      const outcome = refundOutcome(refund, 'retry-refund');
      return outcome.ok ? outcome : { ...outcome, intent: 'retry-refund' };
    } catch (error) {
      return formFailure(error, 'The refund could not be retried. Please try again.');
    }
  },
  /** A refund the card could not take back, sent to the shopper's bank account instead. */
  'refund-bank-account': async ({ context, admin, form }) => {
    try {
      const id = Number.parseInt(formText(form, 'id'), 10);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
        throw new AppError('NOT_FOUND', 'Refund not found');
      const refund = await runCommand('refunds.bank-account', commandContext(context, admin), {
        id,
        accountNumber: formText(form, 'accountNumber'),
        bankId: formText(form, 'bankId'),
      });
      const amount = formatNaira(refund.amountKobo);
      if (refund.status === 'needs_attention')
        // The provider was not reached or refused the account: nothing moved, the form stays.
        return {
          ok: false,
          intent: 'refund-bank-account',
          error: `The refund of ${amount} on ${refund.orderNumber} was not sent: ${refund.failureReason ?? 'please try again.'}`,
          fields: {},
        } satisfies AdminActionResult;
      const outcome = refundOutcome(refund, 'refund-bank-account');
      if (!outcome.ok) return outcome;
      const to = refund.bankDetails
        ? ` (${refund.bankDetails.bankName} ${refund.bankDetails.accountNumber})`
        : '';
      return {
        ok: true,
        intent: 'refund-bank-account',
        message:
          refund.status === 'completed'
            ? `${amount} refunded to the shopper's bank account${to} for ${refund.orderNumber}; she has been told.`
            : `Refund of ${amount} on ${refund.orderNumber} is on its way to the shopper's bank account${to}.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The refund could not be sent. Please try again.');
    }
  },
};
