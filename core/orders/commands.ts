import { z } from 'zod';
import { command } from '../command';
import { createCoupon, updateCoupon } from './manage-coupons';

/** What staff do to the shop's offers (core/commands gathers every domain's). */
export const orderCommands = {
  'coupons.create': command({
    permission: 'coupons.manage',
    summary: 'Create a coupon: a percentage or an amount off, or free delivery, on all or some pieces.',
    // Judged by the domain (couponCreateSchema), which names each field and reads the code once.
    input: z.unknown(),
    run: ({ db, actor }, coupon) => createCoupon(db, actor, coupon),
  }),
  'coupons.update': command({
    permission: 'coupons.manage',
    summary: 'Change a coupon, or activate or deactivate it; the code never changes.',
    input: z.object({ id: z.unknown(), changes: z.unknown() }),
    run: ({ db, actor }, { id, changes }) => updateCoupon(db, actor, id, changes),
  }),
};
