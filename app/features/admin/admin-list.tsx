import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/**
 * What a tab shows instead of an empty list: a title, an optional hint, and an optional link back
 * (to the unfiltered list, for instance).
 */
export function EmptyState({
  title,
  hint,
  link,
}: {
  title: string;
  hint?: React.ReactNode;
  link?: { to: string; label: string } | null | undefined;
}) {
  return (
    <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
      <p className="font-display text-xl text-ink">{title}</p>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      {link ? (
        <Link to={link.to} className="mt-4 inline-block text-sm text-gold-deep underline">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}

export interface AdminColumn {
  label: string;
  align?: 'right';
  /** Read out by screen readers only, e.g. 'Actions' above the row buttons. */
  srOnly?: boolean;
}

const layouts = {
  /** A table from md up; the tab shows cards below it. */
  md: {
    wrapper: 'hidden overflow-hidden rounded-card border border-line bg-white md:block',
    table: '',
    head: '',
  },
  /** A table from lg up; the tab shows cards below it. */
  lg: {
    wrapper: 'hidden overflow-hidden rounded-card border border-line bg-white lg:block',
    table: '',
    head: '',
  },
  /** One table at every width whose rows stack as cards below md. */
  stack: {
    wrapper: 'md:overflow-x-auto md:rounded-card md:border md:border-line md:bg-white',
    table: 'max-md:block',
    head: 'max-md:hidden',
  },
} as const;

/** A tab's table: framed, with a screen-reader caption and the column heads; the body comes as children. */
export function AdminTable({
  testId,
  caption,
  columns,
  layout,
  children,
}: {
  testId: string;
  caption: string;
  columns: AdminColumn[];
  layout: keyof typeof layouts;
  children: React.ReactNode;
}) {
  const classes = layouts[layout];
  return (
    <div className={classes.wrapper}>
      <table className={cn('w-full text-left text-sm', classes.table)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn('bg-cream text-xs tracking-wide text-ink-soft uppercase', classes.head)}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={cn('px-4 py-3', column.align === 'right' ? 'text-right' : null, 'font-medium')}
              >
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
