import { Pencil, Plus, Power, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { couponNaira } from '../../../contracts/checkout-texts';
import { groupedNairaInput } from '../../../contracts/money';
import { Field, SelectField } from '../../components/ui/field';
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

type CategoryChoice = CouponsData['categories'][number];

const typeChoices: { value: CouponRow['type']; label: string }[] = [
  { value: 'percent', label: 'Percentage off' },
  { value: 'fixed', label: 'Fixed amount off (₦)' },
  { value: 'free_delivery', label: 'Free delivery' },
];

/** Naira as the form shows it: 5,000 from 500000 kobo, 5,000.5 where there are kobo (commas are read back). */
const nairaInput = (kobo: number | null | undefined) => (kobo ? groupedNairaInput(kobo) : '');

function CategoryBox({
  category,
  chosen,
  idPrefix,
}: {
  category: CategoryChoice;
  chosen: string[];
  idPrefix: string;
}) {
  const id = `${idPrefix}-category-${category.id}`;
  return (
    <span className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name="categoryIds"
        value={category.id}
        defaultChecked={chosen.includes(category.id)}
        className="size-4 shrink-0 accent-gold-deep"
      />
      <label htmlFor={id} className={cn('text-sm text-ink', !category.parentId && 'font-medium')}>
        {category.name}
        {category.parentId ? null : <span className="font-normal text-muted"> (all of it)</span>}
      </label>
    </span>
  );
}

/** The categories a coupon is for: none ticked, every line. Children sit under their parent. */
function CategoryChoices({
  categories,
  chosen,
  error,
  idPrefix,
}: {
  categories: CategoryChoice[];
  chosen: string[];
  error: string | undefined;
  idPrefix: string;
}) {
  const [count, setCount] = useState(chosen.length);
  return (
    <details
      className="self-start rounded-sm border border-line bg-white sm:col-span-2"
      open={Boolean(error) || undefined}
      onChange={(event) => {
        const boxes = event.currentTarget.querySelectorAll('input:checked');
        setCount(boxes.length);
      }}
    >
      <summary className="cursor-pointer px-3 py-2.5 text-sm text-ink">
        <span className="text-xs font-medium tracking-wide text-ink-soft uppercase">Categories</span>{' '}
        <span className="text-ink-soft">· {count === 0 ? 'every category' : `${count} chosen`}</span>
      </summary>
      <fieldset className="max-h-80 overflow-y-auto border-t border-line px-3 py-2">
        <legend className="sr-only">Categories the coupon is for</legend>
        <ul className="space-y-2">
          {categories
            .filter(
              (category) => !category.parentId || !categories.some((row) => row.id === category.parentId),
            )
            .map((top) => (
              <li key={top.id}>
                <CategoryBox category={top} chosen={chosen} idPrefix={idPrefix} />
                {categories.some((row) => row.parentId === top.id) ? (
                  <ul className="mt-1 grid gap-1 pl-6 sm:grid-cols-2">
                    {categories
                      .filter((row) => row.parentId === top.id)
                      .map((child) => (
                        <li key={child.id}>
                          <CategoryBox category={child} chosen={chosen} idPrefix={idPrefix} />
                        </li>
                      ))}
                  </ul>
                ) : null}
              </li>
            ))}
        </ul>
      </fieldset>
      {error ? (
        <p role="alert" className="px-3 pb-2 text-xs text-sale">
          {error}
        </p>
      ) : null}
    </details>
  );
}

/** The values a coupon shares between creating and editing. */
function CouponFields({
  coupon,
  categories,
  errors,
  idPrefix,
}: {
  coupon?: CouponRow;
  categories: CategoryChoice[];
  errors: Record<string, string>;
  idPrefix: string;
}) {
  const [type, setType] = useState<CouponRow['type']>(coupon?.type ?? 'percent');
  return (
    <>
      <SelectField
        id={`${idPrefix}-type`}
        label="Type"
        name="type"
        value={type}
        onChange={(event) => setType(event.target.value as CouponRow['type'])}
        error={errors.type}
      >
        {typeChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </SelectField>
      {type === 'percent' ? (
        <Field
          id={`${idPrefix}-percent`}
          label="Discount (%)"
          name="percent"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          required
          defaultValue={coupon?.percent ?? ''}
          error={errors.percent}
        />
      ) : type === 'fixed' ? (
        <Field
          id={`${idPrefix}-amount`}
          label="Amount off (₦)"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={nairaInput(coupon?.amountKobo)}
          error={errors.amount}
          placeholder="5,000"
          hint="Taken off the eligible items, never below ₦0."
          className="[&_input]:tabular-nums"
        />
      ) : (
        <p className="self-end pb-3 text-sm text-ink-soft">
          The delivery method the shopper chooses is free; pickup is not a delivery.
        </p>
      )}
      <Field
        id={`${idPrefix}-minimum`}
        label="Minimum spend (₦)"
        name="minimumSpend"
        inputMode="decimal"
        defaultValue={nairaInput(coupon?.minimumSpendKobo)}
        error={errors.minimumSpend}
        placeholder="20,000"
        hint="On the eligible items. Empty for none."
        className="[&_input]:tabular-nums"
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
        hint="All orders together. Empty for no limit."
      />
      <Field
        id={`${idPrefix}-per-customer`}
        label="Limit per customer"
        name="usageLimitPerCustomer"
        type="number"
        inputMode="numeric"
        min={1}
        defaultValue={coupon?.usageLimitPerCustomer ?? ''}
        error={errors.usageLimitPerCustomer}
        hint="By account, e-mail or phone. Empty for no limit."
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
      <CategoryChoices
        categories={categories}
        chosen={coupon?.categoryIds ?? []}
        error={errors.categoryIds}
        idPrefix={idPrefix}
      />
      <Field
        id={`${idPrefix}-products`}
        label="Products"
        name="productIds"
        inputMode="numeric"
        defaultValue={coupon?.productIds.join(', ') ?? ''}
        error={errors.productIds}
        placeholder="1001, 1002"
        hint="Product numbers, as in /product/1001. With no category either: every item."
        className="sm:col-span-2"
      />
      <Field
        id={`${idPrefix}-description`}
        label="Description"
        name="description"
        maxLength={200}
        defaultValue={coupon?.description ?? ''}
        error={errors.description}
        placeholder="₦5,000 off bags over ₦20,000"
        className="sm:col-span-2"
      />
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-2 lg:pt-7">
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

/** What a coupon asks of an order: its minimum, its limit per customer, what it is for. */
function conditionsOf(coupon: CouponRow): string[] {
  return [
    coupon.firstOrderOnly ? 'First order only' : null,
    coupon.minimumSpendKobo > 0 ? `Min ${couponNaira(coupon.minimumSpendKobo)}` : null,
    coupon.usageLimitPerCustomer ? `${coupon.usageLimitPerCustomer} per customer` : null,
    coupon.appliesTo ? `On ${coupon.appliesTo}` : null,
  ].filter((condition): condition is string => condition !== null);
}

function CouponSummary({ coupon }: { coupon: CouponRow }) {
  const conditions = conditionsOf(coupon);
  return (
    <>
      <span className="block text-xs text-muted">{coupon.description || 'No description'}</span>
      {conditions.length > 0 ? (
        <span className="mt-0.5 block text-xs text-ink-soft tabular-nums" data-testid="coupon-conditions">
          {conditions.join(' · ')}
        </span>
      ) : null}
    </>
  );
}

function CreateCoupon({ categories }: { categories: CategoryChoice[] }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'coupon-create' });
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.fields : {};
  // A created coupon empties the form for the next one (its fields drawn afresh, the type's choice
  // and the categories' count with them); a refused one keeps what was typed.
  const [round, setRound] = useState(0);
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
        onReset={() => setRound((count) => count + 1)}
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
        <CouponFields key={round} categories={categories} errors={errors} idPrefix="coupon-new" />
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
  categories,
  layout,
  onClose,
}: {
  coupon: CouponRow;
  categories: CategoryChoice[];
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
      <CouponFields
        coupon={coupon}
        categories={categories}
        errors={errors}
        idPrefix={`coupon-${coupon.id}-${layout}`}
      />
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
          Checkout checks each code on the server: active, not expired, within its limits and, if set, on a
          first order, over its minimum spend and on the items it is for.
        </p>
      </div>
      <CreateCoupon categories={data.categories} />
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
                    <CouponSummary coupon={coupon} />
                  </td>
                  <td
                    className="px-4 py-3 text-right align-top font-medium whitespace-nowrap tabular-nums"
                    data-testid="coupon-offer"
                  >
                    {coupon.offer}
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
                      <EditCoupon
                        coupon={coupon}
                        categories={data.categories}
                        layout="table"
                        onClose={() => setEditing(null)}
                      />
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
                        {coupon.code}{' '}
                        <span className="font-sans font-medium tabular-nums" data-testid="coupon-offer">
                          · {coupon.offer}
                        </span>
                      </p>
                      <CouponSummary coupon={coupon} />
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
                    <EditCoupon
                      coupon={coupon}
                      categories={data.categories}
                      layout="card"
                      onClose={() => setEditing(null)}
                    />
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
