import { useState } from 'react';
import { useFetcher } from 'react-router';
import {
  vitalDevices,
  vitalMetricNames,
  vitalMetrics,
  vitalRatingNames,
  vitalTemplateNames,
  vitalThresholds,
  type VitalDevice,
  type VitalMetric,
  type VitalRating,
} from '../../../contracts/web-vitals';
import type { VitalsReport, VitalsWindow } from '../../../core/reports/vitals';
import type { VitalPercentile } from '../../../core/vitals/histogram';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice, labelClasses } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import { EmptyNote, formatCount, formatDay, ReportCard } from './report-cards';

/*
 * Reports → Speed for real shoppers: Search Console's Core Web Vitals report for this shop, from
 * the vitals shoppers' own browsers sent (core/reports/vitals.ts). The 75th percentile of
 * each vital per page template, each rated in colour and in words, phones and computers apart,
 * over the last 7 or 28 days; and the share of page views measured, set right here.
 */

const deviceNames: Record<VitalDevice, string> = { mobile: 'Phones', desktop: 'Computers' };

const ratingStyles: Record<VitalRating, { badge: string; dot: string }> = {
  good: { badge: 'border-success/30 bg-success/10 text-success', dot: 'bg-success' },
  'needs-improvement': { badge: 'border-warning/30 bg-warning/10 text-warning', dot: 'bg-warning' },
  poor: { badge: 'border-sale/30 bg-sale/5 text-sale', dot: 'bg-sale' },
};

/** 2.41 s, 180 ms, 0.05. */
export function formatVital(metric: VitalMetric, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
}

function thresholdText(metric: VitalMetric): string {
  const { good, poor } = vitalThresholds[metric];
  return `good ≤ ${formatVital(metric, good)}, poor > ${formatVital(metric, poor)}`;
}

function RatingBadge({ rating }: { rating: VitalRating }) {
  const style = ratingStyles[rating];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-[11px] font-medium whitespace-nowrap',
        style.badge,
      )}
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', style.dot)} />
      {vitalRatingNames[rating]}
    </span>
  );
}

function VitalTile({ metric, measured }: { metric: VitalMetric; measured: VitalPercentile | null }) {
  return (
    <div
      className="min-w-0 rounded-card border border-line bg-paper px-3 py-2.5"
      data-testid={`vital-${metric}`}
    >
      <dt className="text-xs font-medium tracking-wide text-ink-soft uppercase">
        <abbr title={vitalMetricNames[metric]} className="no-underline">
          {metric}
        </abbr>
      </dt>
      {measured ? (
        <>
          <dd
            className="mt-0.5 font-display text-xl text-ink tabular-nums"
            data-testid={`vital-${metric}-value`}
          >
            {formatVital(metric, measured.value)}
          </dd>
          <dd className="mt-1">
            <RatingBadge rating={measured.rating} />
          </dd>
        </>
      ) : (
        <dd className="mt-0.5 text-sm text-muted">Not measured</dd>
      )}
    </div>
  );
}

function Toggle<Value extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { value: Value; name: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-full border border-line p-0.5">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-8 rounded-full px-3.5 text-sm transition-colors',
            option.value === value ? 'bg-ink text-paper' : 'text-ink hover:text-gold-deep',
          )}
        >
          {option.name}
        </button>
      ))}
    </div>
  );
}

function SampleRateForm({ percent, canEdit }: { percent: number; canEdit: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = fetcher.data;
  const error = result && !result.ok ? result.error : null;
  if (!canEdit)
    return (
      <p className="text-sm text-ink-soft" data-testid="vitals-sample">
        {percent === 0 ? 'No page views are measured.' : `${percent} in 100 page views are measured.`}
      </p>
    );
  return (
    <fetcher.Form
      method="post"
      action="/admin"
      aria-label="Page views measured"
      className="flex flex-wrap items-end gap-3"
      data-testid="vitals-sample"
    >
      <input type="hidden" name="intent" value="vitals-sample-rate" />
      <div className="space-y-1.5">
        <label htmlFor="vitals-sample-percent" className={labelClasses}>
          Page views measured, in 100
        </label>
        <input
          id="vitals-sample-percent"
          name="vitalsSamplePercent"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          required
          defaultValue={percent}
          aria-invalid={error ? true : undefined}
          aria-describedby="vitals-sample-hint"
          className={cn(inputClasses, 'w-28')}
        />
      </div>
      <Button type="submit" className="h-11" disabled={fetcher.state !== 'idle'}>
        Save
      </Button>
      <p id="vitals-sample-hint" className="w-full text-xs text-muted">
        0 measures none. A busy shop needs fewer: 25 in 100 still gives a steady figure.
      </p>
      {result ? (
        <div className="w-full">
          <ActionNotice tone={result.ok ? 'success' : 'error'}>
            {result.ok ? result.message : result.error}
          </ActionNotice>
        </div>
      ) : null}
    </fetcher.Form>
  );
}

export function VitalsCard({
  vitals,
  samplePercent,
  canEdit,
}: {
  vitals: VitalsReport;
  samplePercent: number;
  canEdit: boolean;
}) {
  const [device, setDevice] = useState<VitalDevice>('mobile');
  const [days, setDays] = useState<VitalsWindow>(28);
  const period = vitals.windows.find((candidate) => candidate.days === days) ?? vitals.windows[0]!;
  const rows = vitals.rows[`${days}`][device];
  return (
    <ReportCard
      id="vitals"
      title="Speed for real shoppers"
      note={
        <>
          Core Web Vitals measured in shoppers&apos; own browsers: the 75th percentile per page, so three page
          views in four were at least this fast. Rated as Google rates them (
          {vitalMetrics.map((metric) => `${metric} ${thresholdText(metric)}`).join('; ')}
          ).
        </>
      }
    >
      <div className="space-y-5">
        <SampleRateForm percent={samplePercent} canEdit={canEdit} />
        {vitals.measured ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <Toggle
                label="Device"
                value={device}
                onChange={setDevice}
                options={vitalDevices.map((value) => ({ value, name: deviceNames[value] }))}
              />
              <Toggle
                label="Period"
                value={days}
                onChange={setDays}
                options={vitals.windows.map((candidate) => ({
                  value: candidate.days,
                  name: `Last ${candidate.days} days`,
                }))}
              />
              <p className="text-xs text-muted">
                {formatDay(period.from)} – {formatDay(period.to)}
              </p>
            </div>
            {rows.length === 0 ? (
              <EmptyNote>
                No page views measured on {deviceNames[device].toLowerCase()} in the last {days} days.
              </EmptyNote>
            ) : (
              <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="vitals-table">
                {rows.map((row) => (
                  <li
                    key={row.template}
                    className="min-w-0 rounded-card border border-line p-4"
                    data-testid={`vitals-${row.template}`}
                  >
                    <div className="flex items-baseline justify-between gap-3">
                      <h3 className="text-lg">{vitalTemplateNames[row.template]}</h3>
                      <p className="text-xs text-muted tabular-nums" data-testid="vitals-views">
                        {formatCount(row.pageViews)} {row.pageViews === 1 ? 'page view' : 'page views'}
                      </p>
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-2">
                      {vitalMetrics.map((metric) => (
                        <VitalTile key={metric} metric={metric} measured={row.metrics[metric]} />
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <EmptyNote>
            Nothing measured yet. Shoppers&apos; browsers send their page&apos;s speed as they leave it; the
            figures show here from the first page view measured.
          </EmptyNote>
        )}
      </div>
    </ReportCard>
  );
}
