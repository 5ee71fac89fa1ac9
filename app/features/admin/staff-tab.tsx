import { roleLabels, type StaffRole } from '../../../contracts/roles';
import { UserMinus, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, inputClasses, SelectField } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import type { loadStaffTab } from './staff-tab.server';
import { roleDescriptions, staffRoleOptions, staffTexts } from './user-texts';

export type StaffTabData = Awaited<ReturnType<typeof loadStaffTab>>;
type Member = StaffTabData['staff'][number];
type Invitation = StaffTabData['invitations'][number];
type Submit = (values: Record<string, string>) => void;

const pill =
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** "Add staff": an e-mail and a role; a confirmed account gets it at once, any other address an invitation. */
function AddStaffForm({
  submit,
  busy,
  fields,
  email,
}: {
  submit: Submit;
  busy: boolean;
  fields: Record<string, string>;
  email: string;
}) {
  const [role, setRole] = useState<StaffRole>('dispatch');
  return (
    <form
      aria-labelledby="staff-add-heading"
      className="space-y-4 rounded-card border border-line bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        const email = new FormData(event.currentTarget).get('email');
        submit({ intent: 'staff-add', email: typeof email === 'string' ? email : '', role });
      }}
      noValidate
    >
      <h3 id="staff-add-heading" className="text-lg">
        Add staff
      </h3>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          defaultValue={email}
          required
          error={fields.email}
          hint="Someone without a confirmed account gets an invitation link, good for 48 hours."
        />
        <SelectField
          label="Role"
          name="role"
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          error={fields.role}
        >
          {staffRoleOptions.map((option) => (
            <option key={option.role} value={option.role}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-ink-soft" data-testid="staff-role-description">
        <strong className="text-ink">{roleLabels[role]}:</strong> {roleDescriptions[role]}
      </p>
      <Button type="submit" size="sm" disabled={busy}>
        <UserPlus width={14} height={14} aria-hidden="true" /> Add staff
      </Button>
    </form>
  );
}

/** One staff member: their role (changed with its own button, never on a mere pick), sign-in, second factor, Remove. */
function StaffRow({
  member,
  self,
  busy,
  submit,
  onRemove,
  onResetTwoFactor,
}: {
  member: Member;
  self: boolean;
  busy: boolean;
  submit: Submit;
  onRemove: (member: Member) => void;
  onResetTwoFactor: (member: Member) => void;
}) {
  const [role, setRole] = useState<StaffRole>(member.role);
  const selectId = `staff-role-${member.id}`;
  return (
    <li
      data-testid="staff-row"
      data-email={member.email}
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-white p-4 text-sm"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-ink">
          {member.name}
          {self ? <span className="ml-1 text-xs text-muted">(you)</span> : null}
        </p>
        <p className="truncate text-xs text-muted">{member.email}</p>
        <p className="mt-1 text-xs text-muted">
          Last sign-in: {member.lastSignInAt ? <OrderDate iso={member.lastSignInAt} /> : 'never'}
          {' · '}
          <span
            data-testid="staff-two-factor"
            className={cn(
              pill,
              'ml-1',
              member.twoFactorEnabled
                ? 'border-success/30 bg-success/10 text-success'
                : 'border-ink/15 bg-cream text-ink',
            )}
          >
            Two-step sign-in {member.twoFactorEnabled ? 'on' : 'off'}
          </span>
        </p>
      </div>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit({ intent: 'staff-role', id: member.id, role });
        }}
      >
        <label htmlFor={selectId} className="sr-only">
          Role of {member.name}
        </label>
        <select
          id={selectId}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole)}
          className={cn(inputClasses, 'h-9 w-36')}
        >
          {staffRoleOptions.map((option) => (
            <option key={option.role} value={option.role}>
              {option.label}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={busy || role === member.role}
          aria-label={`Change role: ${member.name}`}
        >
          Change role
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => onRemove(member)}
          aria-label={`Remove ${member.name}`}
          className="text-sale hover:bg-sale/5"
        >
          <UserMinus width={14} height={14} aria-hidden="true" /> Remove
        </Button>
        {member.twoFactorEnabled && !self ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => onResetTwoFactor(member)}
            aria-label={`Turn off two-step sign-in: ${member.name}`}
          >
            Turn off two-step
          </Button>
        ) : null}
      </form>
    </li>
  );
}

function InvitationRow({
  invitation,
  busy,
  submit,
}: {
  invitation: Invitation;
  busy: boolean;
  submit: Submit;
}) {
  return (
    <li
      data-testid="staff-invitation"
      data-email={invitation.email}
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-white p-4 text-sm"
    >
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">
          {invitation.email} <span className="text-ink-soft">as {roleLabels[invitation.role]}</span>
        </p>
        <p className="text-xs text-muted">
          Invited by {invitation.invitedBy} · link works until <OrderDate iso={invitation.expiresAt} />
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() =>
          submit({ intent: 'staff-revoke-invitation', id: invitation.id, email: invitation.email })
        }
        aria-label={`Withdraw the invitation to ${invitation.email}`}
      >
        Withdraw
      </Button>
    </li>
  );
}

/** The Staff tab: give roles by e-mail, change or take them away, and withdraw invitations still waiting. */
export function StaffTab({ data }: { data: StaffTabData }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'admin-staff' });
  const [removing, setRemoving] = useState<Member | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const submit: Submit = (values) => {
    setRemoving(null);
    setResetting(null);
    void fetcher.submit(values, { method: 'post', action: '/admin?tab=staff' });
  };
  const fields: Record<string, string> =
    result && !result.ok && result.intent === 'staff-add' ? result.fields : {};

  return (
    <section aria-labelledby="staff-heading" className="space-y-6">
      <h2 id="staff-heading" className="text-2xl">
        Staff
      </h2>
      {result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
      <AddStaffForm submit={submit} busy={busy} fields={fields} email={data.email} />
      <section aria-labelledby="staff-list-heading" className="space-y-3">
        <h3 id="staff-list-heading" className="text-lg">
          Staff members
        </h3>
        {data.staff.length === 0 ? (
          <p className="text-sm text-muted">{staffTexts.noStaff}</p>
        ) : (
          <ul className="space-y-3" aria-labelledby="staff-list-heading">
            {data.staff.map((member) => (
              // A key with the role resets the row's picker after a change.
              <StaffRow
                key={`${member.id}:${member.role}`}
                member={member}
                self={member.id === data.selfId}
                busy={busy}
                submit={submit}
                onRemove={setRemoving}
                onResetTwoFactor={setResetting}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="staff-invitations-heading" className="space-y-3">
        <h3 id="staff-invitations-heading" className="text-lg">
          Invitations waiting
        </h3>
        {data.invitations.length === 0 ? (
          <p className="text-sm text-muted">{staffTexts.noInvitations}</p>
        ) : (
          <ul className="space-y-3" aria-labelledby="staff-invitations-heading">
            {data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} busy={busy} submit={submit} />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the staff?"
        message={`${removing?.name ?? ''} goes back to being a customer: the admin area closes for them on their next page, and their customer account stays.`}
        confirmLabel="Remove"
        onConfirm={() => removing && submit({ intent: 'staff-remove', id: removing.id })}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        open={resetting !== null}
        title="Turn off their two-step sign-in?"
        message={`For a lost phone and lost recovery codes: ${resetting?.name ?? ''} is signed out everywhere, signs in with their password, and turns two-step sign-in on again.`}
        confirmLabel="Turn off"
        onConfirm={() => resetting && submit({ intent: 'staff-reset-two-factor', id: resetting.id })}
        onCancel={() => setResetting(null)}
      />
    </section>
  );
}
