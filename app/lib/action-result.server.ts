import { data } from 'react-router';
import { isAppError, type FieldErrors } from '../../core/errors';

export interface ActionFailure {
  ok: false;
  error: string;
  fields: FieldErrors;
}

/**
 * Turns a domain error into what a form shows (message and per-field errors) with the matching
 * status; anything else is rethrown for the error boundary.
 */
export function formFailure(error: unknown, fallback: string) {
  if (isAppError(error)) {
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return data<ActionFailure>(
      { ok: false, error: error.message || fallback, fields: error.fields ?? {} },
      {
        status: error.status,
        ...(typeof retryAfter === 'number' && retryAfter > 0
          ? { headers: { 'Retry-After': String(Math.ceil(retryAfter)) } }
          : {}),
      },
    );
  }
  throw error;
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
