import { Field, SelectField } from '../../components/ui/field';
import type { FieldErrors } from '../../../core/errors';
import type { Carrier } from '../../../core/settings/carriers';

/**
 * The carrier and tracking number of a parcel the shop sends (an order shipped, an exchange): the
 * owner's carriers to pick from when she keeps a list (their tracking links follow), else a name to type.
 * `postAs` is what the form posts for a carrier picked from the list.
 */
export function CarrierFields({
  carriers,
  fields,
  postAs = (carrier) => carrier.id,
}: {
  carriers: readonly Carrier[];
  fields: FieldErrors;
  postAs?: (carrier: Carrier) => string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {carriers.length > 0 ? (
        <SelectField label="Carrier" name="carrier" required error={fields.carrier} defaultValue="">
          <option value="" disabled>
            Choose a carrier
          </option>
          {carriers.map((carrier) => (
            <option key={carrier.id} value={postAs(carrier)}>
              {carrier.name}
              {carrier.trackingUrl ? '' : ' (no tracking link)'}
            </option>
          ))}
        </SelectField>
      ) : (
        <Field
          label="Carrier"
          name="carrier"
          required
          maxLength={60}
          error={fields.carrier}
          placeholder="GIG Logistics"
        />
      )}
      <Field
        label="Tracking number"
        name="trackingNumber"
        required
        maxLength={60}
        error={fields.trackingNumber}
        placeholder="GIG-123456"
      />
    </div>
  );
}
