/** The Settings tab's words, and the Lagos-time helpers its date fields use (contracts/lagos-time.ts). */
export const settingsMessages = {
  saved: 'Settings saved successfully!',
  invalid: 'Settings were not saved. Please correct the fields marked below; what you typed is kept.',
} as const;

/** Settings → Locations: each location saves on its own. */
export const locationMessages = {
  added: (name: string) => `${name} added.`,
  saved: (name: string) => `${name} saved.`,
  invalid: 'The location was not saved. Please correct the field marked above; what you typed is kept.',
  position: (min: number, max: number) => `Enter a whole number from ${min} to ${max}`,
} as const;

export { fromLagosInput, toLagosInput } from '../../../contracts/lagos-time';
