import { data } from 'react-router';
import { listUsers } from '../../../core/accounts/manage-users';
import { runCommand } from '../../../core/commands';
import { isAppError } from '../../../core/errors';
import { formText } from '../../lib/action-result.server';
import {
  commandContext,
  pageParam,
  searchParam,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';
import { USERS_PAGE_SIZE, userMessages } from './user-texts';

/** The Users tab: 5 a page, newest first, searched on name or e-mail. */
export async function loadUsersTab({ context, params, admin }: AdminLoadArgs) {
  const filter = { q: searchParam(params), page: pageParam(params) };
  const list = await listUsers(context.services.db, { ...filter, pageSize: USERS_PAGE_SIZE });
  return {
    filter,
    selfId: admin.id,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    pageSize: list.pageSize,
    users: list.users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role,
      status: user.status,
      createdAt: user.createdAt,
      lastSignInAt: user.lastSignInAt,
      twoFactorEnabled: user.twoFactorEnabled,
    })),
  };
}

/** A refusal in the shop's words (SPEC.md), with the reason after it. */
function failure(intent: string, message: string, error: unknown) {
  if (!isAppError(error)) throw error;
  return data<AdminActionResult>(
    { ok: false, intent, error: `${message}: ${error.message}`, fields: error.fields ?? {} },
    { status: error.status },
  );
}

/**
 * Activate/Deactivate, recorded in the audit log. Roles are given on the Staff tab (the REST promote
 * stays for the API's clients).
 */
export const usersActions: Record<string, AdminActionHandler> = {
  'user-status': async ({ context, admin, form }) => {
    try {
      const user = await runCommand('customers.status', commandContext(context, admin), {
        id: formText(form, 'id'),
        status: formText(form, 'status'),
      });
      return {
        ok: true,
        intent: 'user-status',
        message:
          user.status === 'active' ? userMessages.activated(user.name) : userMessages.deactivated(user.name),
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('user-status', userMessages.statusFailed, error);
    }
  },
};
