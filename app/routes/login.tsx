import { isStaffRole } from '../../contracts/roles';
import { useState } from 'react';
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import {
  SESSION_EXPIRED_MESSAGE,
  SIGN_IN_CONFIRMATION_NOTE,
  SIGN_IN_FAILED,
} from '../../contracts/account-texts';
import { completeTwoFactorSignIn, signIn } from '../../core/accounts/sign-in';
import { WRONG_CODE } from '../../core/accounts/two-factor';
import { isAppError } from '../../core/errors';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { AuthLayout, FormAlert } from '../features/account/auth-layout';
import { safeRedirect } from '../../contracts/safe-redirect';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/login';

/** After sign-in: an admin goes to /admin (or the admin page they were sent from), anyone else where they were going. */
function landingFor(role: string, redirectTo: FormDataEntryValue | string | null): string {
  const target = safeRedirect(redirectTo, isStaffRole(role) ? '/admin' : '/profile');
  if (!isStaffRole(role)) return target;
  return target === '/admin' || target.startsWith('/admin/') || target.startsWith('/admin?')
    ? target
    : '/admin';
}

export function loader({ context, request }: Route.LoaderArgs) {
  const user = context.user;
  if (user) {
    throw redirect(landingFor(user.role, new URL(request.url).searchParams.get('redirectTo')));
  }
  return null;
}

/** The second step's page state: the challenge from the right password, kept in a hidden field. */
interface CodeStep {
  step: 'two-factor';
  challenge: string;
  error?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const challenge = formText(form, 'challenge');
  try {
    const result = challenge
      ? await completeTwoFactorSignIn(
          context.services.accounts,
          { challenge, code: formText(form, 'code') },
          context.client,
        )
      : await signIn(
          context.services.accounts,
          { email: formText(form, 'email'), password: formText(form, 'password') },
          context.client,
        );
    if ('twoFactorRequired' in result)
      return { step: 'two-factor', challenge: result.challenge } satisfies CodeStep;
    return redirect(landingFor(result.user.role, form.get('redirectTo')), {
      headers: { 'Set-Cookie': context.services.cookies.serialize(result.session) },
    });
  } catch (error) {
    // A wrong code keeps the code step; an expired challenge starts again from the password.
    if (challenge && isAppError(error) && error.message === WRONG_CODE)
      return data({ step: 'two-factor', challenge, error: error.message } satisfies CodeStep, {
        status: error.status,
      });
    return formFailure(error, SIGN_IN_FAILED);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Sign In',
    description: 'Sign in to your Rossy account.',
    path: '/login',
    ...rootMeta(matches),
  });
}

const notices: Record<string, string> = {
  expired: SESSION_EXPIRED_MESSAGE,
  reset: 'Your password has been reset. You can now sign in.',
  'signed-out': 'You have signed out.',
};

export default function LoginPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const notice = notices[params.get('notice') ?? ''];
  const busy = navigation.state === 'submitting';
  if (result && 'step' in result) return <CodeStepForm step={result} busy={busy} />;
  return (
    <AuthLayout
      title="Welcome back"
      intro="Sign in to see your orders and keep your details for checkout."
      footer={
        <>
          New to Rossy?{' '}
          <Link to="/register" className="font-medium text-ink underline underline-offset-4">
            Create an account
          </Link>
        </>
      }
    >
      <FormAlert message={result?.error} />
      {result?.error === SIGN_IN_FAILED ? (
        <FormAlert message={SIGN_IN_CONFIRMATION_NOTE} tone="info" />
      ) : null}
      {!result?.error ? (
        <FormAlert message={notice} tone={params.get('notice') === 'expired' ? 'error' : 'success'} />
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <Field label="Email" name="email" type="email" autoComplete="email" required />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm text-ink-soft underline underline-offset-4 hover:text-ink"
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </Button>
      </Form>
    </AuthLayout>
  );
}

/** After the right password, for an account with a second factor: the code, or a recovery code. */
function CodeStepForm({ step, busy }: { step: CodeStep; busy: boolean }) {
  const [params] = useSearchParams();
  const [recovery, setRecovery] = useState(false);
  return (
    <AuthLayout
      title="Two-step sign-in"
      intro={
        recovery
          ? 'Enter one of the recovery codes you saved when you turned two-step sign-in on.'
          : 'Enter the 6-digit code from your authenticator app'
      }
    >
      <FormAlert message={step.error} />
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <input type="hidden" name="challenge" value={step.challenge} />
        {recovery ? (
          <Field key="recovery" label="Recovery code" name="code" autoComplete="off" autoFocus required />
        ) : (
          <Field
            key="code"
            label="Code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            required
          />
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </Button>
        <button
          type="button"
          className="text-sm text-ink-soft underline underline-offset-4 hover:text-ink"
          onClick={() => setRecovery(!recovery)}
        >
          {recovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
        </button>
      </Form>
    </AuthLayout>
  );
}
