import { isStaffRole } from '../../contracts/roles';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from 'react-router';
import { checkoutCountries } from '../../contracts/account-texts';
import { countryNames } from '../../contracts/checkout-texts';
import { formatNaira } from '../../contracts/money';
import { changePassword } from '../../core/accounts/change-password';
import { resendVerification } from '../../core/accounts/email-verification';
import { twoFactorStatus } from '../../core/accounts/two-factor';
import { getProfile, updateProfile } from '../../core/accounts/update-profile';
import { listOrdersForUser } from '../../core/orders/read-orders';
import { Button, ButtonLink } from '../components/ui/button';
import { Field, SelectField } from '../components/ui/field';
import { FormAlert } from '../features/account/auth-layout';
import { AvatarUpload } from '../features/account/avatar-upload';
import { TwoFactorPanel } from '../features/account/two-factor-panel';
import { OrderDate, OrderStatusBadge } from '../components/orders/order-status';
import { OrderThumb } from '../components/orders/order-thumb';
import { RefundTag } from '../components/orders/payment-status';
import { cn } from '../lib/cn';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/profile';
import { formatNigerianPhone } from '../../contracts/nigeria';

const MESSAGE_MS = 3000;
const tabs = [
  { id: 'personal', label: 'Personal Info' },
  { id: 'orders', label: 'My Orders' },
  { id: 'security', label: 'Security' },
] as const;

const PROFILE_ORDERS = 5;

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/login?redirectTo=/profile');
  const showOrders = new URL(request.url).searchParams.get('tab') === 'orders';
  const [profile, orders, twoFactor] = await Promise.all([
    getProfile(context.services.db, context.user.id),
    showOrders ? listOrdersForUser(context.services.db, context.user) : null,
    isStaffRole(context.user.role) ? twoFactorStatus(context.services, context.user) : null,
  ]);
  return { profile, orders: orders?.slice(0, PROFILE_ORDERS) ?? [], twoFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.user) throw redirect('/login?notice=expired&redirectTo=/profile');
  const form = await request.formData();
  const intent = form.get('intent');
  try {
    if (intent === 'password') {
      const session = await changePassword(
        context.services.accounts,
        context.user.id,
        {
          currentPassword: formText(form, 'currentPassword'),
          newPassword: formText(form, 'newPassword'),
          confirmPassword: formText(form, 'confirmPassword'),
        },
        context.client,
      );
      return data(
        {
          ok: true as const,
          intent,
          message: 'Your password has been changed. Other devices have been signed out.',
          error: null,
          fields: {},
        },
        { headers: { 'Set-Cookie': context.services.cookies.serialize(session) } },
      );
    }
    if (intent === 'resend') {
      const { sentTo } = await resendVerification(context.services.accounts, context.user.id);
      return {
        ok: true as const,
        intent: 'profile',
        message: `We sent a new link to ${sentTo}. Follow it to confirm the address.`,
        error: null,
        fields: {},
      };
    }
    const before = context.user.pendingEmail;
    const saved = await updateProfile(context.services.accounts, context.user.id, Object.fromEntries(form));
    const askedNewEmail = saved.pendingEmail !== null && saved.pendingEmail !== before;
    return {
      ok: true as const,
      intent: 'profile',
      message: askedNewEmail
        ? `Profile updated successfully. To change your e-mail, follow the link we sent to ${saved.pendingEmail}; until then your account keeps ${saved.email}.`
        : 'Profile updated successfully',
      error: null,
      fields: {},
    };
  } catch (error) {
    const failure = formFailure(error, 'Failed to update profile');
    return data(
      { ...failure.data, intent: intent === 'password' ? 'password' : 'profile', message: null },
      failure.init ?? undefined,
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'My Profile', description: 'Your Rossy account.', ...rootMeta(matches) });
}

/** A form's message, cleared after 3 s as the shop's other notices are; each new answer shows again. */
function useFleeting<T extends { message: string | null }>(answer: T | null): string | null {
  const [expired, setExpired] = useState<T | null>(null);
  useEffect(() => {
    if (!answer?.message) return;
    const timer = setTimeout(() => setExpired(answer), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [answer]);
  return answer && answer !== expired ? answer.message : null;
}

/** Whether the address is confirmed, a new address waiting for its link, and "send the link again". */
function EmailStatus({
  profile,
  busy,
}: {
  profile: { email: string; emailVerified: boolean; pendingEmail: string | null };
  busy: boolean;
}) {
  const waiting = profile.pendingEmail ?? (profile.emailVerified ? null : profile.email);
  return (
    <div className="rounded-sm border border-line bg-cream/40 px-4 py-3 text-sm" data-testid="email-status">
      <p>
        {profile.emailVerified ? (
          <>
            <span className="font-medium text-success">Confirmed:</span> {profile.email}
          </>
        ) : (
          <>
            <span className="font-medium text-sale">Not confirmed yet:</span> {profile.email}. Follow the link
            we e-mailed you to confirm it; orders you placed as a guest with this address show here after
            that.
          </>
        )}
      </p>
      {profile.pendingEmail ? (
        <p className="mt-2">
          <span className="font-medium">Waiting for confirmation:</span> {profile.pendingEmail}. Your account
          keeps {profile.email} until you follow the link we sent to the new address.
        </p>
      ) : null}
      {waiting ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="resend" />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            Send the link again
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile, orders, twoFactor } = loaderData;
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const setupTwoFactor = params.get('setup') === 'two-factor';
  const tab = setupTwoFactor
    ? 'security'
    : (tabs.find((item) => item.id === params.get('tab'))?.id ?? 'personal');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl);
  const success = useFleeting(result?.ok ? result : null);
  const fields: Record<string, string | undefined> = result && !result.ok ? result.fields : {};
  const failure = result && !result.ok ? result.error : null;

  return (
    <section className="container-shop py-10 lg:py-14">
      <div className="flex flex-col gap-4 border-b border-line pb-6 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="eyebrow">Your account</p>
          <h1 className="mt-2 text-display-lg">Hello, {profile.name.split(' ')[0]}</h1>
          <p className="mt-1 text-sm text-muted">{profile.email}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {isStaffRole(profile.role) ? (
            <ButtonLink to="/admin" variant="gold">
              <LayoutDashboard width={16} height={16} aria-hidden="true" /> Admin Dashboard
            </ButtonLink>
          ) : null}
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline">
              <LogOut width={16} height={16} aria-hidden="true" /> Logout
            </Button>
          </Form>
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Profile sections">
          <ul className="flex gap-2 overflow-x-auto lg:flex-col">
            {tabs.map((item) => (
              <li key={item.id}>
                <Link
                  to={`?tab=${item.id}`}
                  replace
                  aria-current={tab === item.id ? 'page' : undefined}
                  className={cn(
                    'block rounded-sm px-4 py-2.5 text-sm whitespace-nowrap',
                    tab === item.id ? 'bg-ink text-paper' : 'text-ink-soft hover:bg-cream',
                  )}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="max-w-2xl">
          {tab === 'personal' ? (
            <div className="space-y-8">
              <h2 className="text-2xl">Personal Info</h2>
              <AvatarUpload
                avatarUrl={avatarUrl}
                name={profile.name}
                onUploaded={(url) => {
                  setAvatarUrl(url);
                  void revalidator.revalidate();
                }}
                onSessionExpired={() => void navigate('/login?notice=expired&redirectTo=/profile')}
              />
              {result?.intent === 'profile' ? (
                <>
                  <FormAlert message={success} tone="success" />
                  <FormAlert message={failure} />
                </>
              ) : null}
              <EmailStatus profile={profile} busy={busy} />
              <Form method="post" className="grid gap-5 sm:grid-cols-2" key={profile.email + profile.name}>
                <input type="hidden" name="intent" value="profile" />
                <Field
                  label="Full name"
                  name="name"
                  defaultValue={profile.name}
                  autoComplete="name"
                  required
                  error={fields.name}
                />
                <Field
                  label="Email"
                  name="email"
                  type="email"
                  defaultValue={profile.email}
                  autoComplete="email"
                  required
                  error={fields.email}
                />
                <Field
                  label="Phone"
                  name="phone"
                  type="tel"
                  defaultValue={formatNigerianPhone(profile.phone)}
                  autoComplete="tel"
                  error={fields.phone}
                />
                <Field
                  label="Address"
                  name="address"
                  defaultValue={profile.address}
                  autoComplete="street-address"
                  error={fields.address}
                />
                <Field
                  label="City"
                  name="city"
                  defaultValue={profile.city}
                  autoComplete="address-level2"
                  error={fields.city}
                />
                <Field
                  label="State"
                  name="state"
                  defaultValue={profile.state}
                  autoComplete="address-level1"
                  error={fields.state}
                />
                <Field
                  label="Postal code"
                  name="zipCode"
                  defaultValue={profile.zipCode}
                  autoComplete="postal-code"
                  error={fields.zipCode}
                />
                <SelectField
                  id="country"
                  label="Country"
                  name="country"
                  autoComplete="country-name"
                  defaultValue={profile.country || 'Nigeria'}
                >
                  {checkoutCountries.map((country) => (
                    <option key={country} value={country}>
                      {countryNames[country]}
                    </option>
                  ))}
                </SelectField>
                <div className="sm:col-span-2">
                  <Button type="submit" disabled={busy}>
                    {busy ? 'Saving…' : 'Save Changes'}
                  </Button>
                </div>
              </Form>
            </div>
          ) : null}

          {tab === 'orders' ? (
            <div>
              <h2 className="text-2xl">My Orders</h2>
              {orders.length === 0 ? (
                <>
                  <p className="mt-4 text-ink-soft">You haven't placed any orders yet.</p>
                  <ButtonLink to="/products" className="mt-6">
                    Shop Now
                  </ButtonLink>
                </>
              ) : (
                <>
                  <p className="mt-1 text-sm text-muted">Your latest orders.</p>
                  <ul className="mt-5 divide-y divide-line rounded-card border border-line bg-white">
                    {orders.map((order) => (
                      <li key={order.number}>
                        <Link
                          to={`/orders/${order.number}`}
                          className="flex items-center gap-4 p-4 hover:bg-cream/50 focus-visible:-outline-offset-2"
                        >
                          <OrderThumb src={order.items[0]?.imageUrl ?? null} className="w-12" />
                          <span className="min-w-0 flex-1">
                            <span className="block text-sm font-semibold text-ink">{order.number}</span>
                            <span className="block text-xs text-muted">
                              <OrderDate iso={order.placedAt} /> ·{' '}
                              <span className="whitespace-nowrap">
                                {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
                              </span>
                            </span>
                          </span>
                          <span className="flex flex-col items-end gap-1.5">
                            <span className="text-sm font-semibold tabular-nums">
                              {formatNaira(order.totalKobo)}
                            </span>
                            <OrderStatusBadge status={order.status} label={order.statusLabel} />
                            <RefundTag status={order.paymentStatus} />
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <ButtonLink to="/orders" variant="outline" className="mt-6">
                    View all orders
                  </ButtonLink>
                </>
              )}
            </div>
          ) : null}

          {tab === 'security' ? (
            <div className="space-y-6">
              <h2 className="text-2xl">Change Password</h2>
              {result?.intent === 'password' ? (
                <>
                  <FormAlert message={success} tone="success" />
                  <FormAlert message={failure} />
                </>
              ) : null}
              <Form
                method="post"
                className="max-w-md space-y-5"
                noValidate
                key={result?.ok && result.intent === 'password' ? 'done' : 'form'}
              >
                <input type="hidden" name="intent" value="password" />
                <Field
                  label="Current password"
                  name="currentPassword"
                  type="password"
                  autoComplete="current-password"
                  required
                  error={fields.currentPassword}
                />
                <Field
                  label="New password"
                  name="newPassword"
                  type="password"
                  autoComplete="new-password"
                  required
                  hint="At least 8 characters"
                  error={fields.newPassword}
                />
                <Field
                  label="Confirm new password"
                  name="confirmPassword"
                  type="password"
                  autoComplete="new-password"
                  required
                  error={fields.confirmPassword}
                />
                <Button type="submit" disabled={busy}>
                  {busy ? 'Saving…' : 'Update Password'}
                </Button>
              </Form>
              {twoFactor ? <TwoFactorPanel status={twoFactor} opened={setupTwoFactor} /> : null}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
