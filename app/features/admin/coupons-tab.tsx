import { Pencil, Plus, Power, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import { AdminTable, EmptyState } from './admin-list';
import type { AdminActionResult } from './admin-texts';
import type { loadCouponsTab } from './coupons-tab.server';

type CouponsData = Awaited<ReturnType<typeof loadCouponsTab>>;
type CouponRow = CouponsData['coupons'][number];

const stateLabels: Record<CouponRow['state'], string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  'used-up': 'Used up',
};
const stateTones: Record<CouponRow['state'], string> = {
  active: 'border-success/30 bg-success/10 text-success',
  inactive: 'border-ink/15 bg-cream text-ink-soft',
  expired: 'border-warning/40 bg-warning/5 text-warning',
  'used-up': 'border-warning/40 bg-warning/5 text-warning',
};

function CouponState({ state }: { state: CouponRow['state'] }) {
  return (
    <span
      data-testid="coupon-state"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        stateTones[state],
      )}
    >
      {stateLabels[state]}
    </span>
  );
}

/** 'used / limit' with a bar when there is a limit. */
function Usage({ coupon }: { coupon: CouponRow }) {
  const limit = coupon.usageLimit;
  return (
    <div className="min-w-24" data-testid="coupon-usage">
      <span className="tabular-nums">
        {coupon.usedCount} / {limit ?? '∞'}
      </span>
      <span className="sr-only">{limit === null ? ' uses, no limit' : ' uses'}</span>
      {limit !== null ? (
        <span className="mt-1 block h-1 overflow-hidden rounded-full bg-cream" aria-hidden="true">
          <span
            className="block h-full bg-gold-deep"
            style={{ width: `${Math.min(100, Math.round((coupon.usedCount / limit) * 100))}%` }}
          />
        </span>
      ) : null}
    </div>
  );
}

/** The values a coupon shares between creating and editing. */
function CouponFields({
  coupon,
  errors,
  idPrefix,
}: {
  coupon?: CouponRow;
  errors: Record<string, string>;
  idPrefix: string;
}) {
  return (
    <>
      <Field
        id={`${idPrefix}-percent`}
        label="Discount (%)"
        name="percent"
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        required
        defaultValue={coupon?.percent}
        error={errors.percent}
      />
      <Field
        id={`${idPrefix}-limit`}
        label="Usage limit"
        name="usageLimit"
        type="number"
        inputMode="numeric"
        min={1}
        defaultValue={coupon?.usageLimit ?? ''}
        error={errors.usageLimit}
        hint="Empty for no limit."
      />
      <Field
        id={`${idPrefix}-expires`}
        label="Expires (Lagos time)"
        name="expiresAt"
        type="datetime-local"
        defaultValue={coupon?.expiresAtInput ?? ''}
        error={errors.expiresAt}
        hint="Empty to never expire."
      />
      <Field
        id={`${idPrefix}-description`}
        label="Description"
        name="description"
        maxLength={200}
        defaultValue={coupon?.description ?? ''}
        error={errors.description}
        placeholder="15% off a first order"
        className="sm:col-span-2"
      />
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-1 lg:pt-7">
        <input
          id={`${idPrefix}-first`}
          name="firstOrderOnly"
          type="checkbox"
          defaultChecked={coupon?.firstOrderOnly ?? false}
          className="size-4 accent-gold-deep"
        />
        <label htmlFor={`${idPrefix}-first`} className="text-sm font-medium text-ink">
          First order only
        </label>
      </div>
    </>
  );
}

function CreateCoupon() {
  const fetcher = useFetcher<AdminActionResult>({ key: 'coupon-create' });
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.fields : {};
  // A created coupon empties the form for the next one; a refused one keeps what was typed.
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <section
      aria-labelledby="coupon-create-heading"
      className="rounded-card border border-line bg-white p-5 sm:p-6"
    >
      <h3 id="coupon-create-heading" className="text-xl">
        Create a Coupon
      </h3>
      <fetcher.Form
        ref={form}
        method="post"
        action="/admin?tab=coupons"
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <input type="hidden" name="intent" value="coupon-create" />
        <Field
          id="coupon-new-code"
          label="Code"
          name="code"
          required
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.code}
          hint="Letters A-Z and digits; any case works at checkout."
          className="[&_input]:font-mono [&_input]:uppercase"
        />
        <CouponFields errors={errors} idPrefix="coupon-new" />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={fetcher.state !== 'idle'}>
            <Plus width={16} height={16} aria-hidden="true" /> Create Coupon
          </Button>
          {result ? (
            <div className="min-w-0 flex-1">
              <ActionNotice tone={result.ok ? 'success' : 'error'}>
                {result.ok ? result.message : result.error}
              </ActionNotice>
            </div>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}

/** Editing one coupon: its code stays (orders refer to it). */
function EditCoupon({
  coupon,
  layout,
  onClose,
}: {
  coupon: CouponRow;
  layout: 'table' | 'card';
  onClose: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.fields : {};
  return (
    <fetcher.Form
      method="post"
      action="/admin?tab=coupons"
      noValidate
      aria-label={`Edit coupon ${coupon.code}`}
      className="grid gap-4 bg-paper p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <input type="hidden" name="intent" value="coupon-update" />
      <input type="hidden" name="id" value={coupon.id} />
      <CouponFields coupon={coupon} errors={errors} idPrefix={`coupon-${coupon.id}-${layout}`} />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit" size="sm" disabled={fetcher.state !== 'idle'}>
          Save Coupon
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
        {result ? (
          <div className="min-w-0 flex-1">
            <ActionNotice tone={result.ok ? 'success' : 'error'}>
              {result.ok ? result.message : result.error}
            </ActionNotice>
          </div>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

function RowActions({
  coupon,
  editing,
  onEdit,
}: {
  coupon: CouponRow;
  editing: boolean;
  onEdit: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'coupon-toggle' });
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('id') === String(coupon.id);
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button
        size="sm"
        variant="outline"
        onClick={onEdit}
        aria-expanded={editing}
        aria-label={`${editing ? 'Close' : 'Edit'} coupon ${coupon.code}`}
      >
        {editing ? (
          <X width={14} height={14} aria-hidden="true" />
        ) : (
          <Pencil width={14} height={14} aria-hidden="true" />
        )}
        {editing ? 'Close' : 'Edit'}
      </Button>
      <fetcher.Form method="post" action="/admin?tab=coupons">
        <input type="hidden" name="intent" value="coupon-toggle" />
        <input type="hidden" name="id" value={coupon.id} />
        <input type="hidden" name="active" value={coupon.active ? 'false' : 'true'} />
        <Button
          type="submit"
          size="sm"
          variant="ghost"
          disabled={pending}
          aria-label={`${coupon.active ? 'Deactivate' : 'Activate'} coupon ${coupon.code}`}
          className={coupon.active ? 'text-sale hover:bg-sale/5' : undefined}
        >
          <Power width={14} height={14} aria-hidden="true" /> {coupon.active ? 'Deactivate' : 'Activate'}
        </Button>
      </fetcher.Form>
    </div>
  );
}

function Expiry({ coupon }: { coupon: CouponRow }) {
  return coupon.expiresAt ? (
    <OrderDate iso={coupon.expiresAt} withTime />
  ) : (
    <span className="text-muted">Never</span>
  );
}

/** Coupons: create, edit, activate and deactivate; usage counted by checkout. */
export function CouponsTab({ data }: { data: CouponsData }) {
  const [editing, setEditing] = useState<number | null>(null);
  const toggle = useFetcher<AdminActionResult>({ key: 'coupon-toggle' });
  const toggled = toggle.state === 'idle' ? toggle.data : undefined;
  const edit = (id: number) => setEditing((current) => (current === id ? null : id));

  return (
    <section aria-labelledby="coupons-heading" className="space-y-5">
      <div>
        <h2 id="coupons-heading" className="text-2xl">
          Coupons
        </h2>
        <p className="mt-1 text-sm text-muted">
          Checkout checks each code on the server: active, not expired, within its limit and, if set, on a
          first order.
        </p>
      </div>
      <CreateCoupon />
      {toggled ? (
        <ActionNotice tone={toggled.ok ? 'success' : 'error'}>
          {toggled.ok ? toggled.message : toggled.error}
        </ActionNotice>
      ) : null}
      {data.coupons.length === 0 ? (
        <EmptyState title="No coupons yet." hint="Create one above; shoppers can use it at once." />
      ) : (
        <>
          <AdminTable
            layout="lg"
            testId="coupons-table"
            caption="Coupons, newest first"
            columns={[
              { label: 'Code' },
              { label: 'Discount', align: 'right' },
              { label: 'Used' },
              { label: 'Expires' },
              { label: 'Status' },
              { label: 'Actions', srOnly: true },
            ]}
          >
            {data.coupons.map((coupon) => (
              <tbody key={coupon.id} className="border-t border-line first-of-type:border-t-0">
                <tr data-testid="coupon-row" data-code={coupon.code}>
                  <td className="max-w-72 px-4 py-3 align-top">
                    <span className="block font-mono font-semibold text-ink">{coupon.code}</span>
                    <span className="block truncate text-xs text-muted">
                      {coupon.firstOrderOnly ? 'First order only · ' : ''}
                      {coupon.description || 'No description'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right align-top font-medium tabular-nums">
                    {coupon.percent}%
                  </td>
                  <td className="px-4 py-3 align-top">
                    <Usage coupon={coupon} />
                  </td>
                  <td className="px-4 py-3 align-top text-ink-soft">
                    <Expiry coupon={coupon} />
                  </td>
                  <td className="px-4 py-3 align-top">
                    <CouponState state={coupon.state} />
                  </td>
                  <td className="px-4 py-3 align-top">
                    <RowActions
                      coupon={coupon}
                      editing={editing === coupon.id}
                      onEdit={() => edit(coupon.id)}
                    />
                  </td>
                </tr>
                {editing === coupon.id ? (
                  <tr>
                    <td colSpan={6} className="p-0">
                      <EditCoupon coupon={coupon} layout="table" onClose={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : null}
              </tbody>
            ))}
          </AdminTable>
          <ul className="space-y-3 lg:hidden" aria-label="Coupons, newest first">
            {data.coupons.map((coupon) => (
              <li
                key={coupon.id}
                data-testid="coupon-card"
                data-code={coupon.code}
                className="overflow-hidden rounded-card border border-line bg-white text-sm"
              >
                <div className="p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-mono font-semibold text-ink">
                        {coupon.code} <span className="font-sans font-medium">· {coupon.percent}% off</span>
                      </p>
                      <p className="truncate text-xs text-muted">
                        {coupon.firstOrderOnly ? 'First order only · ' : ''}
                        {coupon.description || 'No description'}
                      </p>
                    </div>
                    <CouponState state={coupon.state} />
                  </div>
                  <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
                    <div className="flex gap-6 text-xs text-ink-soft">
                      <div>
                        <p className="text-muted">Used</p>
                        <Usage coupon={coupon} />
                      </div>
                      <div>
                        <p className="text-muted">Expires</p>
                        <Expiry coupon={coupon} />
                      </div>
                    </div>
                    <RowActions
                      coupon={coupon}
                      editing={editing === coupon.id}
                      onEdit={() => edit(coupon.id)}
                    />
                  </div>
                </div>
                {editing === coupon.id ? (
                  <div className="border-t border-line">
                    <EditCoupon coupon={coupon} layout="card" onClose={() => setEditing(null)} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
