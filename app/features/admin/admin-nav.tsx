import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { adminTabs, type ReadyAdminTabId } from './admin-texts';
import { useCan, useStaffTabs } from './staff-access';

const linkClasses = (active: boolean) =>
  cn(
    '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors lg:px-2.5',
    active
      ? 'border-gold-deep text-ink'
      : 'border-transparent text-ink-soft hover:border-line hover:text-ink',
  );

/**
 * The dashboard's tabs as links (`/admin?tab=…`), so a tab survives a reload and can be shared;
 * Add Product, right after All Products, is its own page (/admin/products/new).
 */
export function AdminNav({ current }: { current: ReadyAdminTabId | 'add-product' }) {
  const nav = useRef<HTMLElement>(null);
  const tabs = useStaffTabs();
  const canAddProducts = useCan('catalog.manage');
  // On a phone the tabs scroll sideways: the open one is brought into view, never left cut off.
  useEffect(() => {
    const active = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <nav
      ref={nav}
      aria-label="Admin sections"
      className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0 lg:overflow-visible"
    >
      {/* From 1024 px every tab shows in full: the row wraps rather than hiding one. */}
      <ul className="flex min-w-max gap-1 border-b border-line lg:min-w-0 lg:flex-wrap">
        {adminTabs
          .filter((tab) => tab.ready && tabs.includes(tab.id))
          .map((tab) => {
            const active = tab.id === current;
            const link = (
              <li key={tab.id}>
                <Link
                  to={tab.id === 'overview' ? '/admin' : `/admin?tab=${tab.id}`}
                  aria-current={active ? 'page' : undefined}
                  className={linkClasses(active)}
                >
                  {tab.label}
                </Link>
              </li>
            );
            if (tab.id !== 'products' || !canAddProducts) return link;
            return [
              link,
              <li key="add-product">
                <Link
                  to="/admin/products/new"
                  aria-current={current === 'add-product' ? 'page' : undefined}
                  className={linkClasses(current === 'add-product')}
                >
                  Add Product
                </Link>
              </li>,
            ];
          })}
      </ul>
    </nav>
  );
}

/** A message after an action: green when it worked, red when it did not; read out by screen readers. */
export function ActionNotice({ tone, children }: { tone: 'success' | 'error'; children: React.ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="admin-notice"
      className={cn(
        'rounded-card border px-4 py-3 text-sm',
        tone === 'success'
          ? 'border-success/30 bg-success/10 text-success'
          : 'border-sale/30 bg-sale/5 text-sale',
      )}
    >
      {children}
    </p>
  );
}

export const selectClasses =
  'block h-11 w-full rounded-sm border border-line bg-white px-3 text-sm text-ink focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none';

export const labelClasses = 'block text-xs font-medium tracking-wide text-ink-soft uppercase';

/** A product form's long text (description). */
export const textareaClasses =
  'block w-full rounded-sm border border-line bg-white px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale';

/** A field's error, read out as it appears; nothing while there is none. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="text-xs text-sale">
      {message}
    </p>
  ) : null;
}
