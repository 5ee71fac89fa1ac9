import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

const pageLinkClasses =
  'inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream';

/**
 * 'Showing 21–40 of 57 entries · Page 2 of 3' with Previous and Next links; every paged list of the
 * dashboard (orders, products, users, blog posts, messages, outbox, activity log) pages this way.
 */
export function AdminPager({
  page,
  pageSize,
  total,
  noun,
  label,
  href,
  withNav = false,
  countTestId,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: [singular: string, plural: string];
  /** The navigation's accessible name: 'Activity log pages'. */
  label: string;
  href: (page: number) => string;
  withNav?: boolean;
  /** A test id on the 'Showing …' line. */
  countTestId?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-soft">
      <p data-testid={countTestId}>
        {total === 0
          ? `No ${noun[1]}`
          : first > total
            ? `Page ${page} is past the last page`
            : `Showing ${first}–${last} of ${total} ${total === 1 ? noun[0] : noun[1]}`}
        {pages > 1 && first <= total ? ` · Page ${page} of ${pages}` : ''}
      </p>
      {withNav && (pages > 1 || page > 1) ? (
        <nav aria-label={label} className="flex gap-2">
          {page > 1 ? (
            <Link to={href(Math.min(page - 1, pages))} className={pageLinkClasses}>
              <ChevronLeft width={16} height={16} aria-hidden="true" /> Previous
            </Link>
          ) : null}
          {page < pages ? (
            <Link to={href(page + 1)} className={pageLinkClasses}>
              Next <ChevronRight width={16} height={16} aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
