import { longDay } from '../../../contracts/figures';

/** When the shop's policy texts last changed; shown on the pages and bumped with any change to their wording. */
export const TERMS_UPDATED = '2026-11-21';
export const PRIVACY_UPDATED = '2026-11-21';

export function policyDate(isoDay: string): string {
  return longDay(isoDay);
}
