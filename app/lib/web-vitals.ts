import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { Metric } from 'web-vitals';
import {
  vitalConnections,
  vitalMaxValues,
  vitalMetrics,
  vitalTemplateOfRoute,
  type VitalConnection,
  type VitalDevice,
  type VitalMetric,
  type VitalsBeacon,
  type VitalTemplate,
} from '../../contracts/web-vitals';

/*
 * Real shoppers' Core Web Vitals (QUALITY.md). A share of page views, drawn once per page view in
 * the browser from the shop's setting, measure LCP, INP, CLS and TTFB with the web-vitals library
 * and send them once, when the page is hidden, to POST /api/vitals. The library loads when the
 * browser is idle after hydration: it adds nothing to the first load and never delays a paint (its
 * observers read the paints and shifts buffered before it came). What is sent names the page's
 * template, never its address, and no one: the template, the device class, the connection type
 * and the values. A page view is a document load: pages opened in the app afterwards add their
 * interactions and shifts to it, under the template the shopper landed on.
 */

const CONNECTIONS = new Set<string>(vitalConnections);

/** A performance mark set once a page view measures its vitals. */
export const VITALS_MEASURING_MARK = 'rossy:vitals-measuring';

/** Whether this document already decided (and perhaps started): once per page view, however often the root renders. */
let decided = false;

interface NavigatorHints {
  connection?: { effectiveType?: string };
  userAgentData?: { mobile?: boolean };
}

function connectionType(): VitalConnection {
  const type = (navigator as Navigator & NavigatorHints).connection?.effectiveType;
  return type && CONNECTIONS.has(type) ? (type as VitalConnection) : 'unknown';
}

/** A phone by its browser's word (Chrome's client hints) or, where it gives none, by a phone's width. */
function deviceClass(): VitalDevice {
  const mobile = (navigator as Navigator & NavigatorHints).userAgentData?.mobile;
  return mobile === true || window.innerWidth < 768 ? 'mobile' : 'desktop';
}

/** A value as sent: whole milliseconds, CLS to four decimals; out of range or not finite, left out. */
function sendable(metric: VitalMetric, value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0 || value > vitalMaxValues[metric]) return undefined;
  return metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
}

function send(beacon: VitalsBeacon): void {
  const body = JSON.stringify(beacon);
  try {
    if (navigator.sendBeacon?.('/api/vitals', new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a beacon they cannot queue: the fetch below still may.
  }
  void fetch('/api/vitals', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

async function measure(template: VitalTemplate): Promise<void> {
  const { onCLS, onINP, onLCP, onTTFB } = await import('web-vitals');
  const latest: Partial<Record<VitalMetric, number>> = {};
  const keep = (metric: Metric) => {
    if ((vitalMetrics as readonly string[]).includes(metric.name))
      latest[metric.name as VitalMetric] = metric.value;
  };
  // Every change is kept, so whatever the page holds when it is hidden is what is sent.
  onLCP(keep, { reportAllChanges: true });
  onINP(keep, { reportAllChanges: true });
  onCLS(keep, { reportAllChanges: true });
  onTTFB(keep);

  let sent = false;
  const flush = () => {
    if (sent) return;
    const metrics: VitalsBeacon['metrics'] = {};
    for (const metric of vitalMetrics) {
      const value = latest[metric];
      const kept = value === undefined ? undefined : sendable(metric, value);
      if (kept !== undefined) metrics[metric] = kept;
    }
    if (Object.keys(metrics).length === 0) return;
    sent = true;
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', flush);
    send({ template, device: deviceClass(), connection: connectionType(), metrics });
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  // Added after the library's own listeners: its last values arrive before these send them.
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);
  // Says in the page's own timeline that this view is measured (what the browser tests wait for).
  performance.mark(VITALS_MEASURING_MARK);
}

/**
 * Starts measuring this page view when the shop's sample draws it: `samplePercent` page views in a
 * hundred (the root loader's value). Call once, in the root.
 */
export function useWebVitals(samplePercent: number | undefined): void {
  const matches = useMatches();
  const routeId = matches.at(-1)?.id;
  useEffect(() => {
    if (decided) return;
    decided = true;
    // Shopping pages only: the admin area is not what shoppers wait for.
    if (routeId?.startsWith('routes/admin')) return;
    if (!samplePercent || Math.random() * 100 >= samplePercent) return;
    const template = vitalTemplateOfRoute(routeId);
    const start = () => void measure(template).catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(start, { timeout: 5_000 });
    else window.setTimeout(start, 1_500);
    // Only the page view's first render decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
