import type { loadSettingsTab } from './settings-tab.server';

export function SettingsTab(_props: { data: Awaited<ReturnType<typeof loadSettingsTab>> }) {
  return null;
}
