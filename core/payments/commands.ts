import { z } from 'zod';
import { recordIdSchema } from '../../contracts/limits';
import { command } from '../command';
import { confirmBankTransfer } from './payments';
import { reverifyTransaction } from './transactions';

/** An order as staff name it: its number (RSY-1042). */
const orderNumber = z.string().max(30);

/** What staff do about money coming in (core/commands gathers every domain's). */
export const paymentCommands = {
  'payments.transfer.confirm': command({
    permission: 'payments.manage',
    summary: 'Confirm that a bank transfer arrived: the order becomes paid once and the customer is told.',
    input: z.object({ number: orderNumber }),
    run: ({ services, actor }, { number }) => confirmBankTransfer(services.payments, number, actor),
  }),
  'payments.verify': command({
    permission: 'payments.manage',
    summary: 'Ask the provider again about a card payment.',
    input: z.object({ id: recordIdSchema }),
    run: ({ services, actor }, { id }) => reverifyTransaction(services.payments, id, actor),
  }),
};
