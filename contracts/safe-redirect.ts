/**
 * The one rule for every "where to go next" value (`redirectTo`): a path on this shop, or else the
 * fallback. Checked on the value as given and on every decoded layer of it, so an encoded trick
 * (`/%09/evil.test`, `/%2F/evil.test`, `/%5Cevil.test`) is refused like the plain one.
 */
const BASE = 'http://rossy.invalid';
const MAX_LENGTH = 2000;
/** Control characters (C0, DEL, C1), any whitespace (tabs, newlines, no-break and line separators) and backslashes. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\s\\\u200b-\u200f\u2028\u2029\ufeff]/u;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** One decoded layer: its path must be a plain same-site path; its query may hold encoded spaces, never control characters. */
function unsafeLayer(value: string): boolean {
  const path = value.split(/[?#]/, 1)[0] ?? '';
  return !path.startsWith('/') || path.startsWith('//') || UNSAFE.test(path) || CONTROL.test(value);
}

export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > MAX_LENGTH) return fallback;
  if (UNSAFE.test(target)) return fallback;
  let layer = target;
  for (let depth = 0; depth < 4; depth++) {
    if (unsafeLayer(layer)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return fallback;
    }
    if (decoded === layer) break;
    layer = decoded;
    if (depth === 3) return fallback;
  }
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can fold into a scheme-relative path (`/a/..//evil.test` → `//evil.test`).
  if (unsafeLayer(path)) return fallback;
  return path;
}
