export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A one-use link that was used, withdrawn or has expired. */
  GONE: 410,
  OUT_OF_STOCK: 409,
  /** The order's total is not the one the shopper saw: nothing placed, the new quote answered. */
  TOTAL_CHANGED: 409,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Field name → what is wrong with it, for forms and API clients alike. */
export type FieldErrors = Record<string, string>;

/**
 * A process-wide brand: the server and the page build each bundle their own copy of this class, so
 * `instanceof AppError` fails across them (a page action's rate limit became a 500). `isAppError`
 * reads the brand instead, and works whichever copy threw.
 */
const APP_ERROR_BRAND = Symbol.for('rossy.AppError');

/** The one error type the domain throws; the HTTP edge turns `code` into a status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly [APP_ERROR_BRAND] = true;

  constructor(code: ErrorCode, message: string, fields?: FieldErrors) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** True for an AppError from any bundle (server or page build); use it instead of `instanceof`. */
export function isAppError(error: unknown): error is AppError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<symbol, unknown>)[APP_ERROR_BRAND] === true &&
    typeof (error as { code?: unknown }).code === 'string' &&
    (error as { code: string }).code in errorStatus
  );
}
