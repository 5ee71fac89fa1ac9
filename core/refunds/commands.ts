import { z } from 'zod';
import { recordIdSchema } from '../../contracts/limits';
import { command } from '../command';
import { refundAccountSchema, sendRefundToAccount } from './bank-account';
import { refundRequestSchema } from './plan';
import { createRefund } from './record';
import { retryRefund } from './retry';

/** What staff do to give money back (core/commands gathers every domain's). */
export const refundCommands = {
  'refunds.create': command({
    permission: 'refunds.manage',
    summary:
      'Give money back on a paid order: an amount, or lines and the delivery charge, or what is owed back on a payment, with a reason.',
    // The order, by its number, as the admin's order routes name it.
    input: refundRequestSchema.extend({ id: z.string() }),
    run: ({ services, actor }, { id, ...request }) => createRefund(services.payments, id, request, actor),
  }),
  'refunds.retry': command({
    permission: 'refunds.manage',
    summary: 'Ask the provider again for a refund that failed, on the same record.',
    input: z.object({ id: recordIdSchema }),
    run: ({ services, actor }, { id }) => retryRefund(services.payments, id, actor),
  }),
  'refunds.bank-account': command({
    permission: 'refunds.manage',
    summary: "Send a refund the card cannot take back to the shopper's bank account.",
    input: refundAccountSchema.extend({ id: recordIdSchema }),
    run: ({ services, actor }, { id, ...account }) =>
      sendRefundToAccount(services.payments, id, account, actor),
  }),
};
