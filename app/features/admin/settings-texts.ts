/** The Settings tab's words and its Lagos-time helpers (Lagos is UTC+01:00 all year). */
export const settingsMessages = {
  saved: 'Settings saved successfully!',
  invalid: 'Settings were not saved. Please correct the fields marked below; what you typed is kept.',
} as const;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** '2026-12-24T18:00' (Lagos wall time, as a datetime-local input shows it) from an ISO time. */
export function toLagosInput(iso: string): string {
  return new Date(new Date(iso).getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

/** An ISO time with Lagos's offset from a datetime-local value; null when it is not one. */
export function fromLagosInput(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value);
  if (!match) return null;
  const iso = `${match[1]}${match[2] ?? ':00'}+01:00`;
  return Number.isNaN(new Date(iso).getTime()) ? null : iso;
}
