import { asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { couponOffer, couponScopeWords } from '../../contracts/checkout-texts';
import { instantSchema, MAX_DB_INTEGER, MAX_PRICE_NAIRA } from '../../contracts/limits';
import { nairaToKobo } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { coupons, couponTypes, type CouponType } from '../../db/schema/orders';
import { AppError, type FieldErrors } from '../errors';
import { normalizeCouponCode, type Coupon } from './coupons';
import { parseInput } from '../validation';
import { recordAdminAction, type AuditActor } from '../audit/audit';

export const couponAdminMessages = {
  duplicate: 'A coupon with this code already exists.',
  notFound: 'Coupon not found',
  percentRequired: 'Enter a percentage from 1 to 100',
  amountRequired: 'Enter the amount off in naira',
} as const;

/** Where a coupon stands for shoppers today. */
export type CouponState = 'active' | 'inactive' | 'expired' | 'used-up';

export interface AdminCouponView {
  id: number;
  code: string;
  type: CouponType;
  /** A percent coupon's percentage; null for the other types. */
  percent: number | null;
  /** A fixed coupon's amount off; null for the other types. */
  amountKobo: number | null;
  /** 0 for no minimum. */
  minimumSpendKobo: number;
  active: boolean;
  /** ISO time; null when it never expires. */
  expiresAt: string | null;
  /** null for no limit. */
  usageLimit: number | null;
  usedCount: number;
  /** Orders one customer may use it on; null for no limit. */
  usageLimitPerCustomer: number | null;
  /** The categories (with those below them) and products it applies to; both empty: every line. */
  categoryIds: string[];
  productIds: number[];
  /** What those are, in words ("Women's Bags, Ankara Tote"); null for every line. */
  appliesTo: string | null;
  /** "10% off", "₦5,000 off", "Free delivery". */
  offer: string;
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

/** Naira with at most two decimals (whole kobo), as the API speaks money. */
const nairaSchema = (required: string) =>
  z
    .number(required)
    .max(MAX_PRICE_NAIRA, `Enter at most ₦${MAX_PRICE_NAIRA.toLocaleString('en-NG')}`)
    .multipleOf(0.01, 'Use at most two decimals (whole kobo)');

const couponFields = {
  type: z.enum(couponTypes, 'Choose a percentage off, a fixed amount off or free delivery'),
  percent: z
    .number('Enter a percentage')
    .int('Enter a whole percentage')
    .min(1, couponAdminMessages.percentRequired)
    .max(100, couponAdminMessages.percentRequired)
    .nullable(),
  /** A fixed coupon's amount off, in naira. */
  amount: nairaSchema(couponAdminMessages.amountRequired)
    .positive('The amount must be more than ₦0')
    .nullable(),
  /** What the eligible lines must come to, in naira; null or 0 for no minimum. */
  minimumSpend: nairaSchema('Enter the minimum spend in naira').min(0, 'Enter ₦0 or more').nullable(),
  /** ISO time with an offset; null or absent for no expiry. */
  expiresAt: instantSchema('Enter a date and time').nullable(),
  /** How many orders may use it; null or absent for no limit. */
  usageLimit: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(1, 'Enter 1 or more, or leave it empty for no limit')
    .max(1_000_000, 'Enter at most 1,000,000')
    .nullable(),
  /** How many orders one customer (account, e-mail or phone) may use it on; null for no limit. */
  usageLimitPerCustomer: z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(1, 'Enter 1 or more, or leave it empty for no limit')
    .max(1_000, 'Enter at most 1,000')
    .nullable(),
  /** Category ids ('womens-bags'): the coupon applies to their products and those of the categories below. */
  categoryIds: z
    .array(z.string('Choose a category').trim().min(1, 'Choose a category').max(80), 'Choose categories')
    .max(50, 'Choose at most 50 categories'),
  /** Product ids: the coupon applies to these products' lines (with the categories' lines). */
  productIds: z
    .array(
      z
        .number('Enter product numbers')
        .int('Enter product numbers')
        .min(1, 'Enter product numbers')
        .max(MAX_DB_INTEGER, 'No product has this number'),
      'Enter product numbers',
    )
    .max(200, 'Choose at most 200 products'),
  firstOrderOnly: z.boolean('Choose yes or no'),
  description: z.string('Enter some text').trim().max(200, 'The description can be at most 200 characters'),
  active: z.boolean('Choose on or off'),
};

/**
 * A new coupon. Its type says which of `percent` and `amount` it takes: a percent coupon its
 * percentage (the type when none is given, as before), a fixed one its amount in naira, free delivery
 * neither; a value the type does not take, or one it needs left out, is a 422 naming the field.
 */
export const couponCreateSchema = z.object({
  code: codeSchema,
  type: couponFields.type.optional().default('percent'),
  percent: couponFields.percent.optional().default(null),
  amount: couponFields.amount.optional().default(null),
  minimumSpend: couponFields.minimumSpend.optional().default(null),
  expiresAt: couponFields.expiresAt.optional().default(null),
  usageLimit: couponFields.usageLimit.optional().default(null),
  usageLimitPerCustomer: couponFields.usageLimitPerCustomer.optional().default(null),
  categoryIds: couponFields.categoryIds.optional().default([]),
  productIds: couponFields.productIds.optional().default([]),
  firstOrderOnly: couponFields.firstOrderOnly.optional().default(false),
  description: couponFields.description.optional().default(''),
  active: couponFields.active.optional().default(true),
});
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

/**
 * An edit: any of the values but the code, which orders refer to and so never changes. A new type
 * lets go of what the old one took (a percentage, when it becomes a fixed amount).
 */
export const couponUpdateSchema = z.object({
  type: couponFields.type.optional(),
  percent: couponFields.percent.optional(),
  amount: couponFields.amount.optional(),
  minimumSpend: couponFields.minimumSpend.optional(),
  expiresAt: couponFields.expiresAt.optional(),
  usageLimit: couponFields.usageLimit.optional(),
  usageLimitPerCustomer: couponFields.usageLimitPerCustomer.optional(),
  categoryIds: couponFields.categoryIds.optional(),
  productIds: couponFields.productIds.optional(),
  firstOrderOnly: couponFields.firstOrderOnly.optional(),
  description: couponFields.description.optional(),
  active: couponFields.active.optional(),
});
export type CouponUpdateInput = z.input<typeof couponUpdateSchema>;

/** What a coupon takes off, as stored. */
type CouponTermsRow = Pick<Coupon, 'type' | 'percent' | 'amountKobo'>;

const typeNames: Record<CouponType, string> = {
  percent: 'A percentage coupon',
  fixed: 'A fixed-amount coupon',
  free_delivery: 'A free-delivery coupon',
};

/** What is wrong with a coupon's terms for its type, by field; empty when they fit. */
function termsProblems(terms: CouponTermsRow): FieldErrors {
  const fields: FieldErrors = {};
  const name = typeNames[terms.type];
  if (terms.type === 'percent' && terms.percent === null)
    fields.percent = couponAdminMessages.percentRequired;
  if (terms.type !== 'percent' && terms.percent !== null) fields.percent = `${name} takes no percentage`;
  if (terms.type === 'fixed' && terms.amountKobo === null) fields.amount = couponAdminMessages.amountRequired;
  if (terms.type !== 'fixed' && terms.amountKobo !== null) fields.amount = `${name} takes no amount`;
  return fields;
}

/** The categories and products named that the shop does not have, by field. */
async function unknownTargets(
  db: DbOrTx,
  chosen: { categoryIds?: string[] | undefined; productIds?: number[] | undefined },
): Promise<FieldErrors> {
  const fields: FieldErrors = {};
  const categoryIds = [...new Set(chosen.categoryIds ?? [])];
  const productIds = [...new Set(chosen.productIds ?? [])];
  const [knownCategories, knownProducts] = await Promise.all([
    categoryIds.length
      ? db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))
      : Promise.resolve([]),
    productIds.length
      ? db.select({ id: products.id }).from(products).where(inArray(products.id, productIds))
      : Promise.resolve([]),
  ]);
  const missingCategories = categoryIds.filter((id) => !knownCategories.some((row) => row.id === id));
  const missingProducts = productIds.filter((id) => !knownProducts.some((row) => row.id === id));
  if (missingCategories.length) fields.categoryIds = `No category ${missingCategories.join(', ')}`;
  if (missingProducts.length) fields.productIds = `No product ${missingProducts.join(', ')}`;
  return fields;
}

/** Refuses terms that do not fit (422, naming each field). */
function refuseUnless(fields: FieldErrors): void {
  const messages = Object.values(fields);
  if (messages.length === 0) return;
  throw new AppError(
    'UNPROCESSABLE',
    messages.length === 1 ? messages[0]! : 'Please correct the marked fields.',
    fields,
  );
}

const toKobo = (naira: number | null) => (naira === null ? null : nairaToKobo(naira));

export function couponState(coupon: Coupon, now = new Date()): CouponState {
  if (!coupon.active) return 'inactive';
  if (coupon.expiresAt && coupon.expiresAt <= now) return 'expired';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'used-up';
  return 'active';
}

/** The names of categories and products by id, for the coupons' "applies to". */
interface TargetNames {
  categories: Map<string, string>;
  products: Map<number, string>;
}

async function targetNames(db: DbOrTx, rows: Coupon[]): Promise<TargetNames> {
  const categoryIds = [...new Set(rows.flatMap((row) => row.categoryIds))];
  const productIds = [...new Set(rows.flatMap((row) => row.productIds))];
  const [named, pieces] = await Promise.all([
    categoryIds.length
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.id, categoryIds))
      : Promise.resolve([]),
    productIds.length
      ? db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, productIds))
      : Promise.resolve([]),
  ]);
  return {
    categories: new Map(named.map((row) => [row.id, row.name])),
    products: new Map(pieces.map((row) => [row.id, row.name])),
  };
}

export function toAdminCouponView(
  coupon: Coupon,
  now = new Date(),
  names: TargetNames = { categories: new Map(), products: new Map() },
): AdminCouponView {
  const targets = [
    ...coupon.categoryIds.map((id) => names.categories.get(id) ?? id),
    ...coupon.productIds.map((id) => names.products.get(id) ?? `Product ${id}`),
  ];
  return {
    id: coupon.id,
    code: coupon.code,
    type: coupon.type,
    percent: coupon.percent,
    amountKobo: coupon.amountKobo,
    minimumSpendKobo: coupon.minimumSpendKobo,
    active: coupon.active,
    expiresAt: coupon.expiresAt?.toISOString() ?? null,
    usageLimit: coupon.usageLimit,
    usedCount: coupon.usedCount,
    usageLimitPerCustomer: coupon.usageLimitPerCustomer,
    categoryIds: coupon.categoryIds,
    productIds: coupon.productIds,
    appliesTo: targets.length ? couponScopeWords(targets) : null,
    offer: couponOffer(coupon),
    firstOrderOnly: coupon.firstOrderOnly,
    description: coupon.description,
    createdAt: coupon.createdAt.toISOString(),
    state: couponState(coupon, now),
  };
}

async function viewOf(db: DbOrTx, coupon: Coupon): Promise<AdminCouponView> {
  return toAdminCouponView(coupon, new Date(), await targetNames(db, [coupon]));
}

/** What the audit log keeps of a coupon. */
const auditValues = (coupon: Coupon) => ({
  code: coupon.code,
  type: coupon.type,
  percent: coupon.percent,
  amountKobo: coupon.amountKobo,
  minimumSpendKobo: coupon.minimumSpendKobo,
  active: coupon.active,
  expiresAt: coupon.expiresAt?.toISOString() ?? null,
  usageLimit: coupon.usageLimit,
  usageLimitPerCustomer: coupon.usageLimitPerCustomer,
  categoryIds: coupon.categoryIds.join(', '),
  productIds: coupon.productIds.join(', '),
  firstOrderOnly: coupon.firstOrderOnly,
  description: coupon.description,
});

/** The categories a coupon may be for, parents first, each followed by those below it. */
export async function couponCategoryChoices(
  db: DbOrTx,
): Promise<{ id: string; name: string; parentId: string | null }[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  const below = (parentId: string | null): typeof rows =>
    rows.filter((row) => row.parentId === parentId).flatMap((row) => [row, ...below(row.id)]);
  const ordered = below(null);
  // A category whose parent is missing (never expected) still shows.
  return [...ordered, ...rows.filter((row) => !ordered.includes(row))];
}

/** Every coupon, newest first, with how often it has been used. */
export async function listCoupons(db: DbOrTx, now = new Date()): Promise<AdminCouponView[]> {
  const rows = await db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id));
  const names = await targetNames(db, rows);
  return rows.map((row) => toAdminCouponView(row, now, names));
}

export async function getCoupon(db: DbOrTx, id: number): Promise<AdminCouponView> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  if (!row) throw new AppError('NOT_FOUND', couponAdminMessages.notFound);
  return viewOf(db, row);
}

/**
 * Creates a coupon; codes are stored in capitals and are unique whatever the case typed. Amounts
 * come in naira and are kept in kobo.
 */
export async function createCoupon(db: DbOrTx, actor: AuditActor, raw: unknown): Promise<AdminCouponView> {
  const input = parseInput(couponCreateSchema, raw);
  const { amount, minimumSpend, expiresAt, ...rest } = input;
  const values = {
    ...rest,
    amountKobo: toKobo(amount),
    minimumSpendKobo: toKobo(minimumSpend) ?? 0,
    categoryIds: [...new Set(input.categoryIds)],
    productIds: [...new Set(input.productIds)],
    expiresAt: expiresAt ? new Date(expiresAt) : null,
  };
  refuseUnless({ ...termsProblems(values), ...(await unknownTargets(db, values)) });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values(values)
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row)
      throw new AppError('CONFLICT', couponAdminMessages.duplicate, { code: couponAdminMessages.duplicate });
    await recordAdminAction(tx, actor, {
      action: 'coupon.create',
      entityType: 'coupon',
      entityId: row.code,
      summary: `Coupon ${row.code} created: ${couponOffer(row)}`,
      before: null,
      after: auditValues(row),
    });
    return viewOf(tx, row);
  });
}

/**
 * Edits a coupon (what it takes off, its minimum, expiry, limits, categories and products, first-order
 * rule, description, or whether it is active). A limit below the uses already counted is refused.
 * Checkout follows at once; orders placed keep the discount they were given.
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
  refuseUnless(await unknownTargets(db, input));
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', couponAdminMessages.notFound);
    if (input.usageLimit !== undefined && input.usageLimit !== null && input.usageLimit < row.usedCount) {
      const message = `This coupon has already been used ${row.usedCount} times; the limit cannot be lower.`;
      throw new AppError('CONFLICT', message, { usageLimit: message });
    }
    const { expiresAt, amount, minimumSpend, categoryIds, productIds, ...rest } = input;
    // A new type lets go of what the old one took; what the new one needs must come with it.
    const retyped = input.type !== undefined && input.type !== row.type;
    const terms = {
      type: input.type ?? row.type,
      percent: input.percent !== undefined ? input.percent : retyped ? null : row.percent,
      amountKobo: amount !== undefined ? toKobo(amount) : retyped ? null : row.amountKobo,
    };
    refuseUnless(termsProblems(terms));
    const changes = {
      ...rest,
      ...terms,
      ...(minimumSpend !== undefined ? { minimumSpendKobo: toKobo(minimumSpend) ?? 0 } : {}),
      ...(categoryIds !== undefined ? { categoryIds: [...new Set(categoryIds)] } : {}),
      ...(productIds !== undefined ? { productIds: [...new Set(productIds)] } : {}),
      ...(expiresAt !== undefined ? { expiresAt: expiresAt === null ? null : new Date(expiresAt) } : {}),
    };
    const [updated] = await tx.update(coupons).set(changes).where(eq(coupons.id, row.id)).returning();
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
    return viewOf(tx, updated!);
  });
}
