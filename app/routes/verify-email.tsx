import { data, redirect } from 'react-router';
import { confirmEmail } from '../../core/accounts/email-verification';
import { isAppError } from '../../core/errors';
import { ButtonLink } from '../components/ui/button';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/verify-email';

/**
 * The link e-mailed at sign-up or for a new profile address: following it confirms the address and
 * signs the shopper in, then shows the outcome here (without the token in the address bar).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const done = params.get('confirmed');
  if (done === 'account' || done === 'address') {
    if (!context.user) throw redirect('/login');
    return { ok: true as const, kind: done, email: context.user.email, error: null };
  }
  const token = params.get('token') ?? '';
  if (!token)
    return data(
      {
        ok: false as const,
        kind: null,
        email: null,
        error: 'This confirmation link is incomplete. Please open the link from your e-mail again.',
      },
      { status: 400 },
    );
  try {
    const { session, changed } = await confirmEmail(context.services.accounts, { token }, context.client);
    return redirect(`/verify-email?confirmed=${changed ? 'address' : 'account'}`, {
      headers: { 'Set-Cookie': context.services.cookies.serialize(session) },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data(
      { ok: false as const, kind: null, email: null, error: error.message },
      { status: error.status },
    );
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Confirm your e-mail',
    description: 'Confirm the e-mail address of your Rossy account.',
    ...rootMeta(matches),
  });
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ok) {
    return (
      <AuthLayout title="We could not confirm your address">
        <FormAlert message={loaderData.error} />
        <p className="text-sm text-ink-soft">
          Signed in? Your profile can send you a new link. Otherwise sign in first, or create your account
          again.
        </p>
        <ButtonLink to="/profile" className="mt-6 w-full">
          Go to my profile
        </ButtonLink>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={loaderData.kind === 'account' ? 'Welcome to Rossy!' : 'Your new address is confirmed'}>
      <FormAlert
        tone="success"
        message={
          loaderData.kind === 'account'
            ? `Your e-mail address ${loaderData.email} is confirmed and your account is ready. You are signed in.`
            : `Your account now uses ${loaderData.email}. You are signed in.`
        }
      />
      <ButtonLink to="/" className="w-full">
        Start shopping
      </ButtonLink>
      <ButtonLink to="/profile" variant="outline" className="mt-3 w-full">
        Go to my profile
      </ButtonLink>
    </AuthLayout>
  );
}
