import { listAuditEntityTypes, listAuditEntries } from '../../../core/audit/audit';
import {
  isoDay,
  pageParam,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';

export const AUDIT_PAGE_SIZE = 20;

/** The Activity Log tab: every admin change, newest first, with search, kind of record, Lagos dates and pages. */
export async function loadAuditTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const filter = {
    q: searchParam(params),
    entityType: (params.get('entityType') ?? '').trim().slice(0, 40),
    from: isoDay(params.get('from')),
    to: isoDay(params.get('to')),
    page: pageParam(params),
  };
  const [log, entityTypes] = await Promise.all([
    listAuditEntries(db, { ...filter, pageSize: AUDIT_PAGE_SIZE }),
    listAuditEntityTypes(db),
  ]);
  return {
    filter,
    entityTypes,
    total: log.total,
    page: log.page,
    pageSize: AUDIT_PAGE_SIZE,
    // The raw before/after stay on the server: the page shows the changed fields.
    entries: log.entries.map(({ before: _before, after: _after, ...entry }) => entry),
  };
}

export const auditActions: Record<string, AdminActionHandler> = {};
