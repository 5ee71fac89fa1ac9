/** The Settings tab's words, and the Lagos-time helpers its date fields use (contracts/lagos-time.ts). */
export const settingsMessages = {
  saved: 'Settings saved successfully!',
  invalid: 'Settings were not saved. Please correct the fields marked below; what you typed is kept.',
} as const;

export { fromLagosInput, toLagosInput } from '../../../contracts/lagos-time';
