import { z } from 'zod';
import {
  vitalConnections,
  vitalDevices,
  vitalMaxValues,
  vitalMetrics,
  vitalTemplates,
  type VitalMetric,
  type VitalsBeacon,
} from './web-vitals';

/* The server's checks of what browsers send and of the owner's sample setting (the browser never loads these). */

const vitalValue = (metric: VitalMetric) =>
  z
    .number(`${metric}: a number`)
    .min(0, `${metric}: 0 or more`)
    .max(vitalMaxValues[metric], `${metric}: at most ${vitalMaxValues[metric]}`)
    .optional();

/** A beacon as the server reads it: anything beyond `VitalsBeacon` is refused. */
export const vitalsBeaconSchema = z
  .strictObject({
    template: z.enum(vitalTemplates, `template: one of ${vitalTemplates.join(', ')}`),
    device: z.enum(vitalDevices, `device: one of ${vitalDevices.join(', ')}`),
    connection: z.enum(vitalConnections, `connection: one of ${vitalConnections.join(', ')}`),
    metrics: z.strictObject(
      {
        LCP: vitalValue('LCP'),
        INP: vitalValue('INP'),
        CLS: vitalValue('CLS'),
        TTFB: vitalValue('TTFB'),
      },
      `metrics: an object of at most ${vitalMetrics.join(', ')}`,
    ),
  })
  // The largest paint comes after the first byte of the page it paints: a beacon saying otherwise was not measured.
  .refine(
    ({ metrics }) => metrics.LCP === undefined || metrics.TTFB === undefined || metrics.TTFB <= metrics.LCP,
    { message: 'metrics: TTFB cannot come after LCP', path: ['metrics', 'TTFB'] },
  );
// The schema reads exactly the beacon the browser builds.
const sameShape: z.ZodType<VitalsBeacon> = vitalsBeaconSchema;
void sameShape;

/** How many page views in a hundred send their vitals (Reports → Speed for real shoppers). */
export const vitalsSamplePercentSchema = z
  .number('Enter a number')
  .int('Enter a whole number')
  .min(0, 'Enter 0 to 100 percent')
  .max(100, 'Enter 0 to 100 percent');
