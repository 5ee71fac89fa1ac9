import { z } from 'zod';
import { command } from '../command';
import { promoteUser, setUserStatus } from './manage-users';
import {
  changeStaffRole,
  grantStaffRole,
  grantStaffRoleSchema,
  removeStaff,
  resetStaffTwoFactor,
  revokeInvitation,
} from './staff';

/** An account's id as a route or a form carries it; an id that is no account's is 404 in the domain. */
const accountId = z.string().max(64);
const staffMember = z.object({ userId: accountId });

/** What staff do to people's accounts: roles on the staff, invitations, a customer's access (core/commands gathers every domain's). */
export const accountCommands = {
  'staff.grant': command({
    permission: 'staff.manage',
    summary: 'Give a staff role by e-mail address: at once to a confirmed account, by invitation otherwise.',
    input: grantStaffRoleSchema,
    run: ({ services, actor }, input) => grantStaffRole(services.accounts, actor, input),
  }),
  'staff.role': command({
    permission: 'staff.manage',
    summary: 'Change a staff member’s role; it takes effect on their next request.',
    // The role is judged by the domain, so a made-up one and 'customer' get the same words.
    input: staffMember.extend({ role: z.unknown() }),
    run: ({ services, actor }, { userId, role }) => changeStaffRole(services.accounts, actor, userId, role),
  }),
  'staff.remove': command({
    permission: 'staff.manage',
    summary: 'Take a staff member back to a customer; the admin area closes to them.',
    input: staffMember,
    run: ({ services, actor }, { userId }) => removeStaff(services.accounts, actor, userId),
  }),
  'staff.two-factor.reset': command({
    permission: 'staff.manage',
    summary: 'Turn off a staff member’s two-step sign-in after a lost phone and lost recovery codes.',
    input: staffMember,
    run: ({ services, actor }, { userId }) => resetStaffTwoFactor(services.accounts, actor, userId),
  }),
  'staff.invitation.revoke': command({
    permission: 'staff.manage',
    summary: 'Withdraw a pending invitation; its link stops working at once.',
    input: z.object({ id: accountId }),
    run: ({ services, actor }, { id }) => revokeInvitation(services.accounts, actor, id),
  }),
  'customers.status': command({
    permission: 'customers.manage',
    summary: 'Activate or deactivate a customer’s account; deactivating ends their sessions.',
    input: z.object({
      id: accountId,
      status: z.enum(['active', 'inactive'], 'status must be "active" or "inactive"'),
    }),
    run: ({ db, actor }, { id, status }) => setUserStatus(db, actor, id, status, { actorRole: actor.role }),
  }),
  'customers.promote': command({
    permission: 'staff.manage',
    summary: 'Make a customer an owner of the shop.',
    input: z.object({ id: accountId }),
    run: ({ db, actor }, { id }) => promoteUser(db, actor, id),
  }),
};
