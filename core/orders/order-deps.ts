import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limits';
import type { PaymentSetup } from './payment-methods';

/** What order operations need, handed in by the host (REST and pages alike). */
export interface OrderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** Seals and proves pickup codes (core/orders/pickup-code.ts): the same key that seals second factors. */
  shopKey: string;
  onMailError?: (error: unknown) => void;
  /** Told of each order placed (not of a replayed one): the shop's metrics count them. */
  onPlaced?: (order: { paymentMethod: string }) => void;
  /** What the shop's payment keys allow; unset, TEST MODE's. */
  paymentSetup?: PaymentSetup;
}
