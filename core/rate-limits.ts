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
  /** Takes back one attempt counted by `hit` (a right answer to a secret counts nothing). */
  forgive?(rule: RateLimitRule, key: string): Promise<void>;
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

/**
 * Every place that checks a secret someone types (a password, a second-factor or recovery code, a
 * pickup code, an invitation or a payment link's token, a gift card's code) counts its wrong answers
 * here, per subject (the account, the order, the card) and per address (checkSecret). A right answer
 * counts nothing; once a limit is reached the check is not even made, so a limit cannot be used as an
 * oracle.
 * `tests/security/secret-limits.test.ts` walks this table.
 */
export const secretKinds = [
  'password',
  'second-factor',
  'pickup-code',
  'invitation',
  'gift-card-code',
  'payment-link',
] as const;
export type SecretKind = (typeof secretKinds)[number];

export const secretRateLimits: Record<SecretKind, { bySubject: RateLimitRule; byIp: RateLimitRule }> = {
  /** A signed-in check of the account's own password (turning two-step sign-in off, changing the password). */
  password: {
    bySubject: { name: 'secret-password', limit: 10, windowMs: 15 * MINUTE },
    byIp: { name: 'secret-password-ip', limit: 60, windowMs: 15 * MINUTE },
  },
  /** A 6-digit code or a recovery code, signed in; signing in has its own (accountRateLimits.twoFactor*). */
  'second-factor': {
    bySubject: { name: 'secret-second-factor', limit: 5, windowMs: 15 * MINUTE },
    byIp: { name: 'secret-second-factor-ip', limit: 30, windowMs: 15 * MINUTE },
  },
  /** The code a shopper shows to collect an order, per order: enough for staff mistyping it. */
  'pickup-code': {
    bySubject: { name: 'pickup-code', limit: 10, windowMs: 60 * MINUTE },
    byIp: { name: 'pickup-code-ip', limit: 60, windowMs: 60 * MINUTE },
  },
  /** A staff invitation's token: unknown tokens are counted per address (the subject is the token's hash). */
  invitation: {
    bySubject: { name: 'secret-invitation', limit: 10, windowMs: 60 * MINUTE },
    byIp: { name: 'secret-invitation-ip', limit: 30, windowMs: 60 * MINUTE },
  },
  'gift-card-code': {
    bySubject: { name: 'secret-gift-card', limit: 10, windowMs: 60 * MINUTE },
    byIp: { name: 'secret-gift-card-ip', limit: 30, windowMs: 60 * MINUTE },
  },
  'payment-link': {
    bySubject: { name: 'secret-payment-link', limit: 10, windowMs: 60 * MINUTE },
    byIp: { name: 'secret-payment-link-ip', limit: 60, windowMs: 60 * MINUTE },
  },
};

/**
 * Checks a secret under its kind's limits. The attempt is counted before `verify` runs, per address
 * and per subject, and taken back when the answer is right: many answers sent at once each take a
 * place first, so no more than the limit are ever checked. Past the limit it is refused with
 * RATE_LIMITED (429) and `verify` does not run. Returns what `verify` said.
 */
export async function checkSecret(
  limiter: RateLimiter,
  kind: SecretKind,
  who: { subject: string; ip: string },
  verify: () => boolean | Promise<boolean>,
): Promise<boolean> {
  const rules = secretRateLimits[kind];
  await limiter.hit(rules.byIp, who.ip);
  try {
    await limiter.hit(rules.bySubject, who.subject);
  } catch (error) {
    await limiter.forgive?.(rules.byIp, who.ip);
    throw error;
  }
  const right = await verify();
  if (right) {
    await limiter.forgive?.(rules.byIp, who.ip);
    await limiter.forgive?.(rules.bySubject, who.subject);
  }
  return right;
}
