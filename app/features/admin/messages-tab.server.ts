import { redirect } from 'react-router';
import {
  contactMessageStatuses,
  listContactMessages,
  openContactMessage,
  type ContactMessageStatus,
  type ContactMessageView,
} from '../../../core/content/messages';
import { runCommand } from '../../../core/commands';
import { isAppError } from '../../../core/errors';
import { formFailure, formText } from '../../lib/action-result.server';
import {
  commandContext,
  pageParam,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

export const MESSAGES_PAGE_SIZE = 20;

/** The Messages tab: the contact inbox, and one message opened (?message=…), which marks it read. */
export async function loadMessagesTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const status = params.get('status') ?? '';
  const filter = {
    q: searchParam(params),
    status: (contactMessageStatuses as readonly string[]).includes(status) ? status : '',
    page: pageParam(params),
  };
  const wanted = params.get('message');
  let opened: ContactMessageView | null = null;
  let missing = false;
  if (wanted) {
    try {
      // Opened first, so the unread count below already counts it read.
      opened = await openContactMessage(db, wanted.slice(0, 12));
    } catch (error) {
      if (!isAppError(error) || (error.code !== 'NOT_FOUND' && error.code !== 'BAD_REQUEST')) throw error;
      missing = true;
    }
  }
  const list = await listContactMessages(db, { ...filter, pageSize: MESSAGES_PAGE_SIZE });
  return { filter, list, opened, missing };
}

const statusNotices: Record<ContactMessageStatus, string> = {
  new: 'Marked unread.',
  read: 'Marked read.',
  replied: 'Marked replied.',
};

/** Only ever back to the Messages tab. */
const backTo = (value: string) => (value.startsWith('/admin?tab=messages') ? value : '/admin?tab=messages');

export const messagesActions: Record<string, AdminActionHandler> = {
  /** Marks a message new (unread), read or replied; recorded in the activity log. */
  'message-status': async ({ context, admin, form }) => {
    const status = formText(form, 'status');
    try {
      const message = await runCommand('messages.status', commandContext(context, admin), {
        id: formText(form, 'id'),
        change: { status },
      });
      // An unread message goes back to the list: staying on it would open, and so read, it again.
      if (message.status === 'new') return redirect(backTo(formText(form, 'back')));
      return {
        ok: true,
        intent: 'message-status',
        message: statusNotices[message.status],
      } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The message could not be updated. Please try again.');
    }
  },
};
