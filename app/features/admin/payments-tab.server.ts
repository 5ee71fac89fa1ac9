import { data } from 'react-router';
import { runCommand } from '../../../core/commands';
import { isAppError } from '../../../core/errors';
import {
  isTransactionFilterStatus,
  listTransactions,
  type TransactionView,
} from '../../../core/payments/transactions';
import { listRefunds, type RefundView } from '../../../core/refunds/views';
import { formText } from '../../lib/action-result.server';
import {
  commandContext,
  dateRange,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

/**
 * The Payments tab: transactions of the chosen days (the last 30 unless the admin chose dates), and
 * the refunds made in those days, found by the same search.
 */
export async function loadPaymentsTab({ context, params }: AdminLoadArgs) {
  const now = new Date();
  const status = params.get('status') ?? '';
  const filter = {
    q: searchParam(params),
    status: isTransactionFilterStatus(status) ? status : '',
    ...dateRange(params, 30, now),
  };
  let transactions: TransactionView[] | null;
  try {
    transactions = await listTransactions(context.services.db, filter, now);
  } catch (error) {
    // The tab says so in red; the cause goes to the server log.
    context.services.logError(error, 'Admin payments: listing transactions failed');
    transactions = null;
  }
  let refunds: RefundView[] | null;
  try {
    refunds = await listRefunds(context.services.db, { q: filter.q, from: filter.from, to: filter.to });
  } catch (error) {
    context.services.logError(error, 'Admin payments: listing refunds failed');
    refunds = null;
  }
  return { filter, transactions, refunds };
}

export const paymentsActions: Record<string, AdminActionHandler> = {
  /** Asks the provider again about a card payment. */
  verify: async ({ context, admin, form }) => {
    const id = Number.parseInt(formText(form, 'id'), 10);
    try {
      if (!Number.isSafeInteger(id) || id < 1) throw new Error('Transaction not found');
      const message = await runCommand('payments.verify', commandContext(context, admin), { id });
      return { ok: true, intent: 'verify', message } satisfies AdminActionResult;
    } catch (error) {
      const text = error instanceof Error ? error.message : 'Something went wrong';
      const message = text.startsWith('Failed to verify transaction')
        ? text
        : `Failed to verify transaction: ${text}`;
      return data<AdminActionResult>(
        { ok: false, intent: 'verify', error: message, fields: {} },
        { status: isAppError(error) ? error.status : 502 },
      );
    }
  },
};
