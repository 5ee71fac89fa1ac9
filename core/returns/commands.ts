import { z } from 'zod';
import { command, type CommandContext } from '../command';
import { moveReturn } from './moves';
import { returnMoveSchemas, type ReturnMove } from './plan';

/** A return by its id or its number ('RET-10001'); one that is neither is not found. */
const returnId = z.union([z.number(), z.string()]);

/** Each move runs through core's moveReturn, which checks the return may make it now. */
const runMove =
  (move: ReturnMove) =>
  ({ services, actor }: CommandContext, { id, ...input }: { id: number | string }) =>
    moveReturn(services.payments, id, move, input, actor);

/** What staff do to a return (core/commands gathers every domain's). */
export const returnCommands = {
  'returns.approve': command({
    permission: 'returns.manage',
    summary: 'Approve a requested return, with instructions for sending the parcel back.',
    input: returnMoveSchemas.approve.extend({ id: returnId }),
    run: runMove('approve'),
  }),
  'returns.decline': command({
    permission: 'returns.manage',
    summary: 'Decline a requested return, saying why; an exchange’s set-aside pieces go back on sale.',
    input: returnMoveSchemas.decline.extend({ id: returnId }),
    run: runMove('decline'),
  }),
  'returns.receive': command({
    permission: 'returns.manage',
    summary: 'The parcel is back: say whether each returned piece goes back on sale.',
    input: returnMoveSchemas.receive.extend({ id: returnId }),
    run: runMove('receive'),
  }),
  'returns.refund': command({
    permission: 'refunds.manage',
    summary: 'Give the money back for the returned pieces, once.',
    input: returnMoveSchemas.refund.extend({ id: returnId }),
    run: runMove('refund'),
  }),
  'returns.exchange': command({
    permission: 'returns.exchange',
    summary:
      'Ship the exchange at no charge, with the carrier and tracking number; a cheaper piece’s difference is refunded.',
    input: returnMoveSchemas.exchange.extend({ id: returnId }),
    run: runMove('exchange'),
  }),
  'returns.close': command({
    permission: 'returns.manage',
    summary: 'Close a refunded or exchanged return.',
    input: returnMoveSchemas.close.extend({ id: returnId }),
    run: runMove('close'),
  }),
};

/** The command each move of a return runs, for the REST route and the dashboard's form of each. */
export const returnMoveCommands = {
  approve: 'returns.approve',
  decline: 'returns.decline',
  receive: 'returns.receive',
  refund: 'returns.refund',
  exchange: 'returns.exchange',
  close: 'returns.close',
} as const satisfies Record<ReturnMove, keyof typeof returnCommands>;
