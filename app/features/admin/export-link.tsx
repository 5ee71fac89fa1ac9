import { Download } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { useCan } from './staff-access';

export type ExportKind = 'orders' | 'products' | 'users' | 'transactions' | 'refunds';

/** The address of a CSV export with the list's current filters (empty values are left out). */
export function exportHref(
  kind: ExportKind,
  filter: Record<string, string | number | undefined | null> = {},
) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter))
    if (value !== undefined && value !== null && value !== '' && name !== 'page')
      params.set(name, String(value));
  const query = params.toString();
  return `/api/admin/export/${kind}.csv${query ? `?${query}` : ''}`;
}

/** 'Export CSV': downloads the list as it is filtered now, streamed by the server; only for a role that exports. */
export function ExportLink({
  kind,
  filter,
}: {
  kind: ExportKind;
  filter?: Record<string, string | number | undefined | null>;
}) {
  const canExport = useCan('exports.download');
  if (!canExport) return null;
  return (
    <a
      href={exportHref(kind, filter)}
      download
      className={buttonClasses('outline', 'sm')}
      data-testid={`export-${kind}`}
    >
      <Download aria-hidden className="size-4" />
      Export CSV
    </a>
  );
}
