import { Pencil, Plus, Save } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { ActionNotice } from './admin-nav';
import type { AdminActionResult } from './admin-texts';

type Errors = Record<string, string>;

/** A location as Settings → Locations shows it (core/inventory/locations.ts LocationView). */
export interface LocationRow {
  id: number;
  name: string;
  address: string;
  fulfilsOnline: boolean;
  pickup: boolean;
  isDefault: boolean;
  position: number;
  units: number;
}

const unitCount = new Intl.NumberFormat('en-NG');

/** '1 unit', '1,240 units'. */
export const unitsLabel = (units: number) => `${unitCount.format(units)} ${units === 1 ? 'unit' : 'units'}`;

/**
 * The address a location is shown with: its own, or for the shop's first location, left blank, the
 * shop's address from Settings (where that location is, until the owner types another).
 */
export function shownAddress(
  location: Pick<LocationRow, 'address' | 'isDefault'>,
  shopAddress: string,
): { text: string; fromShop: boolean } {
  if (location.address.trim()) return { text: location.address, fromShop: false };
  if (location.isDefault && shopAddress.trim()) return { text: shopAddress, fromShop: true };
  return { text: '', fromShop: false };
}

/**
 * The pickup location next to the pickup address shoppers are told: whether its address says something
 * else (case and spacing aside), so the owner is offered to copy it. Null without a pickup location.
 */
export function pickupPoint(
  locations: Pick<LocationRow, 'name' | 'address' | 'pickup' | 'isDefault'>[],
  pickupAddress: string,
  shopAddress: string,
): { name: string; address: string; differs: boolean } | null {
  const location = locations.find((candidate) => candidate.pickup);
  if (!location) return null;
  const address = shownAddress(location, shopAddress).text;
  const plain = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  return { name: location.name, address, differs: address !== '' && plain(address) !== plain(pickupAddress) };
}

function Tick({
  name,
  label,
  hint,
  defaultChecked,
  error,
}: {
  name: string;
  label: string;
  hint: string;
  defaultChecked: boolean;
  error: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        className="mt-0.5 size-4 shrink-0 accent-gold-deep"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p
          id={`${id}-note`}
          role={error ? 'alert' : undefined}
          className={error ? 'text-xs text-sale' : 'text-xs text-muted'}
        >
          {error ?? hint}
        </p>
      </div>
    </div>
  );
}

/** The fields of one location, for a row being changed or the one being added. */
function LocationFields({
  location,
  shopAddress,
  errors,
}: {
  location: LocationRow | null;
  shopAddress: string;
  errors: Errors;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
      <Field
        label="Name"
        name="name"
        defaultValue={location?.name ?? ''}
        maxLength={80}
        required
        error={errors.name}
      />
      <Field
        label="Order"
        name="position"
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        step={1}
        defaultValue={location ? location.position : ''}
        placeholder={location ? undefined : 'Last'}
        error={errors.position}
      />
      <Field
        label="Address"
        name="address"
        defaultValue={location?.address ?? ''}
        placeholder={location?.isDefault ? shopAddress : undefined}
        maxLength={200}
        error={errors.address}
        hint={
          location?.isDefault && !location.address
            ? "Blank: the shop's address from Shop Details."
            : undefined
        }
        className="sm:col-span-2"
      />
      <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
        <Tick
          name="fulfilsOnline"
          label="Sells online"
          hint="Its units are what shoppers can buy; the lowest order is taken from first."
          defaultChecked={location?.fulfilsOnline ?? false}
          error={errors.fulfilsOnline}
        />
        <Tick
          name="pickup"
          label="Pickup point"
          hint="Pickup orders take their units from here first. One location; it sells online."
          defaultChecked={location?.pickup ?? false}
          error={errors.pickup}
        />
      </div>
      {errors.id ? (
        <p role="alert" className="text-sm text-sale sm:col-span-2">
          {errors.id}
        </p>
      ) : null}
    </div>
  );
}

/** The answer of one location's form once it is in, and the failure's field messages. */
function useLocationFetcher(key: string) {
  const fetcher = useFetcher<AdminActionResult>({ key });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return {
    fetcher,
    busy: fetcher.state !== 'idle',
    result,
    errors: result && !result.ok ? result.fields : {},
  };
}

function Notice({ result }: { result: AdminActionResult | undefined }) {
  if (!result) return null;
  return (
    <ActionNotice tone={result.ok ? 'success' : 'error'}>
      {result.ok ? result.message : result.error}
    </ActionNotice>
  );
}

function LocationItem({ location, shopAddress }: { location: LocationRow; shopAddress: string }) {
  const [editing, setEditing] = useState(false);
  const { fetcher, busy, result, errors } = useLocationFetcher(`admin-location-${location.id}`);
  const headingId = useId();
  const address = shownAddress(location, shopAddress);
  // A save that went through closes the row; the list shows what was saved. A refusal keeps it open.
  const answered = useRef(result);
  useEffect(() => {
    if (result && result !== answered.current && result.ok) setEditing(false);
    answered.current = result;
  }, [result]);
  // Opening moves the keyboard to the name; closing, back to Edit (the button that had it is gone).
  const form = useRef<HTMLFormElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const opened = useRef(editing);
  useEffect(() => {
    if (opened.current === editing) return;
    opened.current = editing;
    if (editing) form.current?.querySelector<HTMLInputElement>('input[name="name"]')?.focus();
    else editButton.current?.focus();
  }, [editing]);

  return (
    <li aria-labelledby={headingId} data-testid="location-row" className="rounded-sm border border-line p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={headingId} className="font-medium break-words text-ink">
              {location.name}
            </h4>
            {location.fulfilsOnline ? (
              <Badge tone="success">Sells online</Badge>
            ) : (
              <Badge>Not sold online</Badge>
            )}
            {location.pickup ? <Badge tone="gold">Pickup point</Badge> : null}
          </div>
          <p className="mt-1 text-sm break-words text-ink-soft">
            {address.text || <span className="text-muted">No address</span>}
            {address.fromShop ? <span className="text-muted"> (the shop&apos;s address)</span> : null}
          </p>
          <p className="mt-1 text-xs text-muted">
            {unitsLabel(location.units)} held · Order {location.position}
          </p>
        </div>
        {editing ? null : (
          <Button
            ref={editButton}
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            aria-describedby={headingId}
          >
            <Pencil width={14} height={14} aria-hidden="true" />
            Edit
          </Button>
        )}
      </div>
      {result?.ok && !editing ? (
        <div className="mt-3">
          <Notice result={result} />
        </div>
      ) : null}
      {editing ? (
        <fetcher.Form
          ref={form}
          method="post"
          action="/admin?tab=settings"
          noValidate
          aria-label={`Change ${location.name}`}
          className="mt-4 space-y-4 border-t border-line pt-4"
        >
          <input type="hidden" name="intent" value="settings-save" />
          <input type="hidden" name="section" value="locations" />
          <input type="hidden" name="id" value={location.id} />
          <LocationFields location={location} shopAddress={shopAddress} errors={errors} />
          {result && !result.ok ? <Notice result={result} /> : null}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="ghost" size="sm" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={busy}>
              <Save width={14} height={14} aria-hidden="true" />
              {busy ? 'Saving…' : 'Save location'}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function AddLocation({ shopAddress }: { shopAddress: string }) {
  const { fetcher, busy, result, errors } = useLocationFetcher('admin-location-new');
  const form = useRef<HTMLFormElement>(null);
  const answered = useRef(result);
  // Added: the form is emptied for the next one. Refused: everything typed stays.
  useEffect(() => {
    if (result && result !== answered.current && result.ok) form.current?.reset();
    answered.current = result;
  }, [result]);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/admin?tab=settings"
      noValidate
      aria-labelledby="settings-location-add"
      className="space-y-4 rounded-sm border border-dashed border-line p-4"
    >
      <h4 id="settings-location-add" className="text-sm font-semibold text-ink">
        Add a location
      </h4>
      <input type="hidden" name="intent" value="settings-save" />
      <input type="hidden" name="section" value="locations" />
      <LocationFields location={null} shopAddress={shopAddress} errors={errors} />
      <Notice result={result} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={busy}>
          <Plus width={14} height={14} aria-hidden="true" />
          {busy ? 'Adding…' : 'Add location'}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * Settings → Locations: where the shop keeps stock (the shop, a second shop, a store room), with the
 * units each holds, whether its units sell online, which one hands over pickup orders, and the order
 * online orders take from them. Each location saves on its own form, apart from Save Settings; core
 * holds every rule (one pickup point that sells, one selling location at least, names unique) and a
 * refusal shows beside its field with what was typed kept (decision 0068).
 */
export function LocationSettings({
  locations,
  shopAddress,
}: {
  locations: LocationRow[];
  shopAddress: string;
}) {
  const pickup = locations.find((location) => location.pickup);
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink-soft" data-testid="pickup-location">
        {pickup ? (
          <>
            Pickup point: <strong className="font-semibold text-ink">{pickup.name}</strong>. Shoppers are told
            the pickup address and hours under Pickup and carriers.
          </>
        ) : (
          'No location is the pickup point: pickup orders take their units from the locations that sell online, in order.'
        )}
      </p>
      <ul className="space-y-3" aria-label="Locations">
        {locations.map((location) => (
          <LocationItem key={location.id} location={location} shopAddress={shopAddress} />
        ))}
      </ul>
      <AddLocation shopAddress={shopAddress} />
    </div>
  );
}
