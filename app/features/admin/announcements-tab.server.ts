import { countAnnouncementRecipients, listAnnouncements } from '../../../core/content/announcements';
import { runCommand } from '../../../core/commands';
import { formFailure, formText } from '../../lib/action-result.server';
import { commandContext, pageParam, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';

export const ANNOUNCEMENTS_PAGE_SIZE = 10;

/** The Announcements tab: who a new one would reach, and those already sent. */
export async function loadAnnouncementsTab({ context, params }: AdminLoadArgs) {
  const db = context.services.db;
  const [recipients, sent] = await Promise.all([
    countAnnouncementRecipients(db),
    listAnnouncements(db, { page: pageParam(params), pageSize: ANNOUNCEMENTS_PAGE_SIZE }),
  ]);
  return { recipients, ...sent };
}

export const announcementsActions: Record<string, AdminActionHandler> = {
  'announcement-send': async ({ context, form, admin }) => {
    const intent = 'announcement-send';
    try {
      const sent = await runCommand('announcements.send', commandContext(context, admin), {
        type: formText(form, 'type'),
        title: formText(form, 'title'),
        message: formText(form, 'message'),
        link: formText(form, 'link'),
      });
      return {
        ok: true,
        intent,
        message: `Announcement sent to ${sent.recipients} ${sent.recipients === 1 ? 'customer' : 'customers'}.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return formFailure(error, 'The announcement could not be sent. Please try again.');
    }
  },
};
