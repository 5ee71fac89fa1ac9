import { data, Form, redirect, useNavigation } from 'react-router';
import { confirmEmail } from '../../core/accounts/email-verification';
import { isAppError } from '../../core/errors';
import { Button, ButtonLink } from '../components/ui/button';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/verify-email';

/**
 * The link e-mailed at sign-up or for a new profile address. Opening it (a GET, which mail scanners do
 * too) only shows a "Confirm my e-mail" button; the form's POST confirms the address, signs the
 * shopper in for the link that finishes a sign-up (never for a new profile address, nor for an account
 * with two-step sign-in on), then shows the outcome here
 * (without the token in the address bar).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const done = params.get('confirmed');
  if (done === 'account') {
    if (!context.user) throw redirect('/login');
    return { stage: 'done' as const, kind: done, email: context.user.email, signedIn: true };
  }
  if (done === 'address' || done === 'email')
    return {
      stage: 'done' as const,
      kind: done,
      email: context.user?.email ?? null,
      signedIn: !!context.user,
    };
  const token = params.get('token') ?? '';
  if (!token) return data({ stage: 'failed' as const, error: INCOMPLETE_LINK }, { status: 400 });
  return { stage: 'confirm' as const, token };
}

const INCOMPLETE_LINK = 'This confirmation link is incomplete. Please open the link from your e-mail again.';

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get('token');
  if (typeof token !== 'string' || !token) return data({ error: INCOMPLETE_LINK }, { status: 400 });
  try {
    const { session, changed } = await confirmEmail(context.services.accounts, { token }, context.client);
    return redirect(
      `/verify-email?confirmed=${changed ? 'address' : session ? 'account' : 'email'}`,
      session ? { headers: { 'Set-Cookie': context.services.cookies.serialize(session) } } : undefined,
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    return data({ error: error.message }, { status: error.status });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Confirm your e-mail',
    description: 'Confirm the e-mail address of your Rossy account.',
    ...rootMeta(matches),
  });
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const error = actionData?.error ?? (loaderData.stage === 'failed' ? loaderData.error : null);
  if (error) {
    return (
      <AuthLayout title="We could not confirm your address">
        <FormAlert message={error} />
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
  if (loaderData.stage === 'confirm') {
    return (
      <AuthLayout title="Confirm your e-mail">
        <p className="text-sm text-ink-soft">
          Press the button to confirm this e-mail address for your Rossy account. If you did not ask for this,
          close this page: nothing changes.
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" className="w-full" disabled={navigation.state !== 'idle'}>
            Confirm my e-mail
          </Button>
        </Form>
      </AuthLayout>
    );
  }
  if (loaderData.stage !== 'done') return null;
  return (
    <AuthLayout
      title={
        loaderData.kind === 'account'
          ? 'Welcome to Rossy!'
          : loaderData.kind === 'email'
            ? 'Your address is confirmed'
            : 'Your new address is confirmed'
      }
    >
      <FormAlert
        tone="success"
        message={
          loaderData.kind === 'account'
            ? `Your e-mail address ${loaderData.email} is confirmed and your account is ready. You are signed in.`
            : loaderData.kind === 'email'
              ? loaderData.signedIn
                ? `Your e-mail address ${loaderData.email} is confirmed.`
                : 'Your e-mail address is confirmed. Sign in to go on.'
              : loaderData.signedIn
                ? `Your account now uses ${loaderData.email}.`
                : 'Your account now uses its new address. Sign in with it.'
        }
      />
      <ButtonLink to="/" className="w-full">
        Start shopping
      </ButtonLink>
      <ButtonLink to={loaderData.signedIn ? '/profile' : '/login'} variant="outline" className="mt-3 w-full">
        {loaderData.signedIn ? 'Go to my profile' : 'Sign in'}
      </ButtonLink>
    </AuthLayout>
  );
}
