import type { loadStaffTab } from './staff-tab.server';

export type StaffTabData = Awaited<ReturnType<typeof loadStaffTab>>;

/** The Staff tab: who holds which role, and the invitations waiting. */
export function StaffTab(_props: { data: StaffTabData }) {
  return (
    <section aria-labelledby="staff-heading">
      <h2 id="staff-heading" className="text-2xl">
        Staff
      </h2>
    </section>
  );
}
