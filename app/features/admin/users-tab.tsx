import { ChevronLeft, ChevronRight, Search, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice, labelClasses } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import { ExportLink } from './export-link';
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
        role === 'admin' ? 'border-gold/50 bg-paper text-gold-deep' : 'border-ink/15 bg-cream text-ink',
      )}
    >
      {role === 'admin' ? 'Admin' : 'Customer'}
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

type Asking = { kind: 'promote' | 'deactivate'; user: UserRow } | null;

/** Promote (customers only) and Activate/Deactivate; an admin's own account cannot be deactivated here. */
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
  return (
    <div className={cn('flex flex-wrap justify-end gap-2', className)}>
      {user.role !== 'admin' ? (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => onAsk({ kind: 'promote', user })}
          aria-label={`Promote ${user.name} to Admin`}
        >
          <ShieldCheck width={14} height={14} aria-hidden="true" /> Promote to Admin
        </Button>
      ) : null}
      {user.status === 'active' ? (
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
  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.page * data.pageSize, data.total);
  const link =
    'inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-soft">
      <p data-testid="users-count">
        {data.total === 0
          ? 'No users'
          : `Showing ${first}–${last} of ${data.total} ${data.total === 1 ? 'user' : 'users'}`}
        {data.pageCount > 1 ? ` · Page ${data.page} of ${data.pageCount}` : ''}
      </p>
      {withNav && data.pageCount > 1 ? (
        <nav aria-label="User pages" className="flex gap-2">
          {data.page > 1 ? (
            <Link to={usersHref({ q: data.filter.q, page: data.page - 1 })} className={link}>
              <ChevronLeft width={16} height={16} aria-hidden="true" /> Previous
            </Link>
          ) : null}
          {data.page < data.pageCount ? (
            <Link to={usersHref({ q: data.filter.q, page: data.page + 1 })} className={link}>
              Next <ChevronRight width={16} height={16} aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** User Management: find people, promote administrators (one way), activate and deactivate accounts. */
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
      <Form
        method="get"
        action="/admin"
        role="search"
        aria-label="User search"
        className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
      >
        <input type="hidden" name="tab" value="users" />
        <div className="space-y-1.5">
          <label htmlFor="users-q" className={labelClasses}>
            Search users
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={data.filter.q}
            placeholder="Name or e-mail"
            className={inputClasses}
          />
        </div>
        <Button type="submit" className="h-11">
          <Search width={16} height={16} aria-hidden="true" /> Search
        </Button>
      </Form>
      {result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
      <Pager data={data} />
      {data.users.length === 0 ? (
        <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-display text-xl text-ink">{userMessages.noUsers}</p>
          {data.filter.q ? (
            <>
              <p className="mt-1 text-sm text-muted">
                No one&apos;s name or e-mail contains “{data.filter.q}”.
              </p>
              <Link to={usersHref({})} className="mt-4 inline-block text-sm text-gold-deep underline">
                Clear the search
              </Link>
            </>
          ) : null}
        </div>
      ) : (
        <>
          <div className="hidden overflow-hidden rounded-card border border-line bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="users-table">
              <caption className="sr-only">Users, newest first</caption>
              <thead className="bg-cream text-xs tracking-wide text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    User
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Role
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Joined
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
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
                      <OrderDate iso={user.createdAt} />
                    </td>
                    <td className="px-4 py-3 align-top">{actions(user)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
        open={asking?.kind === 'promote'}
        title="Promote to Admin?"
        message={`${asking?.user.name ?? ''} will be able to manage users, products, orders, payments and settings. This cannot be undone here.`}
        confirmLabel="Promote to Admin"
        onConfirm={() => asking && submit({ intent: 'user-promote', id: asking.user.id })}
        onCancel={() => setAsking(null)}
      />
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
