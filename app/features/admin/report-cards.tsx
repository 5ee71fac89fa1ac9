import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The frame of a report or overview card: a heading, an optional note on what it counts, and its body. */
export function ReportCard({
  id,
  title,
  note,
  action,
  children,
  className,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid={`report-${id}`}
      className={cn('min-w-0 rounded-card border border-line bg-white p-5 sm:p-6', className)}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-heading`} className="text-2xl">
          {title}
        </h2>
        {action}
      </div>
      {note ? <p className="mt-1 text-xs text-muted">{note}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One headline figure: a label, the value large, and a line under it. */
export function Stat({
  label,
  value,
  hint,
  testId,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId?: string;
  /** A long value (money): the whole row on a phone. */
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        'min-w-0 rounded-card border border-line bg-paper px-4 py-3',
        wide && 'col-span-2 sm:col-span-1',
      )}
      data-testid={testId}
    >
      <dt className="text-xs font-medium tracking-wide text-ink-soft uppercase">{label}</dt>
      <dd
        className="mt-1 font-display text-2xl break-words text-ink tabular-nums"
        data-testid={testId && `${testId}-value`}
      >
        {value}
      </dd>
      {hint ? <dd className="mt-0.5 text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

const gridColumns = {
  2: 'grid-cols-2',
  /** Five figures in half a page: two a row, then three. */
  half: 'grid-cols-2 sm:grid-cols-3',
  3: 'grid-cols-2 lg:grid-cols-3',
  4: 'grid-cols-2 lg:grid-cols-4',
  5: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5',
} as const;

/** A row of headline figures: two a row on a phone, up to `columns` on a wide screen. */
export function StatGrid({
  children,
  columns = 4,
}: {
  children: ReactNode;
  columns?: keyof typeof gridColumns;
}) {
  return <dl className={cn('grid grid-flow-row-dense gap-3', gridColumns[columns])}>{children}</dl>;
}

/** Shown in a card's place when its range has nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-card border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
      {children}
    </p>
  );
}

/** A share as a thin bar with its number: the figure is in the text, the bar only shows it. */
export function ShareBar({ label, value, percent }: { label: ReactNode; value: ReactNode; percent: number }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-ink">{label}</span>
        <span className="shrink-0 text-ink-soft tabular-nums">{value}</span>
      </div>
      <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-cream" aria-hidden="true">
        <div
          className="h-full rounded-full bg-gold"
          style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
        />
      </div>
    </div>
  );
}

const numberFormat = new Intl.NumberFormat('en-NG');
/** 12,345 */
export const formatCount = (value: number) => numberFormat.format(value);
/** 33.3% */
export const formatPercent = (value: number) => `${numberFormat.format(value)}%`;

const dayFormat = new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** '5 Mar' from '2030-03-05' (a Lagos day, formatted as the calendar date it is). */
export const formatDay = (day: string, withYear = false) =>
  (withYear ? dayYearFormat : dayFormat).format(new Date(`${day}T00:00:00Z`));
