import { z } from 'zod';
import {
  returnReasonIds,
  returnResolutionIds,
  type ReturnReasonId,
  type ReturnResolutionId,
  type ReturnStatusId,
} from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import type { AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import type { PaymentDeps } from '../payments/payments';
import type { OrderDeps } from './order-deps';
import type { OrderViewer } from './read-orders';

/*
 * Returns and exchanges, in one place: a return's states, the moves between them, and what each
 * move records (the row, the order's timeline, the stock, the refund) and who is told.
 *
 *   requested ─approve─▶ approved ─receive─▶ received ─refund───▶ refunded ─close─▶ closed
 *       └─decline─▶ declined                     └─exchange─▶ exchanged ─close─▶ closed
 *
 * Every move is an update conditional on the status the return is leaving, so a double click or
 * two staff at once move it once.
 */

/** Every move: the states a return may leave by it, and the state it reaches. */
export const returnMoves = {
  approve: { from: ['requested'], to: 'approved' },
  decline: { from: ['requested'], to: 'declined' },
  receive: { from: ['approved'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  exchange: { from: ['received'], to: 'exchanged' },
  close: { from: ['refunded', 'exchanged'], to: 'closed' },
} as const satisfies Record<string, { from: readonly ReturnStatusId[]; to: ReturnStatusId }>;

export type ReturnMove = keyof typeof returnMoves;
export const returnMoveIds = Object.keys(returnMoves) as ReturnMove[];

export function canMoveReturn(status: ReturnStatusId, move: ReturnMove): boolean {
  return (returnMoves[move].from as readonly ReturnStatusId[]).includes(status);
}

/** The piece a shopper wants instead of the one she sends back: the same product, another size or colour. */
const exchangeChoiceSchema = z.object({
  productId: z.number().int().positive(),
  selectedSize: z.string().trim().max(20).nullish(),
  selectedColor: z.string().trim().max(40).nullish(),
});

const returnItemSchema = z.object({
  productId: z.number().int().positive(),
  selectedSize: z.string().trim().max(20).nullish(),
  selectedColor: z.string().trim().max(40).nullish(),
  quantity: z.number().int().min(1).max(99),
  reason: z.enum(returnReasonIds),
  /** Required with 'other'. */
  reasonText: z.string().trim().max(500).optional(),
});

/**
 * POST /api/orders/{id}/returns. With an exchange, `exchangeFor` names the piece wanted for each
 * item, in the same order as `items`.
 */
export const returnRequestSchema = z.object({
  key: z.string().trim().max(200).optional(),
  items: z.array(returnItemSchema).min(1).max(50),
  resolution: z.enum(returnResolutionIds),
  exchangeFor: z.array(exchangeChoiceSchema).max(50).optional(),
  note: z.string().trim().max(1000).optional(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The body of each staff move. */
export const returnMoveSchemas = {
  approve: z.object({ instructions: z.string().trim().max(1000).optional() }),
  decline: z.object({ reason: z.string().trim().min(1, 'Say why the return is declined').max(1000) }),
  /** Whether the units go back on sale: one answer for all, or per return item (id → restock). */
  receive: z.object({
    restock: z.union([z.boolean(), z.record(z.string().regex(/^\d+$/), z.boolean())]),
  }),
  refund: z.object({}),
  exchange: z.object({
    carrier: z.string().trim().min(1, 'Required').max(60),
    trackingNumber: z.string().trim().min(1, 'Required').max(60),
  }),
  close: z.object({}),
} as const satisfies Record<ReturnMove, z.ZodType>;

export interface ReturnItemView {
  id: number;
  orderLineId: number;
  productId: number | null;
  name: string;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPriceKobo: number;
  reason: ReturnReasonId;
  reasonLabel: string;
  reasonText: string;
  /** The exchange's piece: the variant sent instead. */
  exchangeFor: { variantId: number; size: string; color: string; priceKobo: number } | null;
  exchangeReserved: boolean;
  /** Set once received: whether the units went back on sale. */
  restocked: boolean | null;
}

/** A return as the shopper reads it. */
export interface ReturnView {
  id: number;
  number: string;
  orderNumber: string;
  status: ReturnStatusId;
  statusLabel: string;
  resolution: ReturnResolutionId;
  resolutionLabel: string;
  note: string;
  /** Staff's instructions for sending the parcel back (once approved). */
  instructions: string;
  declineReason: string | null;
  exchangeCarrier: string | null;
  exchangeTrackingNumber: string | null;
  items: ReturnItemView[];
  /** What the returned units cost her (a refund gives this back; an exchange's cheaper piece, the difference). */
  itemsKobo: number;
  /** Money back this return will give or gave: the units' price (refund), or the exchange's difference. */
  refundKobo: number;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  receivedAt: string | null;
  closedAt: string | null;
}

/** A return as staff read it: who asked, and the moves open to them now. */
export interface AdminReturnView extends ReturnView {
  customerName: string;
  email: string;
  orderStatus: string;
  paymentStatus: string;
  /** Who made the last move (e-mail), when staff did. */
  handledBy: string | null;
  moves: ReturnMove[];
  /** Its order's timeline entries about returns are on the order; these are its refunds' states. */
  refunds: { id: number; amountKobo: number; status: string; createdAt: string }[];
}

export interface AdminReturnFilter {
  status?: string | undefined;
  q?: string | undefined;
}

/** Each line of an order as the return form shows it. */
export interface ReturnableLine {
  orderLineId: number;
  productId: number | null;
  name: string;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
  unitPriceKobo: number;
  bought: number;
  /** Bought less what is in returns not declined. */
  returnable: number;
  /** The product's other sizes and colours in stock, for an exchange. */
  exchangeOptions: { variantId: number; size: string; color: string; stock: number; priceKobo: number }[];
}

export interface Returnable {
  orderNumber: string;
  deliveredAt: string | null;
  /** The last moment a return may be asked (ISO), once delivered. */
  windowEndsAt: string | null;
  windowOpen: boolean;
  /** Why no return can be asked now, in the shopper's words; null when one can. */
  closedReason: string | null;
  returnsDays: number;
  lines: ReturnableLine[];
}

/** What the return operations need: the database, mail, and (for a refund) the payment provider. */
export type ReturnDeps = Pick<OrderDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'>;
export type ReturnMoveDeps = PaymentDeps;

export interface ReturnOptions {
  now?: Date;
}

/**
 * A shopper asks to return lines of a delivered order within the window. The same request again
 * (while the first is still requested) answers the first: `created` false.
 */
export async function requestReturn(
  deps: ReturnDeps,
  orderNumber: string,
  raw: unknown,
  viewer: OrderViewer,
  options: ReturnOptions = {},
): Promise<{ created: boolean; view: ReturnView }> {
  void deps;
  void orderNumber;
  void raw;
  void viewer;
  void options;
  throw new AppError('UNAVAILABLE', 'Returns are not open yet.');
}

/** The returns of an order, for whoever may see the order. */
export async function listOrderReturns(
  db: DbOrTx,
  orderNumber: string,
  viewer: OrderViewer,
): Promise<ReturnView[]> {
  void db;
  void orderNumber;
  void viewer;
  return [];
}

/** What of an order can be returned now: per line, and the window. */
export async function returnableLines(
  db: DbOrTx,
  orderNumber: string,
  viewer: OrderViewer,
  now: Date = new Date(),
): Promise<Returnable> {
  void db;
  void orderNumber;
  void viewer;
  void now;
  throw new AppError('UNAVAILABLE', 'Returns are not open yet.');
}

export async function listReturnsForAdmin(db: DbOrTx, filter: AdminReturnFilter = {}): Promise<AdminReturnView[]> {
  void db;
  void filter;
  return [];
}

/** One return by its id or its number ('RET-10001'). */
export async function getReturnForAdmin(db: DbOrTx, id: number | string): Promise<AdminReturnView> {
  void db;
  void id;
  throw new AppError('NOT_FOUND', 'Return not found');
}

/** Staff move a return one step; the body is the move's (returnMoveSchemas). */
export async function moveReturn(
  deps: ReturnMoveDeps,
  id: number | string,
  move: ReturnMove,
  raw: unknown,
  actor: AuditActor & { id: string },
  options: ReturnOptions = {},
): Promise<AdminReturnView> {
  void deps;
  void id;
  void move;
  void raw;
  void actor;
  void options;
  throw new AppError('UNAVAILABLE', 'Returns are not open yet.');
}
