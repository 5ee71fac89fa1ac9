import { Link } from 'react-router';
import {
  checkoutCountries,
  checkoutMessages,
  countryNames,
  missingFieldsMessage,
} from '../../../contracts/checkout-texts';
import { nigerianPhoneOf, nigerianStateLabel, nigerianStates } from '../../../contracts/nigeria';
import { Field, SelectField } from '../../components/ui/field';
import type { SavedCheckoutDetails } from '../../lib/shop-stores';

const contactFields = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;

const addressFields = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'address', label: 'Address', autoComplete: 'address-line1', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
] as const;

type DetailName = keyof SavedCheckoutDetails;
const detailNames: DetailName[] = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
];
/** Few Nigerian addresses use a postal code; everywhere else it is needed. */
const isRequired = (name: DetailName, country: string) => name !== 'zipCode' || country !== 'Nigeria';
/** An order collected from the shop goes to no street: only the state, which names its zone, is asked. */
const notForPickup: readonly DetailName[] = ['address', 'city', 'zipCode'];

/** Each detail as its label names it, for a message that says which one is missing. */
const detailLabels: Record<DetailName, string> = {
  email: 'Email',
  phone: 'Phone',
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'Postal code',
  country: 'Country',
};

/** What a missing detail says beside its field: a state is chosen in Nigeria, typed elsewhere. */
function missingMessage(name: DetailName, country: string): string {
  if (name === 'state')
    return country === 'Nigeria' ? checkoutMessages.chooseState : checkoutMessages.enterState;
  return `Please fill in your ${detailLabels[name].toLowerCase()}`;
}

/**
 * The shopper's details as the form holds them, checked as the browser can check them (every
 * required field, a Nigerian phone): the first field at fault, with its message, or the details.
 */
export function readCheckoutDetails(
  form: FormData,
  country: string,
  options: { pickup?: boolean } = {},
):
  | { ok: true; details: SavedCheckoutDetails }
  | { ok: false; fields: Record<string, string>; message: string; focus: string } {
  const value = (name: string) => {
    const entry = form.get(name);
    return typeof entry === 'string' ? entry.trim() : '';
  };
  const missing = detailNames.filter(
    (name) => isRequired(name, country) && !(options.pickup && notForPickup.includes(name)) && !value(name),
  );
  if (missing.length > 0)
    return {
      ok: false,
      fields: Object.fromEntries(missing.map((name) => [name, missingMessage(name, country)])),
      message: missingFieldsMessage(
        missing.map((name) => ({ label: detailLabels[name], message: missingMessage(name, country) })),
      ),
      focus: missing[0]!,
    };
  if (country === 'Nigeria' && !nigerianPhoneOf(value('phone')))
    return {
      ok: false,
      fields: { phone: checkoutMessages.invalidNigerianPhone },
      message: checkoutMessages.invalidNigerianPhone,
      focus: 'phone',
    };
  return {
    ok: true,
    details: Object.fromEntries(
      detailNames.map((name) => [name, value(name)]),
    ) as unknown as SavedCheckoutDetails,
  };
}

interface DetailsProps {
  defaults: Partial<SavedCheckoutDetails>;
  fieldErrors: Record<string, string>;
  locked: boolean;
}

/** Contact: e-mail and phone (a Nigerian number is written as the courier dials it). */
export function ContactFieldset({
  defaults,
  fieldErrors,
  locked: orderLocked,
  signedIn,
  nigeria,
  onEmail,
}: DetailsProps & { signedIn: boolean; nigeria: boolean; onEmail: (email: string) => void }) {
  const profile = signedIn;
  const setEmail = onEmail;
  return (
    <fieldset className="space-y-4" disabled={orderLocked}>
      <legend className="font-display text-2xl">Contact</legend>
      {profile ? null : (
        <p className="text-sm text-ink-soft">
          Have an account?{' '}
          <Link
            to="/login?redirectTo=/checkout"
            className="font-medium text-ink underline underline-offset-4"
          >
            Sign in
          </Link>{' '}
          for faster checkout, or continue as a guest.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {contactFields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            defaultValue={defaults[field.name] ?? ''}
            onBlur={field.name === 'email' ? (event) => setEmail(event.target.value.trim()) : undefined}
            error={fieldErrors[field.name]}
            {...(field.name === 'phone' && nigeria ? { hint: 'For the courier, e.g. 0803 123 4567' } : {})}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Shipping address: the country first, then a State select for Nigeria and an optional postal code there. */
export function AddressFieldset({
  defaults,
  fieldErrors,
  locked: orderLocked,
  signedIn,
  remember,
  country: chosenCountry,
  onCountry,
  state: chosenState,
  onState,
  pickup = false,
}: DetailsProps & {
  signedIn: boolean;
  remember: boolean;
  country: string;
  onCountry: (country: string) => void;
  /** The Nigerian state chosen ('' for none yet): delivery is priced by it as soon as it changes. */
  state: string;
  onState: (state: string) => void;
  /** Pickup at the shop is chosen: no street, city or postal code is asked. */
  pickup?: boolean;
}) {
  const nigeria = chosenCountry === 'Nigeria';
  const profile = signedIn;
  const saved = remember;
  const setCountry = onCountry;
  return (
    <fieldset className="space-y-4" disabled={orderLocked}>
      <legend className="font-display text-2xl">
        {pickup ? 'Who collects the order' : 'Shipping address'}
      </legend>
      {pickup ? (
        <p className="text-sm text-ink-soft" data-testid="pickup-note">
          You collect this order from our shop: no delivery address is needed.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="country"
          label="Country"
          name="country"
          autoComplete="country-name"
          value={chosenCountry}
          onChange={(event) => setCountry(event.target.value)}
          className="sm:col-span-2"
        >
          {checkoutCountries.map((code) => (
            <option key={code} value={code}>
              {countryNames[code]}
            </option>
          ))}
        </SelectField>
        {addressFields
          .filter((field) => !(pickup && notForPickup.includes(field.name)))
          .map((field) => (
            <Field
              key={field.name}
              label={field.label}
              name={field.name}
              autoComplete={field.autoComplete}
              required
              defaultValue={defaults[field.name] ?? ''}
              error={fieldErrors[field.name]}
              className={'wide' in field ? 'sm:col-span-2' : undefined}
            />
          ))}
        {nigeria ? (
          <SelectField
            key="state-ng"
            id="state"
            label="State"
            name="state"
            autoComplete="address-level1"
            required
            value={chosenState}
            onChange={(event) => onState(event.target.value)}
            error={fieldErrors.state}
            data-testid="state-select"
          >
            <option value="" disabled>
              Choose your state
            </option>
            {nigerianStates.map((state) => (
              <option key={state} value={state}>
                {nigerianStateLabel(state)}
              </option>
            ))}
          </SelectField>
        ) : (
          <Field
            key="state-other"
            label="State / region"
            name="state"
            autoComplete="address-level1"
            required
            defaultValue={defaults.country === chosenCountry ? (defaults.state ?? '') : ''}
            error={fieldErrors.state}
          />
        )}
        {pickup ? null : (
          <Field
            key={nigeria ? 'zip-ng' : 'zip-other'}
            label={nigeria ? 'Postal code (optional)' : 'Postal code'}
            name="zipCode"
            autoComplete="postal-code"
            required={!nigeria}
            defaultValue={defaults.zipCode ?? ''}
            error={fieldErrors.zipCode}
          />
        )}
      </div>
      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          name="saveInfo"
          defaultChecked={Boolean(saved) || Boolean(profile)}
          className="h-4 w-4 accent-ink"
        />
        {profile
          ? 'Save this information to my profile for next time'
          : 'Save this information for next time'}
      </label>
    </fieldset>
  );
}
