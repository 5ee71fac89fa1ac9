import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { instantSchema } from '../../contracts/limits';
import type { DbOrTx } from '../../db/client';
import { coupons } from '../../db/schema/orders';
import { AppError } from '../errors';
import { normalizeCouponCode, type Coupon } from '../orders/coupons';
import { parseInput } from '../validation';
import { recordAdminAction, type AuditActor } from '../audit/audit';

export const couponAdminMessages = {
  duplicate: 'A coupon with this code already exists.',
  notFound: 'Coupon not found',
} as const;

/** Where a coupon stands for shoppers today. */
export type CouponState = 'active' | 'inactive' | 'expired' | 'used-up';

export interface AdminCouponView {
  id: number;
  code: string;
  percent: number;
  active: boolean;
  /** ISO time; null when it never expires. */
  expiresAt: string | null;
  /** null for no limit. */
  usageLimit: number | null;
  usedCount: number;
  firstOrderOnly: boolean;
  description: string;
  createdAt: string;
  state: CouponState;
}

const codeSchema = z
  .string('Enter a code')
  .trim()
  .transform((code) => normalizeCouponCode(code))
  .pipe(z.string().regex(/^[A-Z0-9]{3,20}$/, 'Use 3 to 20 letters A-Z and digits 0-9, no spaces'));

const couponFields = {
  percent: z
    .number('Enter a percentage')
    .int('Enter a whole percentage')
    .min(1, 'Enter a percentage from 1 to 100')
    .max(100, 'Enter a percentage from 1 to 100'),
  /** ISO time with an offset; null or absent for no expiry. */
  expiresAt: instantSchema('Enter a date and time').nullable(),
  /** How many orders may use it; null or absent for no limit. */
  usageLimit: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(1, 'Enter 1 or more, or leave it empty for no limit')
    .max(1_000_000, 'Enter at most 1,000,000')
    .nullable(),
  firstOrderOnly: z.boolean('Choose yes or no'),
  description: z.string('Enter some text').trim().max(200, 'The description can be at most 200 characters'),
  active: z.boolean('Choose on or off'),
};

export const couponCreateSchema = z.object({
  code: codeSchema,
  percent: couponFields.percent,
  expiresAt: couponFields.expiresAt.optional().default(null),
  usageLimit: couponFields.usageLimit.optional().default(null),
  firstOrderOnly: couponFields.firstOrderOnly.optional().default(false),
  description: couponFields.description.optional().default(''),
  active: couponFields.active.optional().default(true),
});
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/** An edit: any of the values but the code, which orders refer to and so never changes. */
export const couponUpdateSchema = z.object({
  percent: couponFields.percent.optional(),
  expiresAt: couponFields.expiresAt.optional(),
  usageLimit: couponFields.usageLimit.optional(),
  firstOrderOnly: couponFields.firstOrderOnly.optional(),
  description: couponFields.description.optional(),
  active: couponFields.active.optional(),
});
export type CouponUpdateInput = z.input<typeof couponUpdateSchema>;

export function couponState(coupon: Coupon, now = new Date()): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.expiresAt && coupon.expiresAt <= now) return 'expired';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'used-up';
  return 'active';
}

export function toAdminCouponView(coupon: Coupon, now = new Date()): AdminCouponView {
  return {
    id: coupon.id,
    code: coupon.code,
    percent: coupon.percent,
    active: coupon.active,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    usageLimit: coupon.usageLimit,
    usedCount: coupon.usedCount,
    firstOrderOnly: coupon.firstOrderOnly,
    description: coupon.description,
    createdAt: coupon.createdAt.toISOString(),
    state: couponState(coupon, now),
  };
}

/** What the audit log keeps of a coupon. */
const auditValues = (coupon: Coupon) => ({
  code: coupon.code,
  percent: coupon.percent,
  active: coupon.active,
  expiresAt: coupon.expiresAt?.toISOString() ?? null,
  usageLimit: coupon.usageLimit,
  firstOrderOnly: coupon.firstOrderOnly,
  description: coupon.description,
});

/** Every coupon, newest first, with how often it has been used. */
export async function listCoupons(db: DbOrTx, now = new Date()): Promise<AdminCouponView[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  return rows.map((row) => toAdminCouponView(row, now));
}

export async function getCoupon(db: DbOrTx, id: number): Promise<AdminCouponView> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new AppError('NOT_FOUND', couponAdminMessages.notFound);
  return toAdminCouponView(row);
}

/** Creates a coupon; codes are stored in capitals and are unique whatever the case typed. */
export async function createCoupon(db: DbOrTx, actor: AuditActor, raw: unknown): Promise<AdminCouponView> {
  const input = parseInput(couponCreateSchema, raw);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({ ...input, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row)
      throw new AppError('CONFLICT', couponAdminMessages.duplicate, { code: couponAdminMessages.duplicate });
    await recordAdminAction(tx, actor, {
      action: 'coupon.create',
      entityType: 'coupon',
      entityId: row.code,
      summary: `Coupon ${row.code} created: ${row.percent}% off`,
      before: null,
      after: auditValues(row),
    });
    return toAdminCouponView(row);
  });
}

/**
 * Edits a coupon (its percentage, expiry, limit, first-order rule, description, or whether it is
 * active). A limit below the uses already counted is refused. Checkout follows at once.
 */
export async function updateCoupon(
  db: DbOrTx,
  actor: AuditActor,
  id: unknown,
  raw: unknown,
): Promise<AdminCouponView> {
  const couponId = typeof id === 'number' ? id : Number(id);
  if (!Number.isSafeInteger(couponId) || couponId < 1)
    throw new AppError('NOT_FOUND', couponAdminMessages.notFound);
  const input = parseInput(couponUpdateSchema, raw);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', couponAdminMessages.notFound);
    if (input.usageLimit !== undefined && input.usageLimit !== null && input.usageLimit < row.usedCount) {
      const message = `This coupon has already been used ${row.usedCount} times; the limit cannot be lower.`;
      throw new AppError('CONFLICT', message, { usageLimit: message });
    }
    const { expiresAt, ...rest } = input;
    const changes = {
      ...rest,
      ...(expiresAt !== undefined ? { expiresAt: expiresAt === null ? null : new Date(expiresAt) } : {}),
    };
    const [updated] = Object.keys(changes).length
      ? await tx.update(coupons).set(changes).where(eq(coupons.id, row.id)).returning()
      : [row];
    const before = auditValues(row);
    const after = auditValues(updated!);
    const keys = (Object.keys(after) as (keyof typeof after)[]).filter((key) => before[key] !== after[key]);
    if (keys.length > 0) {
      const activation =
        keys.length === 1 && keys[0] === 'active' ? (after.active ? 'activated' : 'deactivated') : null;
      await recordAdminAction(tx, actor, {
        action: 'coupon.update',
        entityType: 'coupon',
        entityId: row.code,
        summary: activation
          ? `Coupon ${row.code} ${activation}`
          : `Coupon ${row.code} changed: ${keys.join(', ')}`,
        before: Object.fromEntries(keys.map((key) => [key, before[key]])),
        after: Object.fromEntries(keys.map((key) => [key, after[key]])),
      });
    }
    return toAdminCouponView(updated!);
  });
}
