import { z } from 'zod';
import { TRACKING_PLACEHOLDER, trackingPatternProblem } from '../../contracts/tracking-links';

/**
 * A carrier the shop sends parcels with: staff pick it when they ship, and its pattern turns the
 * tracking number into the shopper's link (`{tracking}` marks the number's place). An empty pattern
 * is a carrier with no tracking page, such as the shop's own rider.
 */
export const carrierSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'Use 2 to 31 lowercase letters, digits or dashes'),
  name: z
    .string('Enter some text')
    .trim()
    .min(1, 'Name the carrier')
    .max(40, 'The carrier name can be at most 40 characters'),
  trackingUrl: z
    .string('Enter a web address, or leave it empty')
    .trim()
    .max(300, 'The tracking link can be at most 300 characters')
    // The two rules the API document can state; the rest (a real address, the number never
    // choosing the site) are checked below.
    .regex(/^$|^https:\/\//i, 'Use an https:// address')
    .regex(/^$|\{tracking\}/, `Put ${TRACKING_PLACEHOLDER} where the tracking number goes`)
    .superRefine((pattern, context) => {
      const problem = trackingPatternProblem(pattern);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const carriersSchema = z
  .array(carrierSchema)
  .max(20, 'At most 20 carriers')
  .superRefine((carriers, context) => {
    const seen = new Set<string>();
    carriers.forEach((carrier, index) => {
      if (seen.has(carrier.id))
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'Each carrier needs its own id.' });
      seen.add(carrier.id);
    });
  });

/** The carriers a Lagos shop starts with; the owner edits the list and its links in the settings. */
export const defaultCarriers: Carrier[] = [
  { id: 'gig', name: 'GIG Logistics', trackingUrl: 'https://giglogistics.com/track?waybill={tracking}' },
  {
    id: 'dhl',
    name: 'DHL',
    trackingUrl: 'https://www.dhl.com/ng-en/home/tracking.html?tracking-id={tracking}&submit=1',
  },
  { id: 'kwik', name: 'Kwik', trackingUrl: 'https://kwik.delivery/track/{tracking}' },
  { id: 'own-rider', name: 'Our own rider', trackingUrl: '' },
];

/**
 * The carrier staff named when shipping: by its id or its name (any case). Null for a name that is
 * not in the list: the parcel still ships under that name, without a link.
 */
export function findCarrier(carriers: readonly Carrier[], named: string): Carrier | null {
  const wanted = named.trim().toLowerCase();
  return carriers.find((carrier) => carrier.id === wanted || carrier.name.toLowerCase() === wanted) ?? null;
}
