export interface RateLimitRule {
  /** A short name for the counter: 'login-ip', 'login-account'. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt against `rule` for `key`; throws a RATE_LIMITED AppError once the limit is passed. */
  hit(rule: RateLimitRule, key: string): Promise<void>;
  /** Throws the same error if `key` has already used up `rule`'s limit, without counting anything. */
  check(rule: RateLimitRule, key: string): Promise<void>;
}

/** Who is asking: the address limits are counted by, and the browser a session is labelled with. */
export interface ClientInfo {
  ip: string;
  userAgent?: string | undefined;
}

const MINUTE = 60_000;

/**
 * Limits aimed at abuse, not at shopping: many Nigerian mobile users share one carrier-NAT address,
 * so per-address limits are generous and per-account limits are tight.
 */
export const accountRateLimits = {
  signInByIp: { name: 'login-ip', limit: 60, windowMs: 15 * MINUTE },
  signInByAccount: { name: 'login-account', limit: 10, windowMs: 15 * MINUTE },
  signUpByIp: { name: 'signup-ip', limit: 30, windowMs: 60 * MINUTE },
  forgotByIp: { name: 'forgot-ip', limit: 20, windowMs: 60 * MINUTE },
  forgotByAccount: { name: 'forgot-account', limit: 5, windowMs: 60 * MINUTE },
  resetByIp: { name: 'reset-ip', limit: 30, windowMs: 60 * MINUTE },
  /** Wrong second-factor codes: a 6-digit code must not be found by trying them in turn. */
  twoFactorByIp: { name: 'two-factor-ip', limit: 30, windowMs: 15 * MINUTE },
  twoFactorByAccount: { name: 'two-factor-account', limit: 10, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;
