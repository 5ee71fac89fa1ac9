import type { ReactNode } from 'react';
import type { StaffAccess } from '../../../contracts/permissions';
import { AdminNav } from './admin-nav';
import { StaffAccessProvider } from './staff-access';

/** The dashboard's frame: who is signed in, its title and tabs, then the page (a tab, Add Product, the editor, the import). */
export function AdminFrame({
  access,
  current,
  children,
}: {
  access: StaffAccess;
  current: Parameters<typeof AdminNav>[0]['current'];
  children: ReactNode;
}) {
  return (
    <StaffAccessProvider access={access}>
      <div className="container-shop py-8 lg:py-10">
        <header className="mb-6">
          <p className="eyebrow">
            Signed in as {access.name} · {access.roleLabel}
          </p>
          <h1 className="mt-2 text-display-md sm:text-display-lg">Admin Dashboard</h1>
        </header>
        <AdminNav current={current} />
        <div className="mt-6">{children}</div>
      </div>
    </StaffAccessProvider>
  );
}
