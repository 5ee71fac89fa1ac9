import type { AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../../core/accounts/sessions';
import type { AuditActor } from '../../../core/audit/audit';
import type { CommandContext } from '../../../core/command';
import { lagosDay } from '../../../contracts/lagos-time';

/** What a tab's loader gets: the request's query, the services and the signed-in administrator. */
export interface AdminLoadArgs {
  context: AppLoadContext;
  request: Request;
  params: URLSearchParams;
  admin: CurrentUser;
}

/** What a tab's action gets: the posted form as well. */
export interface AdminActionArgs {
  context: AppLoadContext;
  request: Request;
  form: FormData;
  admin: CurrentUser;
}

/** One action of the dashboard, by its form's `intent`. Returns an AdminActionResult (or data() of one). */
export type AdminActionHandler = (args: AdminActionArgs) => Promise<unknown>;

/** The audit log's actor for the signed-in staff member: who, by name, and the role core checks where one action reaches two permissions. */
export const auditActor = (admin: CurrentUser): AuditActor => ({
  id: admin.id,
  email: admin.email,
  name: admin.name,
  role: admin.role,
});

/** Where an action runs a command (core/commands): the shop's services, the signed-in staff member and their client. */
export const commandContext = (context: AppLoadContext, admin: CurrentUser): CommandContext => ({
  db: context.services.db,
  services: context.services,
  actor: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
  client: context.client,
});

const DAY_MS = 86_400_000;

/** A yyyy-mm-dd query value, or '' when it is not one. */
export const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** A Lagos date range from the query (from, to), the last `days` days when not given. */
export function dateRange(params: URLSearchParams, days = 30, now = new Date()) {
  return {
    from: isoDay(params.get('from')) || lagosDay(new Date(now.getTime() - days * DAY_MS)),
    to: isoDay(params.get('to')) || lagosDay(now),
  };
}

/** A page number from the query: 1 when absent or nonsense. */
export const pageParam = (params: URLSearchParams) =>
  Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));

/** A search box's value from the query, trimmed and bounded. */
export const searchParam = (params: URLSearchParams, name = 'q') =>
  (params.get(name) ?? '').trim().slice(0, 100);
