import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { checkoutCountries, countryNames, type CheckoutCountry } from '../../../contracts/checkout-texts';
import { nigerianStateLabel, nigerianStates, type NigerianState } from '../../../contracts/nigeria';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import type { DeliveryZoneInNaira } from '../../../core/settings/settings-in-naira';

type Errors = Record<string, string>;

/** The method a shopper collects from the shop with (core/settings/shop-settings.ts PICKUP_METHOD_ID). */
const PICKUP = 'pickup';
const abroad = checkoutCountries.filter((country) => country !== 'Nigeria');

interface ZoneDraft {
  /** React's key: stable while zones are added and removed. */
  key: string;
  zone: DeliveryZoneInNaira;
  kind: 'states' | 'countries';
  /** Added here and not saved yet: its id follows its name. */
  fresh: boolean;
}

let drafted = 0;
const draftOf = (zone: DeliveryZoneInNaira, fresh = false): ZoneDraft => ({
  key: `zone-${drafted++}`,
  zone,
  fresh,
  kind: zone.countries.length > 0 && zone.states.length === 0 ? 'countries' : 'states',
});

/** A zone id from its name, unique among the zones: 'North Central' → 'north-central'. */
function zoneIdFor(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^[^a-z]+/, '')
      .slice(0, 24) || 'zone';
  const padded = base.length < 2 ? `${base}-zone` : base;
  let id = padded;
  for (let count = 2; taken.has(id); count++) id = `${padded}-${count}`;
  return id;
}

/**
 * Settings → Delivery: the zones delivery is priced by, the daily cut-off and the holidays. Ticking a
 * state in one zone takes it out of any other, so each state lies in one zone; a state left in none is
 * named at once, and the shop refuses to save such a layout, naming the state.
 */
export function DeliverySettings({
  zones: savedZones,
  methods,
  dispatchCutoff,
  publicHolidays,
  errors,
}: {
  zones: DeliveryZoneInNaira[];
  /** The shop's shipping methods, in its order; pickup is offered zone by zone after them. */
  methods: { id: string; name: string }[];
  dispatchCutoff: string;
  publicHolidays: string[];
  errors: Errors;
}) {
  const holidayError = Object.entries(errors).find(([name]) => name.startsWith('publicHolidays'))?.[1];
  const [zones, setZones] = useState<ZoneDraft[]>(() => savedZones.map((zone) => draftOf(zone)));
  const allMethods = [...methods, { id: PICKUP, name: 'Pickup at the shop' }];

  const update = (key: string, change: (zone: DeliveryZoneInNaira) => DeliveryZoneInNaira) =>
    setZones((current) =>
      current.map((draft) => (draft.key === key ? { ...draft, zone: change(draft.zone) } : draft)),
    );

  /** A state ticked in one zone leaves every other: a state is never in two zones. */
  const toggleState = (key: string, state: NigerianState, on: boolean) =>
    setZones((current) =>
      current.map((draft) => {
        const has = draft.zone.states.includes(state);
        if (draft.key === key)
          return on === has
            ? draft
            : {
                ...draft,
                zone: {
                  ...draft.zone,
                  states: on ? [...draft.zone.states, state] : draft.zone.states.filter((s) => s !== state),
                },
              };
        return on && has
          ? { ...draft, zone: { ...draft.zone, states: draft.zone.states.filter((s) => s !== state) } }
          : draft;
      }),
    );

  const toggleCountry = (key: string, country: CheckoutCountry, on: boolean) =>
    setZones((current) =>
      current.map((draft) => {
        const has = draft.zone.countries.includes(country);
        const countries =
          draft.key === key
            ? on
              ? has
                ? draft.zone.countries
                : [...draft.zone.countries, country]
              : draft.zone.countries.filter((c) => c !== country)
            : on
              ? draft.zone.countries.filter((c) => c !== country)
              : draft.zone.countries;
        return countries === draft.zone.countries ? draft : { ...draft, zone: { ...draft.zone, countries } };
      }),
    );

  const addZone = () =>
    setZones((current) => [
      ...current,
      draftOf(
        {
          id: '',
          name: '',
          states: [],
          countries: [],
          methods: methods.slice(0, 1).map((method) => ({
            id: method.id,
            price: 0,
            minDays: 1,
            maxDays: 3,
            enabled: true,
          })),
          freeShippingThreshold: null,
        },
        true,
      ),
    ]);
  /** A saved zone keeps its id; a new one takes it from its name. */
  const idOf = (draft: ZoneDraft) =>
    draft.fresh
      ? zoneIdFor(
          draft.zone.name || 'zone',
          new Set(zones.filter((other) => other !== draft && !other.fresh).map((other) => other.zone.id)),
        )
      : draft.zone.id;

  const unzoned = nigerianStates.filter((state) => !zones.some((draft) => draft.zone.states.includes(state)));
  const zoneOfState = (state: NigerianState) => zones.find((draft) => draft.zone.states.includes(state));

  return (
    <div className="space-y-5" data-testid="delivery-settings">
      <input type="hidden" name="deliveryZones.shown" value="1" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Daily cut-off (Lagos time)"
          name="dispatchCutoff"
          type="time"
          defaultValue={dispatchCutoff}
          error={errors.dispatchCutoff}
          hint="Orders after it ship the next business day."
        />
        <div className="space-y-1.5">
          <label
            htmlFor="setting-publicHolidays"
            className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
          >
            Public holidays
          </label>
          <textarea
            id="setting-publicHolidays"
            name="publicHolidays"
            rows={4}
            defaultValue={publicHolidays.join('\n')}
            aria-invalid={holidayError ? true : undefined}
            aria-describedby="setting-publicHolidays-hint"
            className="block w-full rounded-sm border border-line bg-white px-3 py-2 font-mono text-sm text-ink focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale"
          />
          <p
            id="setting-publicHolidays-hint"
            className={cn('text-xs', holidayError ? 'text-sale' : 'text-muted')}
          >
            {holidayError ??
              'One date a line, YYYY-MM-DD. Nothing ships or travels on them, nor on Sundays. Add Eid and other moving holidays when they are announced.'}
          </p>
        </div>
      </div>

      {errors.deliveryZones ? (
        <p role="alert" className="rounded-sm bg-sale/10 p-3 text-sm text-sale" data-testid="zones-error">
          {errors.deliveryZones}
        </p>
      ) : null}
      {unzoned.length > 0 ? (
        <p
          role="status"
          className="rounded-sm bg-cream p-3 text-sm text-warning"
          data-testid="unzoned-states"
        >
          Not in any zone yet: {unzoned.map(nigerianStateLabel).join(', ')}. Every state needs a zone before
          the settings can be saved.
        </p>
      ) : null}

      {zones.map((draft, index) => {
        const { zone } = draft;
        const prefix = `deliveryZones.${index}`;
        const title = zone.name || 'New zone';
        return (
          <fieldset
            key={draft.key}
            className="min-w-0 space-y-4 rounded-sm border border-line p-4"
            data-testid={`zone-${idOf(draft)}`}
          >
            <legend className="px-1 text-xs font-medium tracking-wide text-ink-soft uppercase">
              {title}
            </legend>
            <input type="hidden" name={`${prefix}.id`} value={idOf(draft)} />
            <div className="flex flex-wrap items-end gap-4">
              <Field
                label="Zone name"
                name={`${prefix}.name`}
                value={zone.name}
                onChange={(event) => {
                  const name = event.target.value;
                  update(draft.key, (current) => ({ ...current, name }));
                }}
                maxLength={40}
                error={errors[`${prefix}.name`] ?? errors[`${prefix}.id`]}
                className="min-w-0 flex-1 basis-48"
              />
              <Field
                label="Free delivery over (₦)"
                name={`${prefix}.freeShippingThreshold`}
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                defaultValue={zone.freeShippingThreshold ?? ''}
                placeholder="The shop's"
                error={errors[`${prefix}.freeShippingThreshold`]}
                hint="Empty: the shop's threshold."
                className="w-full basis-48 sm:w-48"
              />
              <button
                type="button"
                onClick={() => setZones((current) => current.filter((other) => other.key !== draft.key))}
                className="inline-flex h-11 items-center gap-2 rounded-sm border border-line px-3 text-sm text-ink-soft hover:border-sale hover:text-sale"
                aria-label={`Remove the zone ${title}`}
              >
                <Trash2 width={15} height={15} aria-hidden="true" /> Remove
              </button>
            </div>

            <div
              role="radiogroup"
              aria-label={`Where ${title} lies`}
              className="flex flex-wrap gap-x-6 gap-y-2 text-sm"
            >
              {(['states', 'countries'] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${prefix}.kind`}
                    checked={draft.kind === kind}
                    onChange={() =>
                      setZones((current) =>
                        current.map((other) =>
                          other.key === draft.key
                            ? { ...other, kind, zone: { ...other.zone, states: [], countries: [] } }
                            : other,
                        ),
                      )
                    }
                    className="size-4 accent-gold-deep"
                  />
                  {kind === 'states' ? 'Nigerian states' : 'Countries abroad'}
                </label>
              ))}
            </div>

            {draft.kind === 'states' ? (
              <div>
                <p className="text-xs font-medium tracking-wide text-ink-soft uppercase">
                  States ({zone.states.length})
                </p>
                <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 sm:grid-cols-4 lg:grid-cols-6">
                  {nigerianStates.map((state) => {
                    const elsewhere = zoneOfState(state);
                    const mine = zone.states.includes(state);
                    return (
                      <label key={state} className="flex min-w-0 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name={`${prefix}.states`}
                          value={state}
                          checked={mine}
                          onChange={(event) => toggleState(draft.key, state, event.target.checked)}
                          className="size-4 shrink-0 accent-gold-deep"
                        />
                        <span
                          className={cn(
                            'truncate',
                            !mine && elsewhere && 'text-muted',
                            !elsewhere && 'font-medium text-warning',
                          )}
                          title={nigerianStateLabel(state)}
                        >
                          {state}
                        </span>
                      </label>
                    );
                  })}
                </div>
                <p className="mt-2 text-xs text-muted">
                  Ticking a state here takes it out of the zone it was in.
                </p>
              </div>
            ) : (
              <div>
                <p className="text-xs font-medium tracking-wide text-ink-soft uppercase">Countries</p>
                <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 sm:grid-cols-4">
                  {abroad.map((country) => (
                    <label key={country} className="flex min-w-0 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={`${prefix}.countries`}
                        value={country}
                        checked={zone.countries.includes(country)}
                        onChange={(event) => toggleCountry(draft.key, country, event.target.checked)}
                        className="size-4 shrink-0 accent-gold-deep"
                      />
                      <span className="truncate">{countryNames[country]}</span>
                    </label>
                  ))}
                </div>
              </div>
            )}
            {errors[`${prefix}.states`] ? (
              <p className="text-sm text-sale">{errors[`${prefix}.states`]}</p>
            ) : null}

            <div className="space-y-2">
              <p className="text-xs font-medium tracking-wide text-ink-soft uppercase">
                Methods in this zone
              </p>
              {allMethods.map((method) => {
                const at = zone.methods.findIndex((offered) => offered.id === method.id);
                const offered = zone.methods[at];
                const methodIndex = allMethods.indexOf(method);
                const name = `${prefix}.methods.${methodIndex}`;
                const errorOf = (field: string) => errors[`${name}.${field}`];
                return (
                  <div
                    key={method.id}
                    className="grid grid-cols-3 items-end gap-3 rounded-sm bg-paper p-3 sm:grid-cols-[minmax(0,1fr)_8rem_6rem_6rem]"
                    data-testid={`zone-${idOf(draft)}-${method.id}`}
                  >
                    <input type="hidden" name={`${name}.id`} value={method.id} />
                    <label className="col-span-3 flex items-center gap-2 self-center text-sm font-medium sm:col-span-1">
                      <input
                        type="checkbox"
                        name={`${name}.enabled`}
                        defaultChecked={offered?.enabled ?? false}
                        className="size-4 shrink-0 accent-gold-deep"
                      />
                      Offer {method.name}
                    </label>
                    {method.id === PICKUP ? (
                      <p className="self-center text-sm text-muted">
                        <input type="hidden" name={`${name}.price`} value="0" />
                        Free
                      </p>
                    ) : (
                      <Field
                        label="Price (₦)"
                        name={`${name}.price`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step="0.01"
                        defaultValue={offered?.price ?? 0}
                        error={errorOf('price')}
                      />
                    )}
                    <Field
                      label="Fewest days"
                      name={`${name}.minDays`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={60}
                      defaultValue={offered?.minDays ?? 0}
                      error={errorOf('minDays')}
                    />
                    <Field
                      label="Most days"
                      name={`${name}.maxDays`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={60}
                      defaultValue={offered?.maxDays ?? 0}
                      error={errorOf('maxDays') ?? errorOf('id')}
                    />
                  </div>
                );
              })}
              <p className="text-xs text-muted">
                Days are business days after the order ships; 0 is the day it ships. Pickup is free.
              </p>
            </div>
          </fieldset>
        );
      })}

      <button
        type="button"
        onClick={addZone}
        className="inline-flex h-11 items-center gap-2 rounded-sm border border-line bg-white px-4 text-sm font-medium hover:border-ink"
      >
        <Plus width={16} height={16} aria-hidden="true" /> Add a zone
      </button>
    </div>
  );
}
