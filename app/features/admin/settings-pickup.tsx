import { useRef } from 'react';
import { TRACKING_PLACEHOLDER } from '../../../contracts/tracking-links';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';

type Errors = Record<string, string>;

interface CarrierRow {
  id: string;
  name: string;
  trackingUrl: string;
}

/**
 * Settings → Pickup and carriers: where and when shoppers collect pickup orders, and the carriers
 * staff ship with, each with its tracking-link pattern. One empty row adds a carrier; a row whose
 * name is cleared is taken out. The pickup address is what shoppers are told; the location marked
 * pickup under Locations is where those orders' units come from, named here, and its address can be
 * copied into the field when the two differ (decision 0068).
 */
export function PickupAndCarrierSettings({
  pickup,
  carriers,
  errors,
  pickupLocation = null,
}: {
  pickup: { address: string; hours: string };
  carriers: CarrierRow[];
  errors: Errors;
  pickupLocation?: { name: string; address: string; differs: boolean } | null;
}) {
  const rows = [...carriers, { id: '', name: '', trackingUrl: '' }];
  const address = useRef<HTMLInputElement>(null);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          ref={address}
          label="Pickup address"
          name="pickup.address"
          defaultValue={pickup.address}
          maxLength={200}
          error={errors['pickup.address']}
          hint={
            pickupLocation
              ? `Pickup orders are handed over, and take their units, at ${pickupLocation.name} (Locations, below).`
              : undefined
          }
          className="sm:col-span-2"
        />
        {pickupLocation?.differs ? (
          <div
            className="flex flex-wrap items-center gap-3 sm:col-span-2"
            data-testid="pickup-location-address"
          >
            <p className="min-w-0 flex-1 basis-60 text-xs break-words text-muted">
              {pickupLocation.name} is at {pickupLocation.address}.
            </p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                if (address.current) address.current.value = pickupLocation.address;
                address.current?.focus();
              }}
            >
              Use this address
            </Button>
          </div>
        ) : null}
        <Field
          label="Pickup hours"
          name="pickup.hours"
          defaultValue={pickup.hours}
          maxLength={80}
          error={errors['pickup.hours']}
        />
      </div>
      <fieldset className="space-y-3" data-testid="carrier-settings">
        <legend className="text-sm font-semibold text-ink">Carriers</legend>
        <p className="text-xs text-muted">
          The tracking link is an https address with {TRACKING_PLACEHOLDER} where the number goes; leave it
          empty for a carrier without a tracking page.
        </p>
        <input type="hidden" name="carriers.shown" value="1" />
        {rows.map((carrier, index) => (
          <div key={carrier.id || `new-${index}`} className="grid gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <input type="hidden" name={`carriers.${index}.id`} value={carrier.id} />
            <Field
              label={carrier.id ? 'Carrier' : 'New carrier'}
              name={`carriers.${index}.name`}
              defaultValue={carrier.name}
              maxLength={40}
              error={errors[`carriers.${index}.name`] ?? errors[`carriers.${index}.id`]}
            />
            <Field
              label="Tracking link"
              name={`carriers.${index}.trackingUrl`}
              defaultValue={carrier.trackingUrl}
              maxLength={300}
              inputMode="url"
              placeholder={`https://carrier.example/track/${TRACKING_PLACEHOLDER}`}
              error={errors[`carriers.${index}.trackingUrl`]}
            />
          </div>
        ))}
      </fieldset>
    </div>
  );
}
