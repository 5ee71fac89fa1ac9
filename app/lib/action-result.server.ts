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
    return data<ActionFailure>(
      { ok: false, error: error.message || fallback, fields: error.fields ?? {} },
      { status: error.status },
    );
  }
  throw error;
}

/** Where to go after signing in: a same-site path only, never another site. */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback: string,
): string {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  )
    return fallback;
  return target;
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
