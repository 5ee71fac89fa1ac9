import type { loadAnnouncementsTab } from './announcements-tab.server';

export function AnnouncementsTab(_props: { data: Awaited<ReturnType<typeof loadAnnouncementsTab>> }) {
  return null;
}
