import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import type { RateLimiter } from '../rate-limits';
import type { TokenSigner } from './session-tokens';

/** What account operations need, handed in by the host (REST and pages alike). */
export interface AccountDeps {
  db: Db;
  tokens: TokenSigner;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** Seals second-factor secrets (core/accounts/secret-box.ts). */
  shopKey: string;
  /** Told about an account e-mail that could not be written (sent after the answer). */
  onMailError?: (error: unknown) => void;
}
