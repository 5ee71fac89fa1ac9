import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  vitalDevices,
  vitalMetrics,
  vitalRatings,
  vitalTemplates,
  vitalThresholds,
} from '../../../contracts/web-vitals';
import { vitalsReport, type VitalsReport } from '../../../core/reports/vitals';
import { getShopSettings } from '../../../core/settings/shop-settings';
import { errorResponses, errorSchema } from '../schemas';

const percentileDto = z
  .object({
    p75: z.number().describe('The 75th percentile: milliseconds, CLS a score'),
    rating: z.enum(vitalRatings),
    samples: z.number().int(),
  })
  .nullable()
  .describe('null: not measured');

const rowDto = z.object({
  template: z.enum(vitalTemplates),
  pageViews: z.number().int().describe('Page views measured'),
  LCP: percentileDto,
  INP: percentileDto,
  CLS: percentileDto,
  TTFB: percentileDto,
});

const windowDto = z.object({
  days: z.number().int(),
  from: z.string().describe('yyyy-mm-dd, Lagos time'),
  to: z.string().describe('yyyy-mm-dd, Lagos time'),
  mobile: z.array(rowDto),
  desktop: z.array(rowDto),
});

export const vitalsReportDto = z.object({
  samplePercent: z.number().int().describe('Page views in a hundred that send their vitals'),
  measured: z.boolean(),
  thresholds: z.record(z.enum(vitalMetrics), z.object({ good: z.number(), poor: z.number() })),
  windows: z.array(windowDto),
});

function toDto(report: VitalsReport, samplePercent: number): z.infer<typeof vitalsReportDto> {
  return {
    samplePercent,
    measured: report.measured,
    thresholds: vitalThresholds,
    windows: report.windows.map((window) => ({
      ...window,
      ...Object.fromEntries(
        vitalDevices.map((device) => [
          device,
          report.rows[`${window.days}`][device].map(({ template, pageViews, metrics }) => ({
            template,
            pageViews,
            ...Object.fromEntries(
              vitalMetrics.map((metric) => {
                const measured = metrics[metric];
                return [
                  metric,
                  measured
                    ? { p75: measured.value, rating: measured.rating, samples: measured.samples }
                    : null,
                ];
              }),
            ),
          })),
        ]),
      ),
    })) as z.infer<typeof vitalsReportDto>['windows'],
  };
}

/** /api/admin/reports/vitals: real shoppers' Core Web Vitals, for those who read the reports. */
export const adminVitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports/vitals',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Real shoppers' Core Web Vitals: the 75th percentile of LCP, INP, CLS and TTFB per page template, mobile and desktop apart, over the last 7 and 28 Lagos days",
        description:
          "Each with Google's rating (good up to `good`, poor above `poor`) and the page views measured. Templates with nothing measured are left out.",
        response: { 200: vitalsReportDto, ...errorResponses, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const [report, settings] = await Promise.all([vitalsReport(app.db), getShopSettings(app.db)]);
      return toDto(report, settings.vitalsSamplePercent);
    },
  );
};
