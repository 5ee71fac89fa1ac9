import { isStaffRole } from '../../contracts/accounts';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import {
  SESSION_EXPIRED_MESSAGE,
  SIGN_IN_CONFIRMATION_NOTE,
  SIGN_IN_FAILED,
} from '../../contracts/account-texts';
import { signIn } from '../../core/accounts/sign-in';
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

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { user, session } = await signIn(
      context.services.accounts,
      { email: formText(form, 'email'), password: formText(form, 'password') },
      context.client,
    );
    return redirect(landingFor(user.role, form.get('redirectTo')), {
      headers: { 'Set-Cookie': context.services.cookies.serialize(session) },
    });
  } catch (error) {
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
