import { data } from 'react-router';
import { listStaff } from '../../../core/accounts/staff';
import { runCommand } from '../../../core/commands';
import { isAppError } from '../../../core/errors';
import { formText } from '../../lib/action-result.server';
import { commandContext, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';
import { staffTexts } from './user-texts';

/** The Staff tab (owners): who holds which role, and the invitations waiting. */
export async function loadStaffTab({ context, params, admin }: AdminLoadArgs) {
  const { staff, invitations } = await listStaff(context.services.db);
  // "Give a role" on the Users tab opens this tab with the person's address filled in.
  const email = (params.get('email') ?? '').trim().slice(0, 254);
  return { selfId: admin.id, staff, invitations, email };
}

/** A refusal in the shop's words, with the reason after it; changes nothing. */
function failure(intent: string, message: string, error: unknown) {
  if (!isAppError(error)) throw error;
  return data<AdminActionResult>(
    { ok: false, intent, error: `${message}: ${error.message}`, fields: error.fields ?? {} },
    { status: error.status },
  );
}

/** Giving, changing and taking away roles, and withdrawing an invitation; core checks and records each. */
export const staffActions: Record<string, AdminActionHandler> = {
  'staff-add': async ({ context, admin, form }) => {
    try {
      const result = await runCommand('staff.grant', commandContext(context, admin), {
        email: formText(form, 'email'),
        role: formText(form, 'role'),
      });
      const message =
        result.status === 'invited'
          ? staffTexts.invited(result.invitation.email, result.invitation.role)
          : result.changed
            ? staffTexts.granted(result.user.name, result.user.role)
            : staffTexts.unchanged(result.user.name, result.user.role);
      return { ok: true, intent: 'staff-add', message } satisfies AdminActionResult;
    } catch (error) {
      return failure('staff-add', staffTexts.addFailed, error);
    }
  },
  'staff-role': async ({ context, admin, form }) => {
    try {
      const user = await runCommand('staff.role', commandContext(context, admin), {
        userId: formText(form, 'id'),
        role: formText(form, 'role'),
      });
      return {
        ok: true,
        intent: 'staff-role',
        message: staffTexts.roleChanged(user.name, user.role),
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('staff-role', staffTexts.roleFailed, error);
    }
  },
  'staff-remove': async ({ context, admin, form }) => {
    try {
      const user = await runCommand('staff.remove', commandContext(context, admin), {
        userId: formText(form, 'id'),
      });
      return {
        ok: true,
        intent: 'staff-remove',
        message: staffTexts.removed(user.name),
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('staff-remove', staffTexts.removeFailed, error);
    }
  },
  'staff-reset-two-factor': async ({ context, admin, form }) => {
    try {
      const user = await runCommand('staff.two-factor.reset', commandContext(context, admin), {
        userId: formText(form, 'id'),
      });
      return {
        ok: true,
        intent: 'staff-reset-two-factor',
        message: staffTexts.twoFactorReset(user.name),
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('staff-reset-two-factor', staffTexts.twoFactorResetFailed, error);
    }
  },
  'staff-revoke-invitation': async ({ context, admin, form }) => {
    try {
      await runCommand('staff.invitation.revoke', commandContext(context, admin), {
        id: formText(form, 'id'),
      });
      return {
        ok: true,
        intent: 'staff-revoke-invitation',
        message: staffTexts.withdrawn(formText(form, 'email')),
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('staff-revoke-invitation', staffTexts.withdrawFailed, error);
    }
  },
};
