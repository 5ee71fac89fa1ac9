import { roleLabels } from '../../../contracts/roles';
import { ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import { AdminTable, EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import type { AdminActionResult } from './admin-texts';
import { ExportLink } from './export-link';
import { FilterBar, SearchField } from './filter-bar';
import { useCan } from './staff-access';
import { userMessages, usersHref } from './user-texts';
import type { loadUsersTab } from './users-tab.server';

type UsersData = Awaited<ReturnType<typeof loadUsersTab>>;
type UserRow = UsersData['users'][number];

const pill =
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

function RoleBadge({ role }: { role: UserRow['role'] }) {
  return (
    <span
      data-testid="user-role"
      className={cn(
        pill,
        role !== 'customer' ? 'border-gold/50 bg-paper text-gold-deep' : 'border-ink/15 bg-cream text-ink',
      )}
    >
      {roleLabels[role]}
    </span>
  );
}

function StatusBadge({ status }: { status: UserRow['status'] }) {
  return (
    <span
      data-testid="user-status"
      className={cn(
        pill,
        status === 'active'
          ? 'border-success/30 bg-success/10 text-success'
          : 'border-sale/30 bg-sale/5 text-sale',
      )}
    >
      {status === 'active' ? 'Active' : 'Inactive'}
    </span>
  );
}

/** Whether the person has turned on two-step sign-in (staff may be required to). */
function TwoFactorBadge({ on }: { on: boolean }) {
  return (
    <span
      data-testid="user-two-factor"
      className={cn(
        pill,
        on ? 'border-success/30 bg-success/10 text-success' : 'border-ink/15 bg-cream text-muted',
      )}
    >
      {on ? 'On' : 'Off'}
    </span>
  );
}

/** When they last signed in, or never. */
function LastSignIn({ iso }: { iso: string | null }) {
  return iso ? <OrderDate iso={iso} /> : <span className="text-muted">Never</span>;
}

type Asking = { kind: 'deactivate'; user: UserRow } | null;

/**
 * Activate/Deactivate (a staff account only by a role that manages staff; never one's own account),
 * and for owners a link to give a role on the Staff tab.
 */
function UserActions({
  className,
  user,
  self,
  busy,
  onAsk,
  onActivate,
}: {
  className?: string | undefined;
  user: UserRow;
  self: boolean;
  busy: boolean;
  onAsk: (asking: NonNullable<Asking>) => void;
  onActivate: (user: UserRow) => void;
}) {
  const canGiveRoles = useCan('staff.manage');
  const canManageCustomers = useCan('customers.manage');
  // A manager (customers.manage) turns customers off and on; a staff account is the owner's to switch.
  const canSwitch = user.role === 'customer' ? canManageCustomers : canGiveRoles;
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      {canGiveRoles ? (
        <Link
          to={`/admin?tab=staff&email=${encodeURIComponent(user.email)}`}
          className="inline-flex h-8 items-center gap-1 rounded-sm border border-line px-3 text-xs font-medium text-ink hover:bg-paper"
          aria-label={`Give a role: ${user.name}`}
        >
          <ShieldCheck width={14} height={14} aria-hidden="true" /> Give a role
        </Link>
      ) : null}
      {!canSwitch ? null : user.status === 'active' ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy || self}
          title={self ? 'You cannot deactivate your own account' : undefined}
          onClick={() => onAsk({ kind: 'deactivate', user })}
          aria-label={`Deactivate ${user.name}`}
          className="text-sale hover:bg-sale/5"
        >
          <UserX width={14} height={14} aria-hidden="true" /> Deactivate
        </Button>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => onActivate(user)}
          aria-label={`Activate ${user.name}`}
        >
          <UserCheck width={14} height={14} aria-hidden="true" /> Activate
        </Button>
      )}
    </div>
  );
}

function Pager({ data, withNav = false }: { data: UsersData; withNav?: boolean }) {
  return (
    <AdminPager
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      noun={['user', 'users']}
      label="User pages"
      href={(page) => usersHref({ q: data.filter.q, page })}
      withNav={withNav}
      countTestId="users-count"
    />
  );
}

/** User Management: find people, see their role, last sign-in and second factor, activate and deactivate accounts. */
export function UsersTab({ data }: { data: UsersData }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'admin-users' });
  const [asking, setAsking] = useState<Asking>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const submit = (values: Record<string, string>) => {
    setAsking(null);
    void fetcher.submit(values, { method: 'post', action: '/admin?tab=users' });
  };
  const activate = (user: UserRow) => submit({ intent: 'user-status', id: user.id, status: 'active' });
  const actions = (user: UserRow, className?: string) => (
    <UserActions
      className={className}
      user={user}
      self={user.id === data.selfId}
      busy={busy}
      onAsk={setAsking}
      onActivate={activate}
    />
  );

  return (
    <section aria-labelledby="users-heading" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="users-heading" className="text-2xl">
          User Management
        </h2>
        <ExportLink kind="users" filter={{ q: data.filter.q }} />
      </div>
      <FilterBar tab="users" label="User search" className="sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
        <SearchField
          id="users-q"
          label="Search users"
          defaultValue={data.filter.q}
          placeholder="Name or e-mail"
        />
      </FilterBar>
      {result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
      <Pager data={data} />
      {data.users.length === 0 ? (
        <EmptyState
          title={userMessages.noUsers}
          hint={data.filter.q ? <>No one&apos;s name or e-mail contains “{data.filter.q}”.</> : null}
          link={data.filter.q ? { to: usersHref({}), label: 'Clear the search' } : null}
        />
      ) : (
        <>
          <AdminTable
            layout="md"
            testId="users-table"
            caption="Users, newest first"
            columns={[
              { label: 'User' },
              { label: 'Role' },
              { label: 'Status' },
              { label: 'Last sign-in' },
              { label: 'Two-step' },
              { label: 'Joined' },
              { label: 'Actions', align: 'right', srOnly: true },
            ]}
          >
            <tbody className="divide-y divide-line">
              {data.users.map((user) => (
                <tr key={user.id} data-testid="user-row" data-email={user.email} className="hover:bg-paper">
                  <td className="max-w-72 px-4 py-3 align-top">
                    <span className="block truncate font-medium text-ink">
                      {user.name}
                      {user.id === data.selfId ? (
                        <span className="ml-1 text-xs text-muted">(you)</span>
                      ) : null}
                    </span>
                    <span className="block truncate text-xs text-muted">{user.email}</span>
                  </td>
                  <td className="px-4 py-3 align-top">
                    <RoleBadge role={user.role} />
                  </td>
                  <td className="px-4 py-3 align-top">
                    <StatusBadge status={user.status} />
                  </td>
                  <td className="px-4 py-3 align-top text-ink-soft">
                    <LastSignIn iso={user.lastSignInAt} />
                  </td>
                  <td className="px-4 py-3 align-top">
                    <TwoFactorBadge on={user.twoFactorEnabled} />
                  </td>
                  <td className="px-4 py-3 align-top text-ink-soft">
                    <OrderDate iso={user.createdAt} />
                  </td>
                  <td className="px-4 py-3 align-top">{actions(user)}</td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <ul className="space-y-3 md:hidden" aria-label="Users, newest first">
            {data.users.map((user) => (
              <li
                key={user.id}
                data-testid="user-card"
                data-email={user.email}
                className="rounded-card border border-line bg-white p-4 text-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink">
                      {user.name}
                      {user.id === data.selfId ? (
                        <span className="ml-1 text-xs text-muted">(you)</span>
                      ) : null}
                    </p>
                    <p className="truncate text-xs text-muted">{user.email}</p>
                    <p className="mt-1 text-xs text-muted">
                      Joined <OrderDate iso={user.createdAt} />
                    </p>
                    <p className="text-xs text-muted">
                      Last sign-in <LastSignIn iso={user.lastSignInAt} /> · Two-step sign-in{' '}
                      {user.twoFactorEnabled ? 'on' : 'off'}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <RoleBadge role={user.role} />
                    <StatusBadge status={user.status} />
                  </div>
                </div>
                <div className="mt-3 border-t border-line pt-3">{actions(user, 'justify-start')}</div>
              </li>
            ))}
          </ul>
          <Pager data={data} withNav />
        </>
      )}
      <ConfirmDialog
        open={asking?.kind === 'deactivate'}
        title="Deactivate this account?"
        message={`${asking?.user.name ?? ''} will be signed out everywhere and cannot sign in until the account is activated again.`}
        confirmLabel="Deactivate"
        onConfirm={() => asking && submit({ intent: 'user-status', id: asking.user.id, status: 'inactive' })}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
