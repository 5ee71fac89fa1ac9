// Kept free of zod: the browser imports these.

export const checkoutCountries = ['Nigeria', 'USA', 'CAN', 'UK', 'AUS', 'GER', 'FRA'] as const;

export const FORGOT_PASSWORD_MESSAGE = 'If an account with that email exists, a reset link has been sent.';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
/** SPEC's answer to a refused sign-in: the same for a wrong password, an unknown address and an unconfirmed sign-up. */
export const SIGN_IN_FAILED = 'Failed to sign in. Please check your credentials.';
/**
 * Said under every refused sign-in alike (decision 0014: it must not tell whether the account exists): an
 * account whose sign-up is still unconfirmed gets its link again with the right password, at most every 10 minutes.
 */
export const SIGN_IN_CONFIRMATION_NOTE =
  'Just signed up? Your account opens once you confirm your e-mail address. If it is still waiting and your password was right, we have e-mailed you the confirmation link again (at most once every 10 minutes).';
