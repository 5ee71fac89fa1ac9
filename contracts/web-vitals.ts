/*
 * Real shoppers' Core Web Vitals: what a browser measures and sends (POST /api/vitals), and how the
 * owner's report reads it. Nothing here names a person: a beacon carries the page's template (never
 * its address), the connection's type, the device class and the values. Browser-safe.
 */

/** Page templates, from the route a page view landed on (`vitalTemplateOfRoute`). */
export const vitalTemplates = [
  'home',
  'listing',
  'product',
  'category',
  'sale',
  'search',
  'checkout',
  'blog',
  'other',
] as const;
export type VitalTemplate = (typeof vitalTemplates)[number];

export const vitalTemplateNames: Record<VitalTemplate, string> = {
  home: 'Home',
  listing: 'All products',
  product: 'Product',
  category: 'Category',
  sale: 'Sale',
  search: 'Search',
  checkout: 'Checkout',
  blog: 'Journal',
  other: 'Other pages',
};

/** The route ids (app/routes.ts) of each template; any other page is 'other'. */
export const vitalTemplateRoutes: Record<string, VitalTemplate> = {
  'routes/home': 'home',
  'routes/products': 'listing',
  'routes/product': 'product',
  'routes/categories': 'category',
  'routes/category': 'category',
  'routes/sale': 'sale',
  'routes/search': 'search',
  'routes/checkout': 'checkout',
  'routes/blog': 'blog',
  'routes/blog-post': 'blog',
  'routes/blog-category': 'blog',
  'routes/blog-tag': 'blog',
};

/** The template of the deepest route a page view matched: 'routes/product' → 'product'. */
export function vitalTemplateOfRoute(routeId: string | undefined): VitalTemplate {
  return (routeId && Object.hasOwn(vitalTemplateRoutes, routeId) && vitalTemplateRoutes[routeId]) || 'other';
}

export const vitalMetrics = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof vitalMetrics)[number];

export const vitalMetricNames: Record<VitalMetric, string> = {
  LCP: 'Largest contentful paint',
  INP: 'Interaction to next paint',
  CLS: 'Cumulative layout shift',
  TTFB: 'Time to first byte',
};

export const vitalDevices = ['mobile', 'desktop'] as const;
export type VitalDevice = (typeof vitalDevices)[number];

/** `navigator.connection.effectiveType`, or 'unknown' where the browser does not say (Safari, Firefox). */
export const vitalConnections = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type VitalConnection = (typeof vitalConnections)[number];

/**
 * Google's thresholds (web.dev/vitals): a value up to `good` is good, above `poor` is poor, and
 * between the two needs improvement. Milliseconds, except CLS (a score).
 */
export const vitalThresholds: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * The largest value a beacon may carry per metric: anything above is a broken measurement (or a made-up
 * one), not a slow page. A layout shift scores at most 1 a frame, and a page whose shifts sum past 10
 * in one five-second window has no layout left to shift.
 */
export const vitalMaxValues: Record<VitalMetric, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 10,
  TTFB: 120_000,
};

export const vitalRatings = ['good', 'needs-improvement', 'poor'] as const;
export type VitalRating = (typeof vitalRatings)[number];

export const vitalRatingNames: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

export function vitalRating(metric: VitalMetric, value: number): VitalRating {
  const { good, poor } = vitalThresholds[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** A beacon's body may be at most this many bytes; a bigger one is refused unread (413). */
export const VITALS_BODY_LIMIT = 2048;

/**
 * What a page view sends once: its template, device, connection, and each metric it measured at
 * most once, by name (ms; CLS a score). The server checks it with `vitalsBeaconSchema`.
 */
export interface VitalsBeacon {
  template: VitalTemplate;
  device: VitalDevice;
  connection: VitalConnection;
  metrics: Partial<Record<VitalMetric, number>>;
}
