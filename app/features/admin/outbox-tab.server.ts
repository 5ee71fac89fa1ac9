import {
  getOutboxMail,
  listOutbox,
  outboxStatuses,
  type OutboxMailView,
} from '../../../core/mail/outbox-view';
import { isAppError } from '../../../core/errors';
import { pageParam, searchParam, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';

export const OUTBOX_PAGE_SIZE = 20;

/** The Outbox tab: every e-mail the shop sent or kept, and one opened (?mail=…) to read. */
export async function loadOutboxTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const status = params.get('status') ?? '';
  const filter = {
    q: searchParam(params),
    status: (outboxStatuses as readonly string[]).includes(status) ? status : '',
    page: pageParam(params),
  };
  const wanted = params.get('mail');
  let opened: OutboxMailView | null = null;
  let missing = false;
  const list = await listOutbox(db, { ...filter, pageSize: OUTBOX_PAGE_SIZE });
  if (wanted) {
    try {
      opened = await getOutboxMail(db, wanted.slice(0, 12));
    } catch (error) {
      if (!isAppError(error) || (error.code !== 'NOT_FOUND' && error.code !== 'BAD_REQUEST')) throw error;
      missing = true;
    }
  }
  return { filter, list, opened, missing };
}

/** Reading only: the outbox has nothing to change. */
export const outboxActions: Record<string, AdminActionHandler> = {};
