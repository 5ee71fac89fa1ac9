import { z } from 'zod';
import { command, type CommandContext } from '../command';
import { changeOrderStatus, orderStatusChangeSchema } from '../orders/manage-orders';
import { cancelRefunder } from '../refunds/record';

/** An order as staff name it: its number (RSY-1042). */
const orderNumber = z.string().max(30);

type Move = z.output<typeof orderStatusChangeSchema>;

/**
 * One move by hand. Orders own the move; a cancel that gives the money back also needs refunds, which
 * build on orders, so the two are composed here, above both.
 */
const move = ({ services, actor, client }: CommandContext, number: string, change: Move) =>
  changeOrderStatus(
    change.status === 'cancelled' && change.refund
      ? { ...services.orders, refunds: cancelRefunder(services.payments) }
      : services.orders,
    number,
    change,
    { actor, role: actor.role, ...(client ? { client } : {}) },
  );

/** Moving an order along by hand (core/commands gathers them with every domain's). */
export const orderMoveCommands = {
  'orders.move': command({
    permission: 'orders.fulfil',
    summary:
      'Move an order along: shipped (carrier, tracking number), delivered, ready for pickup, picked up (its code); cancelling asks for more.',
    input: orderStatusChangeSchema.extend({ number: orderNumber }),
    run: (context, { number, ...change }) => move(context, number, change),
  }),
  'orders.cancel': command({
    permission: 'orders.cancel',
    summary:
      'Cancel an order: its stock and its coupon use come back; a paid one may be refunded in the same step.',
    input: orderStatusChangeSchema
      .omit({ status: true, carrier: true, trackingNumber: true, pickupCode: true })
      .extend({
        number: orderNumber,
      }),
    run: (context, { number, ...change }) => move(context, number, { ...change, status: 'cancelled' }),
  }),
};
