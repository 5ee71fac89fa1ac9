// Kept free of zod: the browser imports these.

export const checkoutCountries = ['Nigeria', 'USA', 'CAN', 'UK', 'AUS', 'GER', 'FRA'] as const;

export const FORGOT_PASSWORD_MESSAGE = 'If an account with that email exists, a reset link has been sent.';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';
