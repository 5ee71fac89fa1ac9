import { createContext, useContext, type ReactNode } from 'react';
import type { Permission, StaffAccess } from '../../../contracts/permissions';

const StaffAccessContext = createContext<StaffAccess | null>(null);

/** Gives every admin component below it the signed-in staff member's permissions. */
export function StaffAccessProvider({ access, children }: { access: StaffAccess; children: ReactNode }) {
  return <StaffAccessContext.Provider value={access}>{children}</StaffAccessContext.Provider>;
}

/**
 * Whether the signed-in staff member's role may do this: a button or form their role may not use is
 * not shown (the server refuses it anyway, from the same permission table).
 */
export function useCan(permission: Permission): boolean {
  return useContext(StaffAccessContext)?.permissions.includes(permission) ?? false;
}

/** The dashboard's tabs the signed-in staff member's role opens. */
export function useStaffTabs(): string[] {
  return useContext(StaffAccessContext)?.tabs ?? [];
}
