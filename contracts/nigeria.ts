// Kept free of zod: the browser imports these for the checkout and profile forms.

/** The 36 states and the Federal Capital Territory, as a Nigerian address names them. */
export const nigerianStates = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'FCT',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export type NigerianState = (typeof nigerianStates)[number];

/** What the state picker shows: the territory by its full name, with its city. */
export function nigerianStateLabel(state: NigerianState): string {
  return state === 'FCT' ? 'Federal Capital Territory (Abuja)' : state;
}

const simplify = (text: string) =>
  text
    .toLowerCase()
    .replace(/\bstate\b/g, '')
    .replace(/[^a-z]/g, '');

const stateByKey = new Map<string, NigerianState>([
  ...nigerianStates.map((state) => [simplify(state), state] as const),
  ['abuja', 'FCT'],
  ['federalcapitalterritory', 'FCT'],
  ['federalcapitalterritoryabuja', 'FCT'],
  ['nassarawa', 'Nasarawa'],
]);

/**
 * The state a Nigerian address names, however it was typed ('lagos', 'Lagos State', 'Abuja'),
 * or null when it names none of them.
 */
export function nigerianStateOf(text: string): NigerianState | null {
  return stateByKey.get(simplify(text)) ?? null;
}

/**
 * A Nigerian phone number in the one form the shop keeps, +234 and the national number
 * (+2348031234567), from the ways shoppers write it: 08031234567, 0803 123 4567, +234 803 123 4567,
 * 234-803-123-4567, +234 (0) 803 123 4567. Null when it is not a Nigerian number: a mobile has ten
 * digits after the 0 and starts 70, 80, 81, 90 or 91; a fixed line has eight (01 271 0000).
 */
export function nigerianPhoneOf(text: string): string | null {
  const digits = text.trim().replace(/[\s().-]/g, '');
  const national = /^(?:\+?234)?0?(\d{8}|\d{10})$/.exec(digits)?.[1];
  if (!national) return null;
  const mobile = /^[789][01]/.test(national);
  if (national.length === 10 ? !mobile : mobile || !/^(?:\+?234|0)/.test(digits)) return null;
  return `+234${national}`;
}

/** How the shop shows a number it keeps: +234 803 123 4567. */
export function formatNigerianPhone(phone: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : phone;
}
