import { Save } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import {
  cardProviderIds,
  cardProviderNames,
  countryNames,
  type CardProviderId,
  taxRegionOf,
  type CheckoutCountry,
  type TaxRegion,
} from '../../../contracts/checkout-texts';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import type { loadSettingsTab } from './settings-tab.server';
import { DeliverySettings } from './settings-delivery';
import { LocationSettings, pickupPoint } from './settings-locations';
import { PickupAndCarrierSettings } from './settings-pickup';
import { SecuritySettings } from './settings-security';

type SettingsData = Awaited<ReturnType<typeof loadSettingsTab>>;
type Errors = Record<string, string>;

function Panel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-5 sm:p-6">
      <h3 id={id} className="text-xl">
        {title}
      </h3>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A labelled checkbox; `name` posts 'on' when ticked. */
function Toggle({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked: boolean;
}) {
  const id = `setting-${name.replace(/\./g, '-')}`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-gold-deep"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function GroupError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="mt-3 text-sm text-sale">
      {message}
    </p>
  ) : null;
}

const regionLabels: Record<TaxRegion, string> = {
  ng: 'Nigeria (VAT)',
  us: 'United States',
  eu: 'Europe',
  asia: 'Asia-Pacific',
  other: 'Other',
};
const regions: TaxRegion[] = ['ng', 'us', 'eu', 'asia', 'other'];
const countriesIn = (region: TaxRegion) =>
  (Object.keys(taxRegionOf) as CheckoutCountry[])
    .filter((country) => taxRegionOf[country] === region)
    .map((country) => countryNames[country])
    .join(', ');

const numberProps = { type: 'number', inputMode: 'decimal' } as const;

/**
 * The payment methods, and who takes cards: with both providers' keys the owner chooses (the next
 * checkout follows; an order already placed keeps its own provider); with one, it is named; in TEST
 * MODE the shop's sandbox takes them.
 */
function PaymentMethodSettings({ data, errors }: { data: SettingsData; errors: Errors }) {
  const { cardProviders, testMode } = data.payments;
  const [choice, setChoice] = useState<CardProviderId>(
    data.payments.activeCardProvider === 'paystack' ? 'paystack' : 'flutterwave',
  );
  const both = cardProviders.length > 1;
  const active: CardProviderId = both ? choice : (cardProviders[0] ?? 'flutterwave');
  const name = cardProviderNames[active];
  return (
    <>
      {both ? (
        <fieldset className="mb-4 rounded-sm border border-line p-4" data-testid="card-provider">
          <legend className="px-1 text-sm font-medium text-ink">Card payments</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {cardProviderIds.map((id) => (
              <label key={id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="cardProvider"
                  value={id}
                  checked={choice === id}
                  onChange={() => setChoice(id)}
                  className="size-4 accent-gold-deep"
                />
                {cardProviderNames[id]}
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-muted">
            The next checkout opens the chosen provider&apos;s window. Orders already placed are verified and
            refunded by the provider they were paid with.
          </p>
        </fieldset>
      ) : (
        <p className="mb-4 rounded-sm bg-cream p-3 text-sm text-ink-soft" data-testid="card-provider">
          {testMode
            ? "TEST MODE: cards are taken by the shop's sandbox, and no money moves. Set Flutterwave's or Paystack's keys to take real payments."
            : `Cards are taken by ${name}.`}
        </p>
      )}
      <div className="space-y-3">
        <Toggle
          name="paymentMethods.flutterwave"
          label={`${name} checkout (card, bank, USSD)`}
          hint={`Card, bank and USSD through ${name}'s checkout.`}
          defaultChecked={data.paymentMethods.flutterwave}
        />
        <Toggle
          name="paymentMethods.creditCard"
          label="Credit card"
          hint={`${name}'s card-only checkout; card details never reach the shop.`}
          defaultChecked={data.paymentMethods.creditCard}
        />
        <Toggle
          name="paymentMethods.bankTransfer"
          label="Bank transfer"
          hint="To the bank account below; you confirm receipt in Payments."
          defaultChecked={data.paymentMethods.bankTransfer}
        />
      </div>
      <GroupError message={errors.paymentMethods} />
      <GroupError message={errors.cardProvider} />
    </>
  );
}

/**
 * Every setting the shop runs on, in one form. Checkout, copy and e-mails read them on each request,
 * so a saved change shows at once. A refused value is marked beside its field and nothing typed is lost.
 */
export function SettingsTab({ data }: { data: SettingsData }) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'admin-settings' });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const errors: Errors = result && !result.ok ? result.fields : {};
  const notice = result ? (
    <ActionNotice tone={result.ok ? 'success' : 'error'}>
      {result.ok ? result.message : result.error}
    </ActionNotice>
  ) : null;

  return (
    <section aria-labelledby="settings-heading" className="space-y-5">
      <div>
        <h2 id="settings-heading" className="text-2xl">
          Settings
        </h2>
        <p className="mt-1 text-sm text-muted">
          Changes apply to checkout and every page as soon as they are saved, and are recorded in the Activity
          Log.
        </p>
      </div>
      <fetcher.Form
        method="post"
        action="/admin?tab=settings"
        noValidate
        className="space-y-5"
        aria-label="Shop settings"
      >
        <input type="hidden" name="intent" value="settings-save" />

        <div className="grid gap-5 lg:grid-cols-2">
          <Panel id="settings-payments" title="Payment Methods" description="At least one must stay on.">
            <PaymentMethodSettings data={data} errors={errors} />
          </Panel>

          <Panel
            id="settings-tax"
            title="Tax by Region"
            description="Percent of the goods after any coupon, by the delivery country's region."
          >
            <fieldset className="mb-4 rounded-sm border border-line p-4" data-testid="prices-include-tax">
              <legend className="px-1 text-sm font-medium text-ink">Prices on the tags</legend>
              <div className="space-y-2">
                {(
                  [
                    [
                      'included',
                      'Include VAT: the tag price is the price (tax shown inside the total)',
                      true,
                    ],
                    ['added', 'Exclude tax: it is added on top at checkout', false],
                  ] as const
                ).map(([value, label, included]) => (
                  <label key={value} className="flex items-start gap-2 text-sm">
                    <input
                      type="radio"
                      name="pricesIncludeTax"
                      value={value}
                      defaultChecked={data.pricesIncludeTax === included}
                      className="mt-0.5 size-4 shrink-0 accent-gold-deep"
                    />
                    {label}
                  </label>
                ))}
              </div>
              <p className="mt-2 text-xs text-muted">
                The next checkout follows; orders already placed keep what they charged.
              </p>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              {regions.map((region) => (
                <Field
                  key={region}
                  label={`${regionLabels[region]} (%)`}
                  name={`taxRates.${region}`}
                  {...numberProps}
                  min={0}
                  max={100}
                  step="0.01"
                  defaultValue={data.taxRates[region]}
                  error={errors[`taxRates.${region}`]}
                  hint={countriesIn(region) || 'No delivery country yet'}
                />
              ))}
            </div>
          </Panel>
        </div>

        <Panel
          id="settings-shipping"
          title="Shipping"
          description="Shoppers choose among the enabled methods; at least one must stay enabled."
        >
          <Field
            label="Free shipping over (₦)"
            name="freeShippingThreshold"
            {...numberProps}
            min={0}
            step="0.01"
            defaultValue={data.freeShippingThreshold}
            error={errors.freeShippingThreshold}
            hint="Methods marked 'free over threshold' cost nothing once the goods reach this amount."
            className="max-w-xs"
          />
          <div className="mt-5 space-y-4">
            {data.shippingMethods.map((method, index) => (
              <fieldset
                key={method.id}
                className="grid gap-4 rounded-sm border border-line p-4 sm:grid-cols-2 lg:grid-cols-[12rem_minmax(0,1fr)_10rem]"
              >
                <legend className="px-1 text-xs font-medium tracking-wide text-ink-soft uppercase">
                  {method.name} <span className="font-mono text-muted normal-case">({method.id})</span>
                </legend>
                <Field
                  label="Name"
                  name={`shippingMethods.${index}.name`}
                  defaultValue={method.name}
                  maxLength={40}
                  error={errors[`shippingMethods.${index}.name`]}
                />
                <Field
                  label="Description"
                  name={`shippingMethods.${index}.description`}
                  defaultValue={method.description}
                  maxLength={80}
                  error={errors[`shippingMethods.${index}.description`]}
                />
                <Field
                  label="Price (₦)"
                  name={`shippingMethods.${index}.price`}
                  {...numberProps}
                  min={0}
                  step="0.01"
                  defaultValue={method.price}
                  error={errors[`shippingMethods.${index}.price`]}
                />
                <div className="flex flex-wrap gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-3">
                  <Toggle
                    name={`shippingMethods.${index}.enabled`}
                    label="Enabled"
                    defaultChecked={method.enabled}
                  />
                  <Toggle
                    name={`shippingMethods.${index}.freeOverThreshold`}
                    label="Free over the threshold"
                    defaultChecked={method.freeOverThreshold}
                  />
                </div>
              </fieldset>
            ))}
          </div>
          <GroupError message={errors.shippingMethods} />
        </Panel>

        <Panel
          id="settings-delivery"
          title="Delivery"
          description="Zones price each method by where it goes: every Nigerian state in one zone, countries abroad by country. Dates count business days from the day an order ships."
        >
          <DeliverySettings
            zones={data.deliveryZones}
            methods={data.shippingMethods}
            dispatchCutoff={data.dispatchCutoff}
            publicHolidays={data.publicHolidays}
            errors={errors}
          />
        </Panel>

        <Panel
          id="settings-pickup"
          title="Pickup and carriers"
          description="Where shoppers collect pickup orders, and the carriers staff choose from when shipping."
        >
          <PickupAndCarrierSettings
            pickup={data.pickup}
            carriers={data.carriers}
            errors={errors}
            pickupLocation={pickupPoint(data.locations, data.pickup.address, data.address)}
          />
        </Panel>

        <Panel
          id="settings-security"
          title="Staff sign-in"
          description="What staff need to sign in to the admin area."
        >
          <SecuritySettings staffTwoFactor={data.staffTwoFactor} errors={errors} />
        </Panel>

        <div className="grid gap-5 lg:grid-cols-2">
          <Panel
            id="settings-shop"
            title="Shop Details"
            description="Shown in the header, footer, contact page and e-mails."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Shop name"
                name="name"
                defaultValue={data.name}
                maxLength={60}
                error={errors.name}
              />
              <Field
                label="Support e-mail"
                name="supportEmail"
                type="email"
                defaultValue={data.supportEmail}
                error={errors.supportEmail}
              />
              <Field
                label="Tagline"
                name="tagline"
                defaultValue={data.tagline}
                maxLength={160}
                error={errors.tagline}
                className="sm:col-span-2"
              />
              <Field
                label="Phone"
                name="supportPhone"
                type="tel"
                defaultValue={data.supportPhone}
                error={errors.supportPhone}
              />
              <Field
                label="WhatsApp number"
                name="whatsappNumber"
                inputMode="numeric"
                defaultValue={data.whatsappNumber}
                error={errors.whatsappNumber}
                hint="Country code first, digits only: 2348035550142"
              />
              <Field
                label="Address"
                name="address"
                defaultValue={data.address}
                maxLength={200}
                error={errors.address}
                className="sm:col-span-2"
              />
              <Field
                label="Business hours"
                name="businessHours"
                defaultValue={data.businessHours}
                maxLength={80}
                error={errors.businessHours}
                className="sm:col-span-2"
              />
              <Field
                label="Instagram"
                name="social.instagram"
                type="url"
                defaultValue={data.social.instagram}
                error={errors['social.instagram']}
              />
              <Field
                label="Facebook"
                name="social.facebook"
                type="url"
                defaultValue={data.social.facebook}
                error={errors['social.facebook']}
              />
              <Field
                label="X"
                name="social.x"
                type="url"
                defaultValue={data.social.x}
                error={errors['social.x']}
              />
            </div>
          </Panel>

          <div className="space-y-5">
            <Panel
              id="settings-notifications"
              title="Notifications"
              description="How the shop hears about new orders and messages."
            >
              <div className="space-y-3">
                <Toggle
                  name="notifications.emailAlerts"
                  label="E-mail alerts"
                  defaultChecked={data.notifications.emailAlerts}
                />
                <Field
                  label="Alert e-mail"
                  name="notifications.alertEmail"
                  type="email"
                  defaultValue={data.notifications.alertEmail}
                  placeholder={data.supportEmail}
                  error={errors['notifications.alertEmail']}
                  hint="Leave empty to use the support e-mail."
                />
                <Toggle
                  name="notifications.smsAlerts"
                  label="SMS alerts"
                  hint="Saved for when an SMS provider is connected. None is connected yet, so no texts are sent."
                  defaultChecked={data.notifications.smsAlerts}
                />
              </div>
            </Panel>

            <Panel
              id="settings-bank"
              title="Bank Account"
              description="Shown to shoppers who pay by bank transfer."
            >
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Bank"
                  name="bankAccount.bankName"
                  defaultValue={data.bankAccount.bankName}
                  error={errors['bankAccount.bankName']}
                />
                <Field
                  label="Account number"
                  name="bankAccount.accountNumber"
                  inputMode="numeric"
                  defaultValue={data.bankAccount.accountNumber}
                  error={errors['bankAccount.accountNumber']}
                />
                <Field
                  label="Account name"
                  name="bankAccount.accountName"
                  defaultValue={data.bankAccount.accountName}
                  error={errors['bankAccount.accountName']}
                  className="sm:col-span-2"
                />
              </div>
              <div className="mt-4">
                <Toggle
                  name="transferAccountPerOrder"
                  label="An account number for each order"
                  hint={
                    data.payments.transferAccounts
                      ? "The payment provider opens an account for each bank-transfer order and the payment confirms itself when the money arrives. Off: shoppers pay into the account above with their order's reference, and you confirm each transfer."
                      : "Needs Flutterwave's keys: Paystack does not open an account for each order. Until then shoppers pay into the account above with their order's RC reference, and you confirm each transfer."
                  }
                  defaultChecked={data.transferAccountPerOrder}
                />
              </div>
            </Panel>
          </div>
        </div>

        <div className="grid gap-5 lg:grid-cols-2">
          <Panel
            id="settings-policies"
            title="Policies & Timing"
            description="Quoted in the shop's copy and used by checkout."
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Returns (days)"
                name="returnsDays"
                {...numberProps}
                min={0}
                max={365}
                defaultValue={data.returnsDays}
                error={errors.returnsDays}
              />
              <Field
                label="Warranty (months)"
                name="warrantyMonths"
                {...numberProps}
                min={0}
                max={120}
                defaultValue={data.warrantyMonths}
                error={errors.warrantyMonths}
              />
              <Field
                label="Unpaid transfer hold (hours)"
                name="unpaidOrderHoldHours"
                {...numberProps}
                min={1}
                max={336}
                defaultValue={data.unpaidOrderHoldHours}
                error={errors.unpaidOrderHoldHours}
                hint="Stock kept for an unpaid bank-transfer order."
              />
              <Field
                label="Hold an order under review (days)"
                name="reviewHoldDays"
                {...numberProps}
                min={1}
                max={60}
                defaultValue={data.reviewHoldDays}
                error={errors.reviewHoldDays}
                hint="A transfer came short or late: its stock is kept this long while you decide, then released and the money owed back."
              />
              <Field
                label="Card payment hold (minutes)"
                name="cardPaymentHoldMinutes"
                {...numberProps}
                min={5}
                max={1440}
                defaultValue={data.cardPaymentHoldMinutes}
                error={errors.cardPaymentHoldMinutes}
                hint="Backstop while a shopper pays by card; closing the payment window releases at once."
              />
              <Field
                label="Most of one product per order"
                name="maxQuantityPerProduct"
                {...numberProps}
                min={1}
                max={999}
                defaultValue={data.maxQuantityPerProduct}
                error={errors.maxQuantityPerProduct}
                hint="The cart's quantity stops here."
              />
              <Field
                label="Low stock under (units)"
                name="lowStockThreshold"
                {...numberProps}
                min={0}
                max={10000}
                defaultValue={data.lowStockThreshold}
                error={errors.lowStockThreshold}
                hint="The morning low-stock e-mail lists each size and colour with fewer on hand; a size's own level in the product editor wins."
                className="sm:col-span-2"
              />
              <Field
                label="Unpaid orders per e-mail"
                name="maxUnpaidOrdersPerEmail"
                {...numberProps}
                min={1}
                max={1000000}
                defaultValue={data.maxUnpaidOrdersPerEmail}
                error={errors.maxUnpaidOrdersPerEmail}
                hint="Open orders awaiting payment one shopper may have."
              />
              <Field
                label="Unpaid orders per network address"
                name="maxUnpaidOrdersPerAddress"
                {...numberProps}
                min={1}
                max={1000000}
                defaultValue={data.maxUnpaidOrdersPerAddress}
                error={errors.maxUnpaidOrdersPerAddress}
                hint="Keep it generous: many shoppers share a mobile carrier's address."
              />
              <Field
                label="Flash sale ends (Lagos time)"
                name="flashSaleEndsAt"
                type="datetime-local"
                defaultValue={data.flashSaleEndsAt}
                error={errors.flashSaleEndsAt}
                hint="Leave empty for no flash sale: the countdown banner goes."
                className="sm:col-span-2"
              />
            </div>
          </Panel>

          <Panel
            id="settings-currency"
            title="Display Currency Rates"
            description="Naira per unit, for prices shown in other currencies. Checkout and payment stay in naira."
          >
            <div className="grid gap-4 sm:grid-cols-3">
              {(['USD', 'EUR', 'GBP'] as const).map((currency) => (
                <Field
                  key={currency}
                  label={`₦ per ${currency}`}
                  name={`currencyRates.${currency}`}
                  {...numberProps}
                  min={0}
                  step="0.01"
                  defaultValue={data.currencyRates[currency]}
                  error={errors[`currencyRates.${currency}`]}
                />
              ))}
            </div>
          </Panel>
        </div>

        <div
          className={cn(
            'sticky bottom-above-nav z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-paper/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-card sm:border',
          )}
        >
          <div className="min-w-0 flex-1">{notice}</div>
          <Button type="submit" disabled={busy}>
            <Save width={16} height={16} aria-hidden="true" />
            {busy ? 'Saving…' : 'Save Settings'}
          </Button>
        </div>
      </fetcher.Form>

      {/* Its own forms, one a location: a form cannot sit inside Save Settings' form. */}
      <Panel
        id="settings-locations"
        title="Locations"
        description="Where the shop keeps stock: the shop, a second shop, a store room. Online orders take units from the locations that sell online, lowest order first. Each location is saved on its own."
      >
        <LocationSettings locations={data.locations} shopAddress={data.address} />
      </Panel>
    </section>
  );
}
