import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { daySchema } from '../../contracts/limits';
import { orderStatusIds, orderStatusNames, paymentMethodNames } from '../../contracts/checkout-texts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { mediaUrl } from '../../contracts/media';
import { brands, categories, productImages, products, productVariants } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import {
  paymentTransactions,
  refundLines,
  refundStatuses,
  refunds,
  transactionStatuses,
} from '../../db/schema/payments';
import { orderReturns } from '../../db/schema/returns';
import { lagosDay, lagosMidnight, lagosNextMidnight } from '../../contracts/lagos-time';
import { refundStatusNames } from '../../contracts/returns';
import { containsPattern } from '../search-pattern';
import { userSearchCondition } from '../accounts/manage-users';
import { stockStatus } from '../catalog/stock-status';
import { gridStockStatus } from '../catalog/product-grid';
import { adminOrderConditions } from '../orders/manage-orders';
import { transactionConditions } from '../payments/transactions';
import { parseInput } from '../validation';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { adminProductConditions, adminProductQuerySchema } from '../catalog/manage-products';
import { shopLowStockLevel } from '../inventory/low-stock';
import { productExportColumns } from '../catalog/product-csv-columns';
import { CSV_BOM, csvLagosTime, csvLine, csvNaira, lagosToday, type CsvValue } from '../csv/write-csv';

export const exportKinds = ['orders', 'products', 'users', 'transactions', 'refunds'] as const;
export type ExportKind = (typeof exportKinds)[number];

export const exportLabels: Record<ExportKind, string> = {
  orders: 'Orders',
  products: 'Products',
  users: 'Users',
  transactions: 'Transactions',
  refunds: 'Refunds',
};

/** Rows read per query: a whole table is never held in memory, however large it grows. */
export const EXPORT_BATCH_SIZE = 500;

/** A search box's text: NUL bytes (which PostgreSQL refuses in text) dropped, trimmed, bounded. */
const searchText = z
  .string()
  .max(200)
  .optional()
  .transform((value) => (value ?? '').replaceAll('\0', '').trim().slice(0, 100));
/** A choice among known values; anything else means "all", as the lists treat it. */
const choice = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .max(40)
    .optional()
    .transform((value) => {
      const normalised = (value ?? '').trim().toLowerCase().replaceAll('-', '_');
      return (values as readonly string[]).includes(normalised) ? (normalised as T) : undefined;
    });
const isoDay = z
  .string()
  .max(30)
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(daySchema('Use a date like 2026-11-21').optional());

/** The same filters as the admin lists, so an export holds what the list shows. */
export const exportFilterSchemas = {
  orders: z.object({ q: searchText, status: choice(orderStatusIds) }),
  products: z.object({
    q: searchText,
    category: z
      .string()
      .max(80)
      .optional()
      .transform((value) => (value ?? '').replaceAll('\0', '').trim()),
    stock: choice(['in_stock', 'low_stock', 'out_of_stock'] as const),
    status: choice(['active', 'archived', 'all'] as const),
  }),
  users: z.object({ q: searchText }),
  transactions: z.object({ q: searchText, status: choice(transactionStatuses), from: isoDay, to: isoDay }),
  refunds: z.object({ q: searchText, status: choice(refundStatuses), from: isoDay, to: isoDay }),
} satisfies Record<ExportKind, z.ZodType>;

export type ExportFilter<Kind extends ExportKind> = z.output<(typeof exportFilterSchemas)[Kind]>;

interface Cursor {
  at: string;
  id: string | number;
}

/**
 * Keyset pagination, newest first as the lists are: each batch continues after the last row's
 * (created_at, id). The timestamp travels as PostgreSQL's own text so no microsecond is lost.
 */
function after(
  createdAt: PgColumn,
  id: PgColumn,
  cursor: Cursor | null,
  idType: 'int' | 'uuid',
): SQL | undefined {
  if (!cursor) return undefined;
  return idType === 'int'
    ? sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::int)`
    : sql`(${createdAt}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

async function* batches<Row extends { cursorAt: string }>(
  read: (cursor: Cursor | null, limit: number) => Promise<Row[]>,
  idOf: (row: Row) => string | number,
  batchSize: number,
): AsyncGenerator<Row[]> {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows = await read(cursor, batchSize);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { at: last.cursorAt, id: idOf(last) };
  }
}

interface ExportSource {
  header: string[];
  rows(batchSize: number): AsyncGenerator<CsvValue[][]>;
}

function orderSource(db: Db, filter: ExportFilter<'orders'>): ExportSource {
  const where = adminOrderConditions(filter);
  return {
    header: [
      'Order',
      'Placed',
      'Customer',
      'Email',
      'Phone',
      'Status',
      'Payment method',
      'Payment status',
      'Items',
      'Subtotal (NGN)',
      'Discount (NGN)',
      'Shipping (NGN)',
      'Tax (NGN)',
      'Tax included',
      'Total (NGN)',
      'Coupon',
      'Shipping method',
      'Address',
      'City',
      'State',
      'Country',
      'Carrier',
      'Tracking number',
      'Mode',
    ],
    async *rows(batchSize) {
      const read = (cursor: Cursor | null, limit: number) =>
        db
          .select({
            cursorAt: sql<string>`${orders.createdAt}::text`,
            order: orders,
            itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
          })
          .from(orders)
          .where(and(where, after(orders.createdAt, orders.id, cursor, 'int')))
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(limit);
      for await (const rows of batches(read, (row) => row.order.id, batchSize))
        yield rows.map(({ order, itemCount }) => [
          order.number,
          csvLagosTime(order.createdAt),
          `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
          order.email,
          order.phone,
          orderStatusNames[order.status],
          paymentMethodNames[order.paymentMethod],
          order.paymentStatus,
          itemCount,
          csvNaira(order.subtotalKobo),
          csvNaira(order.discountKobo),
          csvNaira(order.shippingKobo),
          csvNaira(order.taxKobo),
          // yes: the tax was inside the prices (VAT included) and the total holds it; no: added on top.
          order.taxIncluded ? 'yes' : 'no',
          csvNaira(order.totalKobo),
          order.couponCode,
          order.shippingMethodLabel,
          order.shippingAddress.address,
          order.shippingAddress.city,
          order.shippingAddress.state,
          order.shippingAddress.country,
          order.carrier,
          order.trackingNumber,
          // A TEST MODE order: paid with a test card, no money moved.
          order.isTest ? 'TEST' : 'live',
        ]);
    },
  };
}

const stockNames = { in_stock: 'In stock', low_stock: 'Low stock', out_of_stock: 'Out of stock' } as const;

interface ExportedVariant {
  productId: number;
  size: string;
  color: string;
  sku: string;
  stock: number;
  priceKobo: number | null;
  lowStockThreshold: number | null;
}

interface ExportedImage {
  productId: number;
  key: string;
  widths: number[];
  colorName: string | null;
}

function productSource(db: Db, filter: ExportFilter<'products'>): ExportSource {
  const query = adminProductQuerySchema.parse(filter);
  return {
    header: [...productExportColumns.importable, ...productExportColumns.readOnly],
    async *rows(batchSize) {
      const shopLevel = await shopLowStockLevel(db);
      const where = adminProductConditions(query, shopLevel);
      const read = (cursor: Cursor | null, limit: number) =>
        db
          .select({
            cursorAt: sql<string>`${products.createdAt}::text`,
            product: products,
            categoryName: categories.name,
            department: sql<
              string | null
            >`(select d.name from ${categories} d where d.id = ${categories.parentId})`,
            brandName: brands.name,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .leftJoin(brands, eq(brands.id, products.brandId))
          .where(and(where, after(products.createdAt, products.id, cursor, 'int')))
          .orderBy(desc(products.createdAt), desc(products.id))
          .limit(limit);
      for await (const rows of batches(read, (row) => row.product.id, batchSize)) {
        const ids = rows.map((row) => row.product.id);
        // The batch's sizes and colours and photos: two queries a batch, never one a product.
        const [variantRows, imageRows] = await Promise.all([
          db
            .select({
              productId: productVariants.productId,
              size: productVariants.size,
              color: productVariants.color,
              sku: productVariants.sku,
              stock: productVariants.stock,
              priceKobo: productVariants.priceKobo,
              lowStockThreshold: productVariants.lowStockThreshold,
            })
            .from(productVariants)
            .where(inArray(productVariants.productId, ids))
            .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
          db
            .select({
              productId: productImages.productId,
              key: productImages.key,
              widths: productImages.widths,
              colorName: productImages.colorName,
            })
            .from(productImages)
            .where(inArray(productImages.productId, ids))
            .orderBy(asc(productImages.productId), asc(productImages.position)),
        ]);
        const variantsOf = groupBy<ExportedVariant>(variantRows);
        const imagesOf = groupBy<ExportedImage>(imageRows);
        yield rows.flatMap(({ product, categoryName, department, brandName }) => {
          // A product always has a variant (the database makes its grid); one without any still has its row.
          const variants = variantsOf.get(product.id) ?? [
            {
              productId: product.id,
              size: '',
              color: '',
              sku: '',
              stock: 0,
              priceKobo: null,
              lowStockThreshold: null,
            },
          ];
          const images = imagesOf.get(product.id) ?? [];
          // The Products tab's rule (core/catalog/product-grid.ts).
          const productStatus = stockNames[gridStockStatus(variants, product.stock, shopLevel)];
          return variants.map((variant) => {
            // The colour's own photo when one shows it, else the product's first.
            const image =
              (variant.color
                ? images.find((candidate) => candidate.colorName === variant.color)
                : undefined) ?? images[0];
            const largest = image ? Math.max(...image.widths) : 0;
            return [
              product.id,
              product.name,
              product.description,
              product.categoryId,
              brandName,
              csvNaira(product.priceKobo),
              csvNaira(product.originalPriceKobo),
              variant.size,
              variant.color,
              product.colors.find((color) => color.name === variant.color)?.hex ?? '',
              variant.sku,
              variant.stock,
              csvNaira(variant.priceKobo),
              image ? mediaUrl(image.key, largest) : '',
              product.isNew,
              product.isHot,
              product.freeShipping,
              categoryName,
              department ?? categoryName,
              stockNames[stockStatus(variant.stock)],
              csvNaira(variant.priceKobo ?? product.priceKobo),
              product.stock,
              productStatus,
              product.status,
              product.soldCount,
              product.ratingAverage,
              product.reviewCount,
              csvLagosTime(product.createdAt),
              csvLagosTime(product.updatedAt),
            ];
          });
        });
      }
    },
  };
}

function groupBy<Row extends { productId: number }>(rows: Row[]): Map<number, Row[]> {
  const byProduct = new Map<number, Row[]>();
  for (const row of rows) {
    const list = byProduct.get(row.productId);
    if (list) list.push(row);
    else byProduct.set(row.productId, [row]);
  }
  return byProduct;
}

function userSource(db: Db, filter: ExportFilter<'users'>): ExportSource {
  const where = filter.q ? userSearchCondition(filter.q) : undefined;
  return {
    header: [
      'ID',
      'Name',
      'Email',
      'Role',
      'Status',
      'Phone',
      'Address',
      'City',
      'State',
      'Country',
      'Joined',
      'Last sign-in',
    ],
    async *rows(batchSize) {
      // Never the password hash: only the columns a customer list needs.
      const read = (cursor: Cursor | null, limit: number) =>
        db
          .select({
            cursorAt: sql<string>`${users.createdAt}::text`,
            id: users.id,
            name: users.name,
            email: users.email,
            role: users.role,
            status: users.status,
            phone: users.phone,
            address: users.address,
            city: users.city,
            state: users.state,
            country: users.country,
            createdAt: users.createdAt,
            lastSignInAt: users.lastSignInAt,
          })
          .from(users)
          .where(and(where, after(users.createdAt, users.id, cursor, 'uuid')))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit);
      for await (const rows of batches(read, (row) => row.id, batchSize))
        yield rows.map((user) => [
          user.id,
          user.name,
          user.email,
          user.role,
          user.status,
          user.phone,
          user.address,
          user.city,
          user.state,
          user.country,
          csvLagosTime(user.createdAt),
          csvLagosTime(user.lastSignInAt),
        ]);
    },
  };
}

function transactionSource(db: Db, filter: ExportFilter<'transactions'>, now: Date): ExportSource {
  const where = transactionConditions(filter, now);
  return {
    header: [
      'ID',
      'Reference',
      'Order',
      'Provider',
      'Provider transaction ID',
      'Amount (NGN)',
      'Currency',
      'Status',
      'Payment type',
      'Customer',
      'Email',
      'Verified',
      'Verified at',
      'Message',
      'Created',
      'Mode',
      'Received (NGN)',
      'Shortfall accepted (NGN)',
      'Refund due (NGN)',
      'Refunded (NGN)',
    ],
    async *rows(batchSize) {
      const read = (cursor: Cursor | null, limit: number) =>
        db
          .select({
            cursorAt: sql<string>`${paymentTransactions.createdAt}::text`,
            transaction: paymentTransactions,
            orderNumber: orders.number,
            // Money given back from this payment: only what the provider (or the shop, by hand) completed.
            refundedKobo: sql<number>`(select coalesce(sum(${refunds.amountKobo}), 0)::int from ${refunds} where ${refunds.paymentTransactionId} = ${paymentTransactions.id} and ${refunds.status} = 'completed')`,
          })
          .from(paymentTransactions)
          .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
          .where(and(where, after(paymentTransactions.createdAt, paymentTransactions.id, cursor, 'int')))
          .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
          .limit(limit);
      for await (const rows of batches(read, (row) => row.transaction.id, batchSize))
        yield rows.map(({ transaction, orderNumber, refundedKobo }) => [
          transaction.id,
          transaction.txRef,
          orderNumber,
          transaction.provider,
          transaction.providerTransactionId,
          csvNaira(transaction.amountKobo),
          transaction.currency,
          transaction.status,
          transaction.paymentType,
          transaction.customerName,
          transaction.customerEmail,
          transaction.verified,
          csvLagosTime(transaction.verifiedAt),
          transaction.message,
          csvLagosTime(transaction.createdAt),
          transaction.testMoney ? 'TEST' : 'live',
          transaction.receivedKobo === null ? '' : csvNaira(transaction.receivedKobo),
          transaction.shortfallKobo === null ? '' : csvNaira(transaction.shortfallKobo),
          transaction.refundDueKobo === null ? '' : csvNaira(transaction.refundDueKobo),
          refundedKobo ? csvNaira(refundedKobo) : '',
        ]);
    },
  };
}

/**
 * The refunds list's filter: the chosen Lagos days (the last 30 unless dates are given), one state,
 * and an order number, reason, staff name or e-mail or provider reference containing `q`. Joins
 * orders and the staff member's account.
 */
export function refundConditions(filter: ExportFilter<'refunds'>, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const from = filter.from ?? (filter.to ? undefined : lagosDay(new Date(now.getTime() - 30 * 86_400_000)));
  if (from) conditions.push(gte(refunds.createdAt, lagosMidnight(from)));
  if (filter.to) conditions.push(lt(refunds.createdAt, lagosNextMidnight(filter.to)));
  if (filter.status) conditions.push(eq(refunds.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(
      or(
        ilike(orders.number, pattern),
        ilike(refunds.reason, pattern),
        ilike(refunds.createdByEmail, pattern),
        ilike(users.name, pattern),
        ilike(refunds.providerReference, pattern),
        ilike(orders.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

const refundPurposeNames = { order: 'Order', owed: 'Owed back' } as const;

function refundSource(db: Db, filter: ExportFilter<'refunds'>, now: Date): ExportSource {
  const where = refundConditions(filter, now);
  return {
    header: [
      'Refund ID',
      'Order',
      'Created',
      'Completed',
      'Amount (NGN)',
      'Delivery (NGN)',
      'Status',
      'What',
      'Lines',
      'Back in stock',
      'Reason',
      'Provider',
      'Provider reference',
      'Failure reason',
      'Return',
      'Staff',
      'Staff email',
      'Customer email',
      'Mode',
    ],
    async *rows(batchSize) {
      const read = (cursor: Cursor | null, limit: number) =>
        db
          .select({
            cursorAt: sql<string>`${refunds.createdAt}::text`,
            refund: refunds,
            orderNumber: orders.number,
            email: orders.email,
            orderIsTest: orders.isTest,
            returnNumber: orderReturns.number,
            staffName: users.name,
            // "2 × Ada dress (M), 1 × Linen shirt": the lines as they were bought.
            lines: sql<string>`(select coalesce(string_agg(${refundLines.quantity} || ' × ' || ${orderLines.name} || coalesce(' (' || ${orderLines.size} || ')', ''), ', ' order by ${refundLines.id}), '') from ${refundLines} join ${orderLines} on ${orderLines.id} = ${refundLines.orderLineId} where ${refundLines.refundId} = ${refunds.id})`,
          })
          .from(refunds)
          .innerJoin(orders, eq(orders.id, refunds.orderId))
          .leftJoin(orderReturns, eq(orderReturns.id, refunds.returnId))
          .leftJoin(users, eq(users.id, refunds.createdBy))
          .where(and(where, after(refunds.createdAt, refunds.id, cursor, 'int')))
          .orderBy(desc(refunds.createdAt), desc(refunds.id))
          .limit(limit);
      for await (const rows of batches(read, (row) => row.refund.id, batchSize))
        yield rows.map(({ refund, orderNumber, email, orderIsTest, returnNumber, staffName, lines }) => [
          refund.id,
          orderNumber,
          csvLagosTime(refund.createdAt),
          csvLagosTime(refund.completedAt),
          csvNaira(refund.amountKobo),
          csvNaira(refund.shippingKobo),
          refundStatusNames[refund.status],
          refundPurposeNames[refund.purpose],
          lines,
          refund.restock ? 'yes' : 'no',
          refund.reason,
          refund.provider,
          refund.providerReference,
          refund.failureReason,
          returnNumber,
          // The staff member by their name while their account is there; the e-mail kept otherwise.
          staffName || refund.createdByEmail,
          refund.createdByEmail,
          email,
          orderIsTest ? 'TEST' : 'live',
        ]);
    },
  };
}

export interface CsvExport {
  kind: ExportKind;
  /** 'rossy-orders-2026-11-21.csv' (the Lagos date). */
  filename: string;
  /** The filters applied, empty ones left out. */
  filter: Record<string, string>;
  /** The file, piece by piece: the BOM and the header, then one chunk per batch of rows. */
  chunks(): AsyncGenerator<string>;
}

const filterNames: Record<string, string> = {
  q: 'search',
  status: 'status',
  category: 'category',
  stock: 'stock',
  from: 'from',
  to: 'to',
};

function describeFilter(filter: Record<string, string>): string {
  const parts = Object.entries(filter).map(([name, value]) => `${filterNames[name] ?? name} "${value}"`);
  return parts.length ? parts.join(', ') : 'no filters';
}

/**
 * Starts a CSV export of a list with its filters. A bad filter is refused here, before any byte is
 * sent; the export is recorded in the audit log (it carries customers' personal data) with the
 * filters used. The rows are read in batches only as the returned chunks are consumed.
 */
export async function startCsvExport(
  db: Db,
  actor: AuditActor,
  kind: ExportKind,
  rawFilter: unknown,
  options: { now?: Date; batchSize?: number } = {},
): Promise<CsvExport> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  let source: ExportSource;
  let parsed: Record<string, string | undefined>;
  switch (kind) {
    case 'orders': {
      const filter = parseInput(exportFilterSchemas.orders, rawFilter);
      source = orderSource(db, filter);
      parsed = filter;
      break;
    }
    case 'products': {
      const filter = parseInput(exportFilterSchemas.products, rawFilter);
      source = productSource(db, filter);
      parsed = filter;
      break;
    }
    case 'users': {
      const filter = parseInput(exportFilterSchemas.users, rawFilter);
      source = userSource(db, filter);
      parsed = filter;
      break;
    }
    case 'transactions': {
      const filter = parseInput(exportFilterSchemas.transactions, rawFilter);
      source = transactionSource(db, filter, now);
      parsed = filter;
      break;
    }
    case 'refunds': {
      const filter = parseInput(exportFilterSchemas.refunds, rawFilter);
      source = refundSource(db, filter, now);
      parsed = filter;
      break;
    }
  }
  const filter = Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  await recordAdminAction(db, actor, {
    action: `export.${kind}`,
    entityType: 'export',
    entityId: kind,
    summary: `${exportLabels[kind]} exported as CSV (${describeFilter(filter)})`,
    before: null,
    after: filter,
  });
  return {
    kind,
    filename: `rossy-${kind}-${lagosToday(now)}.csv`,
    filter,
    async *chunks() {
      yield CSV_BOM + csvLine(source.header);
      for await (const rows of source.rows(batchSize)) yield rows.map(csvLine).join('');
    },
  };
}
